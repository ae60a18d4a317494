import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOrdersOf, queryKeys, type OrderKind, type ToastApi } from '@growth-admin/shared-client';
import { loadErrorMessage } from '../lib/kindText';
import { toOrdersParams, type ListCriteria } from '../lib/listCriteria';

/**
 * One page of orders or payments. getOrdersOf never throws: a failure comes back as an empty
 * list with `error` (spec 8), which is toasted once per failed fetch, not on every render.
 */
export function useOrdersList(kind: OrderKind, criteria: ListCriteria, toast: ToastApi) {
  const params = toOrdersParams(criteria);
  const query = useQuery({
    queryKey: queryKeys.orders.list(kind, params),
    queryFn: () => getOrdersOf(kind, params),
    // Keep the last page on screen while the next one loads, so the table does not blink empty.
    placeholderData: keepPreviousData,
  });

  const { data, dataUpdatedAt, isPlaceholderData } = query;
  // Starts at the cached result's time, so coming back to a section does not repeat an old failure.
  const lastReported = useRef(dataUpdatedAt);
  const error = isPlaceholderData ? undefined : data?.error;
  useEffect(() => {
    if (!error || dataUpdatedAt === lastReported.current) return;
    lastReported.current = dataUpdatedAt;
    toast.error(loadErrorMessage(kind, error.message));
  }, [error, dataUpdatedAt, kind, toast]);

  return {
    orders: data?.orders ?? [],
    total: data?.total ?? 0,
    error,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
