// A user's recent orders (User Details): this remote's own read of the orders routes, over
// shared-client's typed call. Its key is shared-client's `queryKeys.orders.recent`, under the orders
// namespace, so a refund made in the orders remote refreshes it.
import { call, type OrderKind, type OrdersList } from '@growth-admin/shared-client';

export const RECENT_ORDERS_LIMIT = 10;

/** A user's recent orders (or payments): personId, limit 10, page 0; rejects on failure like every call. */
export async function getUserRecentOrders(personId: string, kind: OrderKind = 'orders'): Promise<OrdersList> {
  const query = { personId, limit: RECENT_ORDERS_LIMIT, page: 0 };
  const data: OrdersList = kind === 'orders' ? await call('get', '/api/admin/orders/orderList', { query }) : await call('get', '/api/admin/orders/rechargeOrderList', { query });
  return { orders: data?.orders ?? [], total: data?.total ?? 0 };
}
