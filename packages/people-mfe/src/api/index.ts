// The people remote's own API calls, with their React Query options beside them (docs/architecture.md:
// each remote owns its calls; shared-client gives the typed, signed `call` they go through and the
// query keys other packages must agree on).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@growth-admin/shared-client';
import { findPersonById, getPersons, personKeys, type PersonsListParams } from './persons';
import { getUserRecentOrders } from './recentOrders';

export * from './persons';
export * from './recentOrders';

export const queries = {
  /** A page of users; the current rows stay on screen while the next page loads. */
  persons: (params: PersonsListParams) =>
    queryOptions({ queryKey: personKeys.list(params), queryFn: () => getPersons(params), placeholderData: keepPreviousData }),
  /** Spec 5's lookup by the ID the screens show: any failure is "no such user". */
  personById: (customId: string) => queryOptions({ queryKey: personKeys.query(customId), queryFn: () => findPersonById(customId) }),
  recentOrders: (personId: string) => queryOptions({ queryKey: queryKeys.orders.recent(personId), queryFn: () => getUserRecentOrders(personId) }),
};
