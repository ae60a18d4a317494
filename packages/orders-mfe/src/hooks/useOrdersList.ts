import { useQuery } from '@tanstack/react-query';
import { type OrderKind, queries, type ToastApi, useFailureToast } from '@growth-admin/shared-client';
import { loadErrorMessage } from '../lib/kindText';
import { toOrdersParams, type ListCriteria } from '../lib/listCriteria';

/**
 * One page of orders or payments. getOrdersOf never throws: a failure comes back as an empty
 * list with `error` (spec 8), toasted once per failed fetch.
 */
export function useOrdersList(kind: OrderKind, criteria: ListCriteria, toast: ToastApi) {
  const query = useQuery(queries.orders(kind, toOrdersParams(criteria)));
  const { data, dataUpdatedAt, isPlaceholderData } = query;
  const error = isPlaceholderData ? undefined : data?.error;
  useFailureToast(error ? loadErrorMessage(kind, error.message) : null, dataUpdatedAt, toast);

  return {
    orders: data?.orders ?? [],
    total: data?.total ?? 0,
    error,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
