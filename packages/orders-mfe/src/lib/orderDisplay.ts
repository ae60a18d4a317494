// Row and dialog texts that are pure functions of an order.
import type { Order } from '@growth-admin/shared-client';
import { formatMoney } from '@growth-admin/ui-kit';

/** 'Order #123' / 'Payment #123'. */
export function orderHeading(prefix: string, order: Pick<Order, 'orderSn'>): string {
  return `${prefix}${order.orderSn}`;
}

/** paymentMoney to 2 decimals, as dollars. */
export function paymentText(order: Pick<Order, 'paymentMoney'>): string {
  return `$${formatMoney(order.paymentMoney)}`;
}

/** Promo codes are optional: null, empty or blank means none (and the field is not shown). */
export function hasPromoCode(order: Pick<Order, 'promCode'>): boolean {
  return typeof order.promCode === 'string' && order.promCode.trim() !== '';
}

export function hasErrorDetails(order: Pick<Order, 'errorMessage'>): boolean {
  return typeof order.errorMessage === 'string' && order.errorMessage.trim() !== '';
}
