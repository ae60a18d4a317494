import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasRole, type Session, type SectionProps, toApiError } from '@growth-admin/shared-client';
import { SessionsTable } from './SessionsTable';
import { endMyOtherSessions, endSession, queries, keys } from '../api';

/**
 * My active sessions (end one, or all but this one) and, for owners, every administrator's (end
 * anyone's). An ended session's next call lands on the sign-in screen.
 */
export function SessionsTab({ user, toast }: SectionProps) {
  const isOwner = hasRole(user.role, 'owner');
  const mine = useQuery(queries.sessions('mine'));
  const everyone = useQuery({ ...queries.sessions('all'), enabled: isOwner });
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);
  const others = (mine.data ?? []).filter((s) => !s.current).length;

  const run = async (id: string, action: () => Promise<{ ended: number }>, done: (ended: number) => string) => {
    setEnding(id);
    try {
      toast.success(done((await action()).ended));
    } catch (err) {
      toast.error(`Failed to end the session: ${toApiError(err).message}`);
    } finally {
      setEnding(null);
      await Promise.all(['mine' as const, 'all' as const].map((scope) => queryClient.invalidateQueries({ queryKey: keys.sessions(scope) })));
    }
  };
  const endOne = (anyone: boolean) => (s: Session) => void run(s.id, () => endSession(s.id, anyone), () => `Session of ${s.username} in ${s.browser} ended`);

  return (
    <Flex vertical gap={16}>
      <Card
        title="My sessions"
        extra={
          <Popconfirm
            title="End all your other sessions?"
            description="Every other browser signed in as you is signed out at its next step."
            okText="End them"
            okButtonProps={{ danger: true }}
            onConfirm={() => run('others', endMyOtherSessions, (n) => `${n} other session(s) ended`)}
          >
            <Button danger disabled={others === 0 || ending !== null} loading={ending === 'others'}>
              End all other sessions
            </Button>
          </Popconfirm>
        }
      >
        <SessionsTable label="My sessions" sessions={mine} ending={ending} onEnd={endOne(false)} emptyText="No active sessions" />
      </Card>
      {isOwner && (
        <Card title="Every administrator's sessions">
          <Typography.Paragraph type="secondary">As an owner you can end anyone's session: it is signed out at its next step.</Typography.Paragraph>
          <SessionsTable label="Every administrator's sessions" sessions={everyone} showUsername ending={ending} onEnd={endOne(true)} emptyText="No active sessions" />
        </Card>
      )}
    </Flex>
  );
}
