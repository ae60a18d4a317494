// What the list shows (search, status filter, page) and how it becomes the API's query.
import {
  ORDERS_PAGE_SIZE,
  orderSearchParams,
  type OrderSearchField,
  type OrdersParams,
  type OrderStatusFilter,
} from '@growth-admin/shared-client';

/** '' is "All Status" (no filter). */
export type StatusChoice = OrderStatusFilter | '';

export interface ListCriteria {
  searchField: OrderSearchField;
  /** The applied search text (what was searched, not what is being typed). */
  searchText: string;
  status: StatusChoice;
  /** 1-based, as shown on screen. */
  page: number;
}

export const INITIAL_CRITERIA: ListCriteria = { searchField: 'shoppingUser', searchText: '', status: '', page: 1 };

/**
 * The query of orders/orderList and orders/rechargeOrderList: page zero-based, 20 a page,
 * the search text under the chosen field, and the status filter for the server to apply
 * (so paging and totals follow it).
 */
export function toOrdersParams({ searchField, searchText, status, page }: ListCriteria): OrdersParams {
  return {
    page: Math.max(0, page - 1),
    limit: ORDERS_PAGE_SIZE,
    ...orderSearchParams(searchField, searchText),
    ...(status ? { status } : {}),
  };
}
