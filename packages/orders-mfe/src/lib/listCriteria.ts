// What the list shows (search, status filter, sort, created dates, product type, page), how it
// becomes the API's query, and how it reads from and writes to the URL.
import type { OrderSort, OrderStatusFilter } from '@growth-admin/shared-client';
import { ORDERS_PAGE_SIZE, orderSearchParams, type OrdersParams, type OrderSearchField } from '../api/orders';
import {
  dayRangeInstants,
  type DayRange,
  formatDayRange,
  formatSort,
  type ListSort,
  NO_DAY_RANGE,
  parseDayRange,
  parseSort,
  type UrlCodec,
} from '@growth-admin/ui-kit';

/** '' is "All Status" (no filter). */
export type StatusChoice = OrderStatusFilter | '';

export const ORDER_SORT_FIELDS = ['createdAt', 'paymentMoney'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
/** The server's order when none is chosen: newest first. */
export const DEFAULT_ORDER_SORT: ListSort<OrderSortField> = { field: 'createdAt', order: 'desc' };

export interface ListCriteria {
  searchField: OrderSearchField;
  /** The applied search text (what was searched, not what is being typed). */
  searchText: string;
  status: StatusChoice;
  /** 1-based, as shown on screen. */
  page: number;
  /** null: the default order (newest first). */
  sort: ListSort<OrderSortField> | null;
  /** Created on these calendar days (browser time zone), both inclusive. */
  range: DayRange;
  /** Exact product type ('' none): the dashboard's drill-down. */
  productType: string;
}

export const INITIAL_CRITERIA: ListCriteria = { searchField: 'shoppingUser', searchText: '', status: '', page: 1, sort: null, range: NO_DAY_RANGE, productType: '' };

/** The filters and sort of a list without its page: what an export takes. */
export function toOrderFilters({ searchField, searchText, status, sort, range, productType }: ListCriteria): Omit<OrdersParams, 'page' | 'limit'> {
  return {
    ...orderSearchParams(searchField, searchText),
    ...(status ? { status } : {}),
    ...(productType ? { productType } : {}),
    ...dayRangeInstants(range),
    ...(sort ? { sort: formatSort(sort) as OrderSort } : {}),
  };
}

/**
 * The query of orders/orderList and orders/rechargeOrderList: page zero-based, 20 a page, the
 * search text under the chosen field, and the filters and sort for the server to apply (so paging
 * and totals follow them).
 */
export function toOrdersParams(criteria: ListCriteria): OrdersParams {
  return { page: Math.max(0, criteria.page - 1), limit: ORDERS_PAGE_SIZE, ...toOrderFilters(criteria) };
}

const SEARCH_FIELDS: readonly OrderSearchField[] = ['shoppingUser', 'personId', 'orderSn'];
const STATUSES: readonly StatusChoice[] = ['completed', 'pending', 'error', 'refunded'];
/** The API pages at most this deep (page ≤ 50,000, zero-based). */
const MAX_PAGE = 50_001;
/** As the API takes it (lower-case letters). */
const PRODUCT_TYPE = /^[a-z]{1,32}$/;

/**
 * The list in the URL: `?by=personId&q=7000123&status=completed&type=heart&from=2026-11-17&to=2026-11-20&sort=paymentMoney.desc&page=2`.
 * Missing or invalid values read as the defaults (Customer Name, no text, All Status, any type and
 * date, newest first, page 1), which the URL leaves out.
 */
export const CRITERIA_URL: UrlCodec<ListCriteria> = {
  parse(query) {
    const by = query.get('by') as OrderSearchField;
    const status = query.get('status') as StatusChoice;
    const page = Number(query.get('page'));
    const type = query.get('type') ?? '';
    const sort = parseSort(query.get('sort'), ORDER_SORT_FIELDS);
    return {
      searchField: SEARCH_FIELDS.includes(by) ? by : INITIAL_CRITERIA.searchField,
      searchText: (query.get('q') ?? '').trim().slice(0, 100),
      status: STATUSES.includes(status) ? status : INITIAL_CRITERIA.status,
      page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : INITIAL_CRITERIA.page,
      // The default order written out is the default order.
      sort: sort && formatSort(sort) !== formatSort(DEFAULT_ORDER_SORT) ? sort : null,
      range: parseDayRange(query),
      productType: PRODUCT_TYPE.test(type) ? type : '',
    };
  },
  format({ searchField, searchText, status, page, sort, range, productType }) {
    const query = new URLSearchParams();
    if (searchText) {
      query.set('by', searchField);
      query.set('q', searchText);
    }
    if (status) query.set('status', status);
    if (productType) query.set('type', productType);
    formatDayRange(range, query);
    if (sort) query.set('sort', formatSort(sort));
    if (page !== 1) query.set('page', String(page));
    return query;
  },
};
