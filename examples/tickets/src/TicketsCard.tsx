// Exposed as `tickets/TicketsCard`: a card beside the dashboard's stat cards (slot dashboard.cards).
import { useQuery } from '@tanstack/react-query';
import { Card, Spin, Typography } from 'antd';
import type { SlotContributionProps } from '@growth-admin/shared-client';
import { ticketQueries } from './tickets';

/** A build made to crash (TICKETS_CARD_CRASHES=1, see webpack.build.mjs): the slot's fallback shows instead. */
declare const __TICKETS_CARD_CRASHES__: boolean;

export default function TicketsCard(_props: SlotContributionProps<'dashboard.cards'>) {
  const tickets = useQuery(ticketQueries.all());
  if (__TICKETS_CARD_CRASHES__) throw new Error('This build of the tickets card crashes on purpose');
  return (
    <Card title="Open Tickets" size="small">
      {tickets.isPending ? (
        <Spin size="small" />
      ) : tickets.error ? (
        <Typography.Text type="danger">{`Error loading tickets: ${tickets.error.message}`}</Typography.Text>
      ) : (
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="open-tickets">
          {tickets.data.total}
        </Typography.Title>
      )}
    </Card>
  );
}
