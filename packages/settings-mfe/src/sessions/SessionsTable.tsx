import { Alert, Button, Table, Tag } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { type Session, toApiError } from '@growth-admin/shared-client';
import { formatDate } from '@growth-admin/ui-kit';

interface SessionsTableProps {
  /** The table's accessible name: the title of the card it is in. */
  label: string;
  sessions: UseQueryResult<Session[]>;
  /** Everyone's sessions (owners): a column says whose. */
  showUsername?: boolean;
  /** The session being ended, if any. */
  ending: string | null;
  onEnd: (session: Session) => void;
  emptyText: string;
}

/** Active sessions with browser, IP, start and last-seen; every one but this one can be ended. */
export function SessionsTable({ label, sessions, showUsername = false, ending, onEnd, emptyText }: SessionsTableProps) {
  return (
    <>
      {sessions.isError && <Alert type="error" showIcon title={`Error loading sessions: ${toApiError(sessions.error).message}`} style={{ marginBottom: 16 }} />}
      <Table<Session>
        aria-label={label}
        rowKey="id"
        loading={sessions.isFetching}
        dataSource={sessions.data ?? []}
        pagination={false}
        locale={{ emptyText: sessions.isPending ? 'Loading sessions...' : emptyText }}
        columns={[
          ...(showUsername ? [{ title: 'Administrator', dataIndex: 'username' }] : []),
          {
            title: 'Browser',
            key: 'browser',
            render: (_, s) => (
              <>
                {s.browser}
                {s.current && (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    This session
                  </Tag>
                )}
              </>
            ),
          },
          { title: 'IP', dataIndex: 'ip' },
          { title: 'Started', dataIndex: 'startedAt', render: (at: string) => formatDate(at) },
          { title: 'Last seen', dataIndex: 'lastSeenAt', render: (at: string) => formatDate(at) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, s) =>
              s.current ? null : (
                <Button size="small" danger loading={ending === s.id} disabled={ending !== null} onClick={() => onEnd(s)} aria-label={`End session: ${s.username} in ${s.browser} from ${s.ip}`}>
                  End session
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
