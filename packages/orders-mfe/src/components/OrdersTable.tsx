import { useMemo } from 'react';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import type { Order } from '@growth-admin/shared-client';
import type { KindText } from '../lib/kindText';
import { DEFAULT_ORDER_SORT, ORDER_SORT_FIELDS, type OrderSortField } from '../lib/listCriteria';
import { orderHeading, paymentText } from '../lib/orderDisplay';
import { OrderPicture } from './OrderPicture';
import { StatusBadge } from './StatusBadge';
import { columnSortOrder, type ListSort, sortFromTable } from '@growth-admin/ui-kit';

interface OrdersTableProps {
  orders: Order[];
  text: KindText;
  loading: boolean;
  /** The order the rows come in (null: the default, newest first), shown on its column header. */
  sort: ListSort<OrderSortField> | null;
  onSort: (sort: ListSort<OrderSortField> | null) => void;
  onOpen: (order: Order) => void;
}

/**
 * The server sorts (the list is paged): the headers only show and change the order. Highest first
 * on the first click; after ascending, the default again (newest first).
 */
const sortable = (field: OrderSortField, sort: ListSort<OrderSortField> | null, tooltip: string) => ({
  sorter: true,
  sortDirections: ['descend' as const, 'ascend' as const],
  sortOrder: columnSortOrder(sort ?? DEFAULT_ORDER_SORT, field),
  showSorterTooltip: { title: tooltip },
});

function columns(text: KindText, sort: ListSort<OrderSortField> | null, onOpen: (order: Order) => void): TableColumnsType<Order> {
  return [
    {
      title: 'Order Details',
      // The row's order date is in its details; the column sorts by it (the default order, newest first).
      key: 'createdAt',
      ...sortable('createdAt', sort, 'Sort by date created'),
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
    { title: 'Payment', key: 'paymentMoney', ...sortable('paymentMoney', sort, 'Sort by amount'), render: (_: unknown, order) => paymentText(order) },
    { title: 'Status', key: 'status', render: (_: unknown, order) => <StatusBadge order={order} /> },
    { title: 'Platform', dataIndex: 'platform', key: 'platform' },
  ];
}

export function OrdersTable({ orders, text, loading, sort, onSort, onOpen }: OrdersTableProps) {
  // Stable columns let antd skip re-laying out every row when only `loading` changes.
  const tableColumns = useMemo(() => columns(text, sort, onOpen), [text, sort, onOpen]);
  return (
    <Table<Order>
      rowKey="_id"
      columns={tableColumns}
      dataSource={orders}
      loading={loading}
      pagination={false}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') onSort(sortFromTable(sorter, ORDER_SORT_FIELDS));
      }}
      locale={{ emptyText: loading ? ' ' : text.emptyText }}
      onRow={(order) => ({ onClick: () => onOpen(order), style: { cursor: 'pointer' } })}
      scroll={{ x: 'max-content' }}
    />
  );
}
