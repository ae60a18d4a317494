// Exposed as `tickets/Section`: the Tickets section (operators and owners, as remote.json says).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { Order, SectionProps } from '@growth-admin/shared-client';
import { ticketQueries } from './api/tickets';
import { formatDate, LoadError, PageHeader } from '@growth-admin/ui-kit';

export default function TicketsSection(_props: SectionProps) {
  const [page, setPage] = useState(0);
  const tickets = useQuery(ticketQueries.all(page));
  return (
    <div>
      <PageHeader title="Tickets" subtitle="Orders that ended in an error, to follow up" />
      {tickets.error ? (
        <LoadError title={`Error loading tickets: ${tickets.error.message}`} onRetry={() => void tickets.refetch()} retrying={tickets.isFetching} />
      ) : (
        <Table<Order>
          rowKey="_id"
          loading={tickets.isFetching}
          dataSource={tickets.data?.orders ?? []}
          locale={{ emptyText: tickets.isLoading ? 'Loading tickets...' : 'No open tickets' }}
          pagination={{ current: page + 1, pageSize: 10, total: tickets.data?.total ?? 0, onChange: (next) => setPage(next - 1), showSizeChanger: false }}
          columns={[
            { key: 'orderSn', title: 'Order Number', render: (_, order) => `#${order.orderSn}` },
            { key: 'customer', title: 'Customer', dataIndex: 'shoppingUser' },
            { key: 'error', title: 'Error', dataIndex: 'errorMessage' },
            { key: 'date', title: 'Order Date', render: (_, order) => formatDate(order.createdAt) },
          ]}
        />
      )}
    </div>
  );
}
