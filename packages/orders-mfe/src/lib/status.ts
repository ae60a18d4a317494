// The order status rules of spec 4, in one place.
import type { Order, OrderStatusFilter } from '@growth-admin/shared-client';

type OrderFlags = Pick<Order, 'isComplete' | 'isError' | 'isRefund'>;

export const isCompleted = (o: OrderFlags): boolean => o.isComplete;
export const isPending = (o: OrderFlags): boolean => !o.isComplete && !o.isError;
export const isErrored = (o: OrderFlags): boolean => o.isError;
export const isRefunded = (o: OrderFlags): boolean => o.isRefund;

export const STATUS_PREDICATES: Record<OrderStatusFilter, (o: OrderFlags) => boolean> = {
  completed: isCompleted,
  pending: isPending,
  error: isErrored,
  refunded: isRefunded,
};

/** Refund is offered only for a complete, not-refunded order. */
export const canRefund = (o: OrderFlags): boolean => o.isComplete && !o.isRefund;

export const STATUS_FILTER_OPTIONS: Array<{ value: OrderStatusFilter | ''; label: string }> = [
  { value: '', label: 'All Status' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'error', label: 'Error' },
  { value: 'refunded', label: 'Refunded' },
];
