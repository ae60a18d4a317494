// The signed-in administrator's development overrides (docs/screens.md, Settings → Remotes): which
// remote each of their sessions loads from a development build, where from, since when; this
// session's can be ended here (another session ends its own, or by signing out). Shown only while
// they have any.
import { useState } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiError, type MyOverride, type ToastApi } from '@growth-admin/shared-client';
import { formatDate, LoadError } from '@growth-admin/ui-kit';
import { endOverride, keys, queries } from '../api';

export function MyOverrides({ toast }: { toast: ToastApi }) {
  const overrides = useQuery(queries.myOverrides());
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (remote: string) => {
    setEnding(remote);
    try {
      await endOverride(remote);
      toast.success(`The ${remote} override ended: the released ${remote} loads on the next page load`);
    } catch (err) {
      toast.error(`Could not end the ${remote} override: ${toApiError(err).message}`);
    } finally {
      setEnding(null);
      await queryClient.invalidateQueries({ queryKey: keys.myOverrides() });
    }
  };

  // Shown while the administrator has any (where overrides are off, as in production, never).
  if (overrides.isSuccess && overrides.data.length === 0) return null;
  return (
    <Card title="Your development overrides">
      <Typography.Paragraph type="secondary">
        Remotes your sessions load from a development build (not integrity-checked), set with a
        developer's override link. Other administrators never get them.
      </Typography.Paragraph>
      {overrides.isError && (
        <LoadError
          title={`Error loading your overrides: ${toApiError(overrides.error).message}`}
          retrying={overrides.isFetching}
          onRetry={() => void overrides.refetch()}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<MyOverride>
        rowKey={(o) => `${o.remote} ${o.setAt}`}
        size="small"
        aria-label="Your development overrides"
        loading={overrides.isFetching}
        dataSource={overrides.data ?? []}
        pagination={false}
        locale={{ emptyText: overrides.isPending ? 'Loading your overrides...' : 'None' }}
        columns={[
          { title: 'Remote', dataIndex: 'remote' },
          { title: 'Loaded from', dataIndex: 'manifestUrl' },
          { title: 'Since', key: 'setAt', render: (_, o) => formatDate(o.setAt) },
          { title: 'Session', key: 'session', render: (_, o) => (o.thisSession ? 'This session' : 'Another session') },
          {
            title: 'Action',
            key: 'action',
            render: (_, o) =>
              o.thisSession ? (
                <Button size="small" loading={ending === o.remote} onClick={() => void end(o.remote)} aria-label={`End the ${o.remote} override`}>
                  End
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
