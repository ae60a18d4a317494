import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createActionKeys, queryKeys, toApiError, type Order, type ToastApi } from '@growth-admin/shared-client';
import { refundOrder } from '../api/orders';

export const REFUND_SUCCESS_MESSAGE = 'Order refunded successfully';
const SUCCESS_TOAST_SECONDS = 3;

export function refundFailureMessage(err: unknown): string {
  return `Failed to refund order: ${toApiError(err).message}`;
}

interface UseRefundOrderOptions {
  toast: ToastApi;
  /** Called with the server's updated order, so an open dialog can show it. */
  onRefunded: (order: Order) => void;
}

/**
 * Refunds an order at most once per request: a ref blocks a second send synchronously (React's
 * isPending only turns true after a render, too late for a double click). On success every list
 * of orders and payments, any user's recent orders, and person balances and revenue figures are
 * refetched, since a refund changes them all.
 */
export function useRefundOrder({ toast, onRefunded }: UseRefundOrderOptions) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  // One Idempotency-Key per refund, reused when the same refund is retried after a failure.
  const keys = useRef(createActionKeys());

  const mutation = useMutation({
    mutationFn: (orderId: string) => refundOrder(orderId, keys.current.keyFor({ orderId })),
    onSuccess: (order) => {
      keys.current.done();
      toast.success(REFUND_SUCCESS_MESSAGE, SUCCESS_TOAST_SECONDS);
      onRefunded(order);
      // Not awaited: the refund is done, so the dialog unlocks now rather than after the refetches.
      for (const queryKey of [queryKeys.orders.all, queryKeys.persons.all, queryKeys.analytics.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (err) => {
      toast.error(refundFailureMessage(err));
      // A conflict means the order changed elsewhere (already refunded, no longer complete): show its real state.
      if (toApiError(err).status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const { mutate, isPending, variables } = mutation;
  const refund = useCallback(
    (order: Pick<Order, '_id'>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(order._id);
    },
    [mutate],
  );

  /** The id of the order being refunded, if any. */
  const pendingOrderId = isPending ? variables : undefined;
  return { refund, pendingOrderId };
}
