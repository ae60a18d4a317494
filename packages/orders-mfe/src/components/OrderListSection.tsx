import { useCallback, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { ORDERS_PAGE_SIZE, type Order, type OrderKind, PageHeader, Pager, pagingFigures, type SectionProps } from '@growth-admin/shared-client';
import { useOrdersList } from '../hooks/useOrdersList';
import { useRefundOrder } from '../hooks/useRefundOrder';
import { KIND_TEXT } from '../lib/kindText';
import { INITIAL_CRITERIA, type ListCriteria } from '../lib/listCriteria';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderFilters } from './OrderFilters';
import { OrdersTable } from './OrdersTable';

export interface OrderListSectionProps extends SectionProps {
  kind: OrderKind;
}

/** The Orders and the Payments screens (spec 2): search, status filter, table, paging, details. */
export function OrderListSection({ kind, toast }: OrderListSectionProps) {
  const text = KIND_TEXT[kind];
  const [criteria, setCriteria] = useState<ListCriteria>(INITIAL_CRITERIA);
  const [selected, setSelected] = useState<Order | null>(null);
  const list = useOrdersList(kind, criteria, toast);

  const showRefunded = useCallback(
    (order: Order) => setSelected((current) => (current && current._id === order._id ? order : current)),
    [],
  );
  const { refund, pendingOrderId } = useRefundOrder({ toast, onRefunded: showRefunded });

  const figures = pagingFigures(criteria.page, ORDERS_PAGE_SIZE, list.total);

  // The total can shrink under us (a refund leaves a filtered list): step back to the last real page.
  const pastTheEnd = !list.isFetching && list.total > 0 && criteria.page > figures.pageCount;
  // (Adjusting state while rendering, as React recommends over an effect: no frame of the bad page.)
  if (pastTheEnd) setCriteria((c) => ({ ...c, page: figures.pageCount }));

  return (
    <div>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <OrderFilters
            label={`Search ${text.noun}`}
            searchOptions={text.searchOptions}
            initialField={criteria.searchField}
            initialText={criteria.searchText}
            status={criteria.status}
            onSearch={(searchField, searchText) =>
              setCriteria((c) => ({ ...c, searchField, searchText, page: 1 }))
            }
            onStatusChange={(status) => setCriteria((c) => ({ ...c, status, page: 1 }))}
          />
          {list.error && (
            <Alert
              type="error"
              showIcon
              title={`The ${text.noun} could not be loaded.`}
              description={list.error.message}
              action={
                <Button size="small" onClick={() => void list.refetch()} loading={list.isFetching}>
                  Retry
                </Button>
              }
            />
          )}
          <OrdersTable orders={list.orders} text={text} loading={list.isFetching} onOpen={setSelected} />
          {/* Always shown, as on every list: an empty result reads 'Showing 0 to 0 of 0 orders', 'Page 1 of 1'. */}
          <Pager
            figures={figures}
            noun={text.noun}
            disabled={list.isFetching}
            onPageChange={(page) => setCriteria((c) => ({ ...c, page }))}
          />
        </Space>
      </Card>
      <OrderDetailsDialog
        order={selected}
        text={text}
        refundPending={selected !== null && pendingOrderId === selected._id}
        onRefund={refund}
        onClose={() => setSelected(null)}
      />
    </div>
  );
}
