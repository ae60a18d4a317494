import { useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RemotesRegistry } from './RemotesRegistry';
import { CanaryFigures, CanaryVerdict, ReleaseFigures } from './CanaryJudgement';
import { MyOverrides } from './MyOverrides';
import { RemotePreviews } from './RemotePreviews';
import { servedFromOrigin } from './remoteForm';
import { hasRole, type Release, type RemoteReleases, type SectionProps, toApiError } from '@growth-admin/shared-client';
import { promoteRelease, queries, keys, rollbackRelease } from '../api';
import { formatDate, LoadError, StatusTag } from '@growth-admin/ui-kit';

const STATE_COLOURS: Record<Release['state'], string> = {
  active: '#10B981',
  canary: '#F59E0B',
  retired: '#6B7280',
  'rolled-back': '#DC2626',
};
const STATE_LABELS: Record<Release['state'], string> = {
  active: 'Active',
  canary: 'Canary',
  retired: 'Retired',
  'rolled-back': 'Rolled back',
};

function ReleaseState({ release }: { release: Release }) {
  const label =
    release.state === 'canary' ? `Canary ${release.canaryPercent}%` : STATE_LABELS[release.state];
  return <StatusTag colour={STATE_COLOURS[release.state]}>{label}</StatusTag>;
}

/**
 * One remote's releases, newest first: who released what, when, with which notes; its failures; on
 * expanding a release, its figures (a past canary's window against stable, or its own views).
 */
function ReleaseHistory({ remote, slots }: { remote: string; slots?: SectionProps['slots'] }) {
  const history = useQuery(queries.releaseHistory(remote));
  if (history.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={`Error loading the history of ${remote}: ${toApiError(history.error).message}`}
      />
    );
  return (
    <Table<Release>
      rowKey="id"
      size="small"
      loading={history.isFetching}
      dataSource={history.data ?? []}
      pagination={false}
      aria-label={`Release history of ${remote}`}
      locale={{ emptyText: history.isPending ? 'Loading the history...' : 'No releases yet' }}
      expandable={{
        expandedRowRender: (release) => <ReleaseFigures remote={remote} release={release} slots={slots} />,
        columnTitle: 'Figures',
      }}
      columns={[
        { title: 'Version', dataIndex: 'version' },
        { title: 'State', key: 'state', render: (_, r) => <ReleaseState release={r} /> },
        { title: 'Released by', dataIndex: 'createdBy' },
        { title: 'Released', dataIndex: 'createdAt', render: (at: string) => formatDate(at) },
        {
          title: 'Last change',
          key: 'changed',
          render: (_, r) => `${formatDate(r.changedAt)} by ${r.changedBy}`,
        },
        { title: 'Failures', dataIndex: 'failures' },
        { title: 'Notes', dataIndex: 'notes' },
      ]}
    />
  );
}

/** What a rollback of `row` does, said before it is confirmed. */
function rollbackEffect({ active, canary }: RemoteReleases): string {
  if (canary)
    return `The canary ${canary.version} goes; everyone gets ${active?.version ?? 'the active release'} on their next page load.`;
  return `${active?.version ?? 'The active release'} is replaced by the release active before it, on each administrator's next page load.`;
}

/**
 * Settings → Remotes: per remote the active release, the canary and its share, their failures, the
 * canary judge's verdict and why, and on expanding a row the canary against stable, the remote's
 * previews and the history. Owners promote and roll back, each behind a confirmation; every
 * administrator reads. Owners also add and decommission remotes and make and revoke their deploy
 * tokens (RemotesRegistry). If this very section is the broken remote, the release commands still
 * work (docs/releases.md).
 */
export function RemotesTab({ user, toast, slots }: SectionProps) {
  const registry = useQuery(queries.releases());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const owner = hasRole(user.role, 'owner');

  const act = async (remote: string, run: () => Promise<string>) => {
    setBusy(remote);
    try {
      toast.success(await run());
    } catch (err) {
      toast.error(toApiError(err).message);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: keys.releases() });
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card title="Releases">
        {registry.isError && (
          <LoadError
            title={`Error loading the releases: ${toApiError(registry.error).message}`}
            style={{ marginBottom: 16 }}
            onRetry={() => void registry.refetch()}
            retrying={registry.isFetching}
          />
        )}
        <Table<RemoteReleases>
          rowKey="remote"
          aria-label="Releases"
          loading={registry.isFetching}
          dataSource={registry.data ?? []}
          pagination={false}
          locale={{ emptyText: registry.isPending ? 'Loading the releases...' : 'No remotes' }}
          expandable={{
            expandedRowRender: (row) => (
              <Flex vertical gap={12}>
                {row.canary && <CanaryFigures remote={row.remote} slots={slots} />}
                <RemotePreviews remote={row.remote} owner={owner} toast={toast} />
                <ReleaseHistory remote={row.remote} slots={slots} />
              </Flex>
            ),
            columnTitle: 'History',
          }}
          columns={[
            { title: 'Remote', dataIndex: 'remote' },
            {
              title: 'Active',
              key: 'active',
              render: (_, { active }) =>
                active
                  ? `${active.version} (${active.createdBy}, ${formatDate(active.changedAt)})`
                  : 'None',
            },
            {
              title: 'Canary',
              key: 'canary',
              render: (_, { canary }) =>
                canary
                  ? `${canary.version} for ${canary.canaryPercent}% (${canary.createdBy})`
                  : 'None',
            },
            {
              title: 'Failures',
              key: 'failures',
              render: (_, { active, canary }) =>
                [active && `active ${active.failures}`, canary && `canary ${canary.failures}`]
                  .filter(Boolean)
                  .join(', '),
            },
            {
              title: 'Canary judge',
              key: 'judge',
              render: (_, { remote, canary }) => (canary ? <CanaryVerdict remote={remote} /> : ''),
            },
            ...(owner
              ? [
                  {
                    title: 'Actions',
                    key: 'actions',
                    render: (_: unknown, row: RemoteReleases) => (
                      <Flex gap={8}>
                        {row.canary && (
                          <Popconfirm
                            title={`Promote ${row.remote} ${row.canary.version}?`}
                            description="Everyone gets it on their next page load."
                            okText="Promote"
                            onConfirm={() =>
                              act(
                                row.remote,
                                async () =>
                                  `${row.remote} ${(await promoteRelease(row.remote)).version} is active for everyone`,
                              )
                            }
                          >
                            <Button size="small" disabled={busy === row.remote}>
                              Promote
                            </Button>
                          </Popconfirm>
                        )}
                        {row.canRollBack && (
                          <Popconfirm
                            title={`Roll back ${row.remote}?`}
                            description={rollbackEffect(row)}
                            okText="Roll back"
                            okButtonProps={{ danger: true }}
                            onConfirm={() =>
                              act(row.remote, async () => {
                                const { active, rolledBack } = await rollbackRelease(row.remote);
                                return `${row.remote} ${rolledBack.version} rolled back; ${active.version} is active`;
                              })
                            }
                          >
                            <Button
                              size="small"
                              danger
                              disabled={busy === row.remote || !row.active}
                            >
                              Roll back
                            </Button>
                          </Popconfirm>
                        )}
                      </Flex>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {owner && <RemotesRegistry toast={toast} suggestedOrigin={servedFromOrigin(registry.data)} />}
      <MyOverrides toast={toast} />
    </Flex>
  );
}
