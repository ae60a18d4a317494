import { useQuery } from '@tanstack/react-query';
import { type OrderKind, type OrdersList, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { loadErrorMessage } from '../lib/kindText';
import { toOrdersParams, type ListCriteria } from '../lib/listCriteria';
import { queries } from '../api/orders';
import { useFailureToast } from '@growth-admin/ui-kit';

/** What the list shows when its load failed (spec 8: "the list comes back empty with total 0"). */
export const ORDERS_ON_FAILURE: Readonly<OrdersList> = Object.freeze({ orders: [], total: 0 });

/**
 * One page of orders or payments. A failed load is the query's error: React Query retries it (the
 * shell's one retry), then the list shows ORDERS_ON_FAILURE with the error, toasted once per failure.
 * The previous page stays on screen only while the next one loads.
 */
export function useOrdersList(kind: OrderKind, criteria: ListCriteria, toast: ToastApi) {
  const query = useQuery(queries.orders(kind, toOrdersParams(criteria)));
  const error = query.isError ? toApiError(query.error) : undefined;
  useFailureToast(error ? loadErrorMessage(kind, error.message) : null, query.errorUpdatedAt, toast);
  const shown = query.isError ? ORDERS_ON_FAILURE : (query.data ?? ORDERS_ON_FAILURE);

  return {
    orders: shown.orders,
    total: shown.total,
    error,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
