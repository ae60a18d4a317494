// A ticket, in this example, is an order that ended in an error: something a support team follows up.
// This remote's own call, over shared-client's typed, signed `call` (a failed call rejects: the
// query's error), with its query options beside it.
import { queryOptions } from '@tanstack/react-query';
import { call, type OrdersList } from '@growth-admin/shared-client';

/** Orders that ended in an error, newest first: a page of them, or a person's. */
export async function getTickets(query: { page?: number; limit: number; personId?: string }): Promise<OrdersList> {
  const data: OrdersList = await call('get', '/api/admin/orders/orderList', { query: { page: 0, ...query, status: 'error' } });
  return { orders: data?.orders ?? [], total: data?.total ?? 0 };
}

export const ticketQueries = {
  all: (page = 0) => queryOptions({ queryKey: ['example-tickets', 'all', page], queryFn: () => getTickets({ page, limit: 10 }) }),
  ofPerson: (personId: string) => queryOptions({ queryKey: ['example-tickets', 'person', personId], queryFn: () => getTickets({ personId, limit: 5 }) }),
};
