import { useMemo } from 'react';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import type { Order } from '@growth-admin/shared-client';
import type { KindText } from '../lib/kindText';
import { orderHeading, paymentText } from '../lib/orderDisplay';
import { OrderPicture } from './OrderPicture';
import { StatusBadge } from './StatusBadge';

interface OrdersTableProps {
  orders: Order[];
  text: KindText;
  loading: boolean;
  onOpen: (order: Order) => void;
}

function columns(text: KindText, onOpen: (order: Order) => void): TableColumnsType<Order> {
  return [
    {
      title: 'Order Details',
      key: 'details',
      render: (_: unknown, order) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <OrderPicture url={order.shoppingPic} name={order.shoppingUser} />
          <div style={{ minWidth: 0 }}>
            {/* A real button so the details open from the keyboard too. */}
            <Button
              color="primary"
              variant="link"
              style={{ padding: 0, height: 'auto', fontWeight: 600 }}
              onClick={(event) => {
                event.stopPropagation();
                onOpen(order);
              }}
            >
              {orderHeading(text.numberPrefix, order)}
            </Button>
            <div>
              <Typography.Text type="secondary">{order.shoppingUser}</Typography.Text>
            </div>
          </div>
        </div>
      ),
    },
    { title: 'Type', key: 'type', render: (_: unknown, order) => text.typeLabel(order) },
    { title: 'Count', dataIndex: 'count', key: 'count' },
    { title: 'Payment', key: 'payment', render: (_: unknown, order) => paymentText(order) },
    { title: 'Status', key: 'status', render: (_: unknown, order) => <StatusBadge order={order} /> },
    { title: 'Platform', dataIndex: 'platform', key: 'platform' },
  ];
}

export function OrdersTable({ orders, text, loading, onOpen }: OrdersTableProps) {
  // Stable columns let antd skip re-laying out every row when only `loading` changes.
  const tableColumns = useMemo(() => columns(text, onOpen), [text, onOpen]);
  return (
    <Table<Order>
      rowKey="_id"
      columns={tableColumns}
      dataSource={orders}
      loading={loading}
      pagination={false}
      locale={{ emptyText: loading ? ' ' : text.emptyText }}
      onRow={(order) => ({ onClick: () => onOpen(order), style: { cursor: 'pointer' } })}
      scroll={{ x: 'max-content' }}
    />
  );
}
