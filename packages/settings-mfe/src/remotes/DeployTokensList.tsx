import { useState } from 'react';
import { Button, Card, Popconfirm, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DeployTokenRecord, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { queries, keys, revokeDeployToken } from '../api';
import { formatDate, LoadError } from '@growth-admin/ui-kit';

/** When a token stops working: never, its date, or its date with "(expired)". */
function expiry(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return 'Never';
  return Date.parse(expiresAt) <= now
    ? `${formatDate(expiresAt)} (expired)`
    : formatDate(expiresAt);
}

/** Every deploy token, never the token itself; owners make one or revoke one behind a confirmation. */
export function DeployTokensList({
  toast,
  canCreate,
  onCreate,
}: {
  toast: ToastApi;
  canCreate: boolean;
  onCreate(): void;
}) {
  const tokens = useQuery(queries.deployTokens());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const revoke = async (name: string) => {
    setBusy(name);
    try {
      await revokeDeployToken(name);
      toast.success(`Deploy token ${name} revoked`);
    } catch (err) {
      toast.error(toApiError(err).message);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: keys.deployTokens() });
    }
  };

  return (
    <Card
      title="Deploy tokens"
      extra={
        <Button
          onClick={onCreate}
          disabled={!canCreate}
          title={canCreate ? undefined : 'Add a remote first: a token is scoped to a live remote'}
        >
          New token
        </Button>
      }
    >
      {tokens.isError && (
        <LoadError
          title={`Error loading the deploy tokens: ${toApiError(tokens.error).message}`}
          style={{ marginBottom: 16 }}
          onRetry={() => void tokens.refetch()}
          retrying={tokens.isFetching}
        />
      )}
      <Table<DeployTokenRecord>
        rowKey="name"
        aria-label="Deploy tokens"
        loading={tokens.isFetching}
        dataSource={tokens.data ?? []}
        pagination={false}
        locale={{
          emptyText: tokens.isPending
            ? 'Loading the deploy tokens...'
            : tokens.isError
              ? 'Not loaded'
              : 'No deploy tokens yet',
        }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          {
            title: 'Remote',
            dataIndex: 'remote',
            render: (remote: string | null) => remote ?? 'every remote',
          },
          {
            title: 'Created',
            key: 'created',
            render: (_, t) => `${formatDate(t.createdAt)} by ${t.createdBy}`,
          },
          { title: 'Expires', dataIndex: 'expiresAt', render: (at: string | null) => expiry(at) },
          {
            title: 'Last used',
            dataIndex: 'lastUsedAt',
            render: (at: string | null) => (at ? formatDate(at) : 'Never'),
          },
          {
            title: 'Revoked',
            dataIndex: 'revokedAt',
            render: (at: string | null) => (at ? formatDate(at) : 'No'),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, t) =>
              !t.revokedAt && (
                <Popconfirm
                  title={`Revoke ${t.name}?`}
                  description={`It stops working at once${t.remote ? ` for ${t.remote}` : ''}; it stays listed.`}
                  okText="Revoke"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke(t.name)}
                >
                  <Button
                    size="small"
                    danger
                    disabled={busy === t.name}
                    aria-label={`Revoke ${t.name}`}
                  >
                    Revoke
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
