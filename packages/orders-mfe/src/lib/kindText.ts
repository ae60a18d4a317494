// Everything that differs between the Orders and the Payments screens (spec 2): both are one
// list component parameterised by kind, so the differences live here as data.
import type { Order, OrderKind } from '@growth-admin/shared-client';
import { orderTypeLabel, type SearchOption as KitSearchOption } from '@growth-admin/ui-kit';
import type { OrderSearchField } from '../api/orders';

export type SearchOption = KitSearchOption<OrderSearchField>;

export interface KindText {
  title: string;
  subtitle: string;
  /** Row and details heading prefix: 'Order #' or 'Payment #'. */
  numberPrefix: string;
  /** The details dialog's title: 'Order Details' (spec) or 'Payment Details'. */
  detailsTitle: string;
  /** Plural noun of the paging line: 'Showing X to Y of N orders'. */
  noun: string;
  emptyText: string;
  searchOptions: SearchOption[];
  /** Prefix of the load-failure toast, followed by the error message. */
  loadErrorPrefix: string;
  /** The Type column: heart → Like, watch → Follow for orders; always 'Coins' for payments. */
  typeLabel: (order: Pick<Order, 'productType'>) => string;
}

const customerName: SearchOption = {
  value: 'shoppingUser',
  label: 'Customer Name',
  placeholder: 'Search by customer name...',
};
const personId: SearchOption = { value: 'personId', label: 'Person ID', placeholder: 'Search by person ID...' };

export const KIND_TEXT: Record<OrderKind, KindText> = {
  orders: {
    title: 'Orders',
    subtitle: 'View and manage customer orders',
    numberPrefix: 'Order #',
    detailsTitle: 'Order Details',
    noun: 'orders',
    emptyText: 'No orders found matching your criteria',
    searchOptions: [
      customerName,
      personId,
      { value: 'orderSn', label: 'Order Number', placeholder: 'Search by order number...' },
    ],
    loadErrorPrefix: 'Failed to load orders',
    typeLabel: (order) => orderTypeLabel(order.productType),
  },
  payments: {
    title: 'Payments',
    subtitle: 'View and manage user payments',
    numberPrefix: 'Payment #',
    detailsTitle: 'Payment Details',
    noun: 'payments',
    emptyText: 'No payments found matching your criteria',
    searchOptions: [
      customerName,
      personId,
      { value: 'orderSn', label: 'Payment Number', placeholder: 'Search by payment number...' },
    ],
    loadErrorPrefix: 'Failed to load payments',
    typeLabel: () => 'Coins',
  },
};

/** 'Failed to load orders: {message}' / 'Failed to load payments: {message}' (spec 8). */
export function loadErrorMessage(kind: OrderKind, message: string): string {
  return `${KIND_TEXT[kind].loadErrorPrefix}: ${message}`;
}
