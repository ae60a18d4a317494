import { useState } from 'react';
import { Button, Card, Popconfirm, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RemoteRecord, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { decommissionRemote, queries, keys } from '../api';
import { formatDate, LoadError, StatusTag } from '@growth-admin/ui-kit';

export const DECOMMISSION_EFFECT =
  'Its sections and slot contributions disappear for everyone on their next page load, and its deploy tokens are revoked. Its releases stay in the history.';

/** The registry's remotes, live and decommissioned; owners decommission one behind a confirmation. */
export function RemotesList({ toast, onAdd }: { toast: ToastApi; onAdd(): void }) {
  const remotes = useQuery(queries.remotes());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const decommission = async (name: string) => {
    setBusy(name);
    try {
      await decommissionRemote(name);
      toast.success(`${name} decommissioned`);
    } catch (err) {
      toast.error(toApiError(err).message);
    } finally {
      setBusy(null);
      // Its tokens are revoked and its releases change too.
      await Promise.all(
        [keys.remotes(), keys.deployTokens(), keys.releases()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    }
  };

  return (
    <Card
      title="Remotes"
      extra={
        <Button type="primary" onClick={onAdd}>
          Add remote
        </Button>
      }
    >
      {remotes.isError && (
        <LoadError
          title={`Error loading the remotes: ${toApiError(remotes.error).message}`}
          style={{ marginBottom: 16 }}
          onRetry={() => void remotes.refetch()}
          retrying={remotes.isFetching}
        />
      )}
      <Table<RemoteRecord>
        rowKey="name"
        aria-label="Remotes"
        loading={remotes.isFetching}
        dataSource={remotes.data ?? []}
        pagination={false}
        locale={{
          emptyText: remotes.isPending
            ? 'Loading the remotes...'
            : remotes.isError
              ? 'Not loaded'
              : 'No remotes yet',
        }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Team', dataIndex: 'team' },
          { title: 'Origin', dataIndex: 'origin' },
          {
            title: 'Created',
            key: 'created',
            render: (_, r) => `${formatDate(r.createdAt)} by ${r.createdBy}`,
          },
          {
            title: 'State',
            key: 'state',
            render: (_, r) =>
              r.decommissionedAt ? (
                <StatusTag colour="#6B7280">{`Decommissioned ${formatDate(r.decommissionedAt)}${r.decommissionedBy ? ` by ${r.decommissionedBy}` : ''}`}</StatusTag>
              ) : (
                <StatusTag colour="#10B981">Live</StatusTag>
              ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, r) =>
              !r.decommissionedAt && (
                <Popconfirm
                  title={`Decommission ${r.name}?`}
                  description={DECOMMISSION_EFFECT}
                  okText="Decommission"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => decommission(r.name)}
                >
                  <Button
                    size="small"
                    danger
                    disabled={busy === r.name}
                    aria-label={`Decommission ${r.name}`}
                  >
                    Decommission
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
