// A ticket, in this example, is an order that ended in an error: something a support team follows up.
// Read through shared-client like every remote's data (a failed call rejects: the query's error).
import { queryOptions } from '@tanstack/react-query';
import { getOrders } from '@growth-admin/shared-client';

export const ticketQueries = {
  all: (page = 0) => queryOptions({ queryKey: ['example-tickets', 'all', page], queryFn: () => getOrders({ status: 'error', page, limit: 10 }) }),
  ofPerson: (personId: string) => queryOptions({ queryKey: ['example-tickets', 'person', personId], queryFn: () => getOrders({ status: 'error', personId, limit: 5 }) }),
};
