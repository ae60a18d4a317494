import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import { canChange, type Order, type OrderKind, queryKeys, type SectionProps } from '@growth-admin/shared-client';
import { useOrderDetails } from '../hooks/useOrderDetails';
import { useOrdersList } from '../hooks/useOrdersList';
import { useRefundOrder } from '../hooks/useRefundOrder';
import { KIND_TEXT } from '../lib/kindText';
import { CRITERIA_URL, DEFAULT_ORDER_SORT, toOrderFilters } from '../lib/listCriteria';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderFilters } from './OrderFilters';
import { OrdersTable } from './OrdersTable';
import { ORDERS_PAGE_SIZE } from '../api/orders';
import { ExportCsvButton, FilterChips, formatSort, LoadError, orderTypeLabel, PageHeader, Pager, pagingFigures, useListUrl } from '@growth-admin/ui-kit';

export interface OrderListSectionProps extends SectionProps {
  kind: OrderKind;
}

/**
 * The Orders and the Payments screens (spec 2): search, status filter, table, paging, details. The
 * search, filter and page live in the URL's query, an open order in its path (`/orders/<orderSn>`),
 * so reload, back/forward and a pasted link show the same (the section id is also its path).
 */
export function OrderListSection({ kind, toast, user, slots }: OrderListSectionProps) {
  const text = KIND_TEXT[kind];
  const url = useListUrl(kind, CRITERIA_URL);
  const { state: criteria, setState: setCriteria, openDetail, closeDetail } = url;
  // The order as last seen (the clicked row, or its refunded self) while its details are open.
  const [opened, setOpened] = useState<Order | null>(null);
  const list = useOrdersList(kind, criteria, toast);
  const selected = useOrderDetails({
    kind,
    orderSn: url.detail,
    opened,
    rows: list.orders,
    text,
    toast,
    onMissing: closeDetail,
  });

  // Another team's action changed the order (`order.details.actions`): read it, and every list, again.
  const queryClient = useQueryClient();
  const refreshOrder = useCallback(() => {
    setOpened(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  }, [queryClient]);
  const showRefunded = useCallback(
    (order: Order) =>
      setOpened((current) => (current && current._id === order._id ? order : current)),
    [],
  );
  const openOrder = useCallback(
    (order: Order) => {
      setOpened(order);
      openDetail(order.orderSn);
    },
    [openDetail],
  );
  const { refund, pendingOrderId } = useRefundOrder({ toast, onRefunded: showRefunded });

  const figures = pagingFigures(criteria.page, ORDERS_PAGE_SIZE, list.total);

  // The total can shrink under us (a refund leaves a filtered list): step back to the last real page.
  const pastTheEnd = !list.isFetching && list.total > 0 && criteria.page > figures.pageCount;
  // (Adjusting state while rendering, as React recommends over an effect: no frame of the bad page.)
  if (pastTheEnd) setCriteria((c) => ({ ...c, page: figures.pageCount }), 'replace');

  return (
    <div>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <ExportCsvButton
            path={
              kind === 'orders'
                ? '/api/admin/orders/exportOrders'
                : '/api/admin/orders/exportPayments'
            }
            query={() => toOrderFilters(criteria)}
            noun={text.noun}
            toast={toast}
          />
        }
      />
      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <OrderFilters
            key={url.generation /* back/forward: the inputs show the search of that entry */}
            label={`Search ${text.noun}`}
            searchOptions={text.searchOptions}
            initialField={criteria.searchField}
            initialText={criteria.searchText}
            status={criteria.status}
            range={criteria.range}
            onSearch={(searchField, searchText) =>
              setCriteria((c) => ({ ...c, searchField, searchText, page: 1 }))
            }
            onStatusChange={(status) => setCriteria((c) => ({ ...c, status, page: 1 }))}
            onRangeChange={(range) => setCriteria((c) => ({ ...c, range, page: 1 }))}
          />
          {/* The dashboard's drill-down narrows by product type, which has no control of its own. */}
          <FilterChips
            chips={
              criteria.productType
                ? [
                    {
                      label: `Type: ${kind === 'orders' ? orderTypeLabel(criteria.productType) : criteria.productType}`,
                      onRemove: () => setCriteria((c) => ({ ...c, productType: '', page: 1 })),
                    },
                  ]
                : []
            }
          />
          {list.error && (
            <LoadError
              title={`The ${text.noun} could not be loaded.`}
              description={list.error.message}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          )}
          <OrdersTable
            orders={list.orders}
            text={text}
            loading={list.isFetching}
            sort={criteria.sort}
            // Back to the default order leaves `sort` out of the URL.
            onSort={(sort) =>
              setCriteria((c) => ({
                ...c,
                sort: sort && formatSort(sort) !== formatSort(DEFAULT_ORDER_SORT) ? sort : null,
                page: 1,
              }))
            }
            onOpen={openOrder}
          />
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
        onRefund={canChange(user) ? refund : undefined}
        slots={slots}
        onRefresh={refreshOrder}
        onClose={() => {
          setOpened(null);
          closeDetail();
        }}
      />
    </div>
  );
}
