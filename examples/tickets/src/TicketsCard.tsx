// Exposed as `tickets/TicketsCard`: a card beside the dashboard's stat cards (slot dashboard.cards).
import { useQuery } from '@tanstack/react-query';
import { Card, Spin, Typography } from 'antd';
import type { SlotContributionProps } from '@growth-admin/shared-client';
import { ticketQueries } from './api/tickets';

export default function TicketsCard(_props: SlotContributionProps<'dashboard.cards'>) {
  const tickets = useQuery(ticketQueries.all());
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
