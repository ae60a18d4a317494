// Exposed as `tickets/UserTicketsTab`: a tab in User Details (slot user.details.tabs), given the person.
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import type { SlotContributionProps } from '@growth-admin/shared-client';
import { ticketQueries } from './api/tickets';

export default function UserTicketsTab({ person }: SlotContributionProps<'user.details.tabs'>) {
  const tickets = useQuery(ticketQueries.ofPerson(person._id));
  if (tickets.isPending) return <Spin size="small" />;
  if (tickets.error) return <Alert type="error" showIcon title={`Error loading tickets: ${tickets.error.message}`} />;
  return (
    <section aria-label="This user's tickets">
      <Typography.Text strong>{`Open tickets: ${tickets.data.total}`}</Typography.Text>
      {tickets.data.orders.length ? (
        <ul>
          {tickets.data.orders.map((order) => (
            <li key={order._id}>{`#${order.orderSn}: ${order.errorMessage || 'error'}`}</li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">No open tickets for this user</Typography.Paragraph>
      )}
    </section>
  );
}
