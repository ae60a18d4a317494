// The orders remote's calls (Orders and Payments, Order Details, refund), over shared-client's typed
// call, with their React Query keys and options beside them: under shared-client's
// `queryKeys.orders.all`, the namespace a refund refreshes (the people remote's recent orders too).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  call,
  queryKeys,
  type Order,
  type OrderKind,
  type OrderSort,
  type OrdersList,
  type OrderStatusFilter,
} from '@growth-admin/shared-client';

export const ORDERS_PAGE_SIZE = 20;

/** What the orders and payments lists search by. */
export type OrderSearchField = 'shoppingUser' | 'personId' | 'orderSn';

export interface OrdersParams {
  /** Zero-based (the UI page minus 1). */
  page?: number;
  limit?: number;
  shoppingUser?: string;
  personId?: string;
  orderSn?: string;
  status?: OrderStatusFilter;
  /** Exact product type (heart, watch, ...). */
  productType?: string;
  /** Created at or after (ISO instant, inclusive). */
  createdFrom?: string;
  /** Created before (ISO instant, exclusive). */
  createdTo?: string;
  /** Newest first without one. */
  sort?: OrderSort;
}

const ORDER_PATHS = {
  orders: '/api/admin/orders/orderList',
  payments: '/api/admin/orders/rechargeOrderList',
} as const satisfies Record<OrderKind, string>;

/**
 * Lists orders or payments. A failed fetch throws, as every call does: React Query then retries it
 * and the list shows its error state; the list then shows spec 8's empty list with total 0
 * (useOrdersList).
 */
export async function getOrdersOf(kind: OrderKind, { page = 0, limit = ORDERS_PAGE_SIZE, ...filters }: OrdersParams = {}): Promise<OrdersList> {
  const data: OrdersList = await call('get', ORDER_PATHS[kind], { query: { page, limit, ...filters } });
  return { orders: data?.orders ?? [], total: data?.total ?? 0 };
}

/**
 * Builds the search part of an orders query from the chosen search type and text. An order number
 * may be pasted as the screens show it ('#100000029998'): the '#' is not part of it.
 */
export function orderSearchParams(field: OrderSearchField, text: string): Partial<OrdersParams> {
  const trimmed = text.trim();
  const value = field === 'orderSn' ? trimmed.replace(/^#\s*/, '') : trimmed;
  return value ? { [field]: value } : {};
}

/** POST /orders/refundOrder; pass one key per user action (createActionKeys). */
export function refundOrder(orderId: string, idempotencyKey?: string): Promise<Order> {
  return call('post', '/api/admin/orders/refundOrder', { body: { orderId }, idempotencyKey });
}

export const orderKeys = {
  /** Every orders and payments query (this remote's lists, the people remote's recent orders). */
  all: queryKeys.orders.all,
  list: (kind: OrderKind, params: OrdersParams) => [...queryKeys.orders.all, kind, 'list', params] as const,
  /** One order or payment by its number (details opened by URL). */
  bySn: (kind: OrderKind, orderSn: string) => [...queryKeys.orders.all, kind, 'sn', orderSn] as const,
};

export const queries = {
  /** A page of orders or payments; a failed load is an error (retried, then the list's error state). */
  orders: (kind: OrderKind, params: OrdersParams) =>
    queryOptions({ queryKey: orderKeys.list(kind, params), queryFn: () => getOrdersOf(kind, params), placeholderData: keepPreviousData }),
  /** One order or payment by its number, or null when there is none; a failed load is an error. */
  orderBySn: (kind: OrderKind, orderSn: string) =>
    queryOptions({
      queryKey: orderKeys.bySn(kind, orderSn),
      queryFn: async () => {
        const result = await getOrdersOf(kind, { page: 0, limit: 1, orderSn });
        return result.orders[0] ?? null;
      },
    }),
};
