// What the list shows (search, status filter, page), how it becomes the API's query, and how it
// reads from and writes to the URL.
import {
  ORDERS_PAGE_SIZE,
  orderSearchParams,
  type OrderSearchField,
  type OrdersParams,
  type OrderStatusFilter,
  type UrlCodec,
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

const SEARCH_FIELDS: readonly OrderSearchField[] = ['shoppingUser', 'personId', 'orderSn'];
const STATUSES: readonly StatusChoice[] = ['completed', 'pending', 'error', 'refunded'];
/** The API pages at most this deep (page ≤ 50,000, zero-based). */
const MAX_PAGE = 50_001;

/**
 * The list in the URL: `?by=personId&q=7000123&status=completed&page=2`. Missing or invalid values
 * read as the defaults (Customer Name, no text, All Status, page 1), which the URL leaves out.
 */
export const CRITERIA_URL: UrlCodec<ListCriteria> = {
  parse(query) {
    const by = query.get('by') as OrderSearchField;
    const status = query.get('status') as StatusChoice;
    const page = Number(query.get('page'));
    return {
      searchField: SEARCH_FIELDS.includes(by) ? by : INITIAL_CRITERIA.searchField,
      searchText: (query.get('q') ?? '').trim().slice(0, 100),
      status: STATUSES.includes(status) ? status : INITIAL_CRITERIA.status,
      page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : INITIAL_CRITERIA.page,
    };
  },
  format({ searchField, searchText, status, page }) {
    const query = new URLSearchParams();
    if (searchText) {
      query.set('by', searchField);
      query.set('q', searchText);
    }
    if (status) query.set('status', status);
    if (page !== 1) query.set('page', String(page));
    return query;
  },
};
