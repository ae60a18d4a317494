// Growth orders and recharge payments in one table, told apart by `kind`.
import type { Order, OrderSort, OrdersList, OrdersQuery } from '@growth-admin/api-contract';
import type { Queryable, Row } from '../../db';
import { iso } from '../../db/dates';
import { likeAnywhere } from '../../db/like';
import { readPage } from '../../db/page';
import { instantParam } from '../../http/dates';
import { badRequest } from '../../http/errors';

export type OrderKind = 'growth' | 'recharge';

export const ORDER_COLUMNS = `id::text as "_id", order_sn as "orderSn", shopping_user as "shoppingUser",
  shopping_pic as "shoppingPic", shopping_text as "shoppingText", product_type as "productType", count,
  start_count as "startCount", payment_money::float8 as "paymentMoney", payment_type as "paymentType",
  prom_code as "promCode", platform, created_at as "createdAt", state, is_complete as "isComplete",
  is_error as "isError", is_refund as "isRefund", error_message as "errorMessage", person_id::text as "personId"`;

/** Status badge text and colour per state (refunded wins over completed). */
export const STATE_BADGES: Record<string, { stateStr: string; stateColor: string }> = {
  completed: { stateStr: 'Completed', stateColor: '#10B981' },
  pending: { stateStr: 'Pending', stateColor: '#F59E0B' },
  error: { stateStr: 'Error', stateColor: '#EF4444' },
  refunded: { stateStr: 'Refunded', stateColor: '#6B7280' },
};

export function toOrder(r: Row): Order {
  const { state, ...rest } = r;
  return { ...rest, createdAt: iso(r.createdAt), ...(STATE_BADGES[String(state)] ?? STATE_BADGES.pending) } as Order;
}

/** Spec 4's status filters as SQL predicates (each backed by a partial index per kind). */
const STATUS_SQL: Record<string, string> = {
  completed: 'is_complete',
  pending: 'not is_complete and not is_error',
  error: 'is_error',
  refunded: 'is_refund',
};
/** The rollup states (mutually exclusive) each filter counts. */
const STATUS_STATES: Record<string, string[]> = {
  completed: ['completed', 'refunded'],
  pending: ['pending'],
  error: ['error'],
  refunded: ['refunded'],
};

/**
 * How a Customer Name search reads its page. Walking the newest-first index of the kind (and
 * status) keeps the matching rows, and finds a page within about `limit` × WALK_RATIO entries when
 * at least one row in WALK_RATIO matches; rarer matches are read by name instead (through
 * orders_kind_customer, then a sort of those few rows).
 */
export const WALK_RATIO = 250;

/** The state columns of order_name_totals (and order_totals' states) a status filter counts. */
const stateSum = (states: string[]) => states.map((state) => `"${state}"`).join(' + ');

/** How many orders in `states` have a customer name containing `pattern` (one row per name: fast). */
async function customerNameTotal(q: Queryable, kind: OrderKind, pattern: string, states: string[]): Promise<number> {
  const sql = `select coalesce(sum(${stateSum(states)}), 0)::int as total from order_name_totals where kind = $1 and name like $2`;
  return (await q.query<{ total: number }>(sql, [kind, pattern]))[0].total;
}

/** The customer names (lower case) containing `pattern` that have orders in `states`. */
async function customerNames(q: Queryable, kind: OrderKind, pattern: string, states: string[]): Promise<string[]> {
  const sql = `select name from order_name_totals where kind = $1 and name like $2 and ${stateSum(states)} > 0`;
  return (await q.query<{ name: string }>(sql, [kind, pattern])).map((r) => r.name);
}

/** The orders of a kind in `states`, from the rollup kept by the write triggers. */
async function statusTotal(q: Queryable, kind: OrderKind, states: string[]): Promise<number> {
  return (await q.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from order_totals where kind = $1 and state = any($2::text[])', [kind, states]))[0].n;
}

/** The ORDER BY of each sort the contract allows; ties go by id the same way, so pages never overlap. */
export const ORDER_SORT_SQL: Record<OrderSort, { sql: string; column: string; descending: boolean }> = {
  'createdAt.desc': { sql: 'created_at desc, id desc', column: 'created_at', descending: true },
  'createdAt.asc': { sql: 'created_at asc, id asc', column: 'created_at', descending: false },
  'paymentMoney.desc': { sql: 'payment_money desc, id desc', column: 'payment_money', descending: true },
  'paymentMoney.asc': { sql: 'payment_money asc, id asc', column: 'payment_money', descending: false },
};

/**
 * A created range with at most this many rows (its total comes from the rollups) is read through
 * a date index and its page picked by a top-N sort: walking the whole amount index and dropping
 * every row outside a one-day range reads ~30 times more index entries.
 */
export const NARROW_RANGE_ROWS = 50_000;

/** The ORDER BY that reads a narrow range by date: `+ 0` keeps the order but no amount index can serve it. */
const byRange = (sort: { sql: string; column: string }) => (sort.column === 'payment_money' ? sort.sql.replace('payment_money', '(payment_money + 0)') : sort.sql);

/** The filters of a list (and of its export): everything of OrdersQuery but the page. */
export type OrderFilters = Omit<OrdersQuery, 'page' | 'limit'>;

/** The created range as dates; a bound that is no real instant (the contract's reading), or an empty range, is a 400 naming the field. */
export function createdRange({ createdFrom, createdTo }: Pick<OrderFilters, 'createdFrom' | 'createdTo'>): { from: Date | null; to: Date | null } {
  const read = (value: string | undefined, field: string) => (value === undefined ? null : instantParam(field, value));
  const from = read(createdFrom, 'createdFrom');
  const to = read(createdTo, 'createdTo');
  if (from && to && to <= from) throw badRequest('createdTo must be after createdFrom');
  return { from, to };
}

const HOUR = 3_600_000;
const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);
const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR) * HOUR);

/**
 * How many orders of a kind in `states` (and of a product type, within a created range) there are,
 * without counting the big table: the whole hours of the range from the hourly rollup kept by the
 * write triggers, the partial hours at its ends (a time zone with a half-hour offset) counted.
 */
async function rollupTotal(q: Queryable, kind: OrderKind, status: string | undefined, productType: string | undefined, from: Date | null, to: Date | null): Promise<number> {
  const states = status ? STATUS_STATES[status] : Object.keys(STATUS_SQL);
  if (!productType && !from && !to) return statusTotal(q, kind, states);
  const whole = { from: from && ceilHour(from), to: to && floorHour(to) };
  const edges: Array<[Date, Date]> = [];
  const withinOneHour = Boolean(from && to && whole.from && whole.to && whole.to < whole.from);
  if (withinOneHour) edges.push([from!, to!]);
  else {
    if (from && whole.from! > from) edges.push([from, whole.from!]);
    if (to && whole.to! < to) edges.push([whole.to!, to]);
  }
  let total = 0;
  if (!withinOneHour) {
    const params: unknown[] = [kind, states];
    const where = ['kind = $1', 'state = any($2::text[])'];
    if (productType) where.push(`product_type = $${params.push(productType)}`);
    if (whole.from) where.push(`hour >= $${params.push(whole.from.toISOString())}`);
    if (whole.to) where.push(`hour < $${params.push(whole.to.toISOString())}`);
    total += (await q.query<{ n: number }>(`select coalesce(sum(n), 0)::int as n from order_hourly where ${where.join(' and ')}`, params))[0].n;
  }
  for (const [a, b] of edges) {
    const params: unknown[] = [kind, a.toISOString(), b.toISOString()];
    const where = ['kind = $1', 'created_at >= $2', 'created_at < $3'];
    if (status) where.push(STATUS_SQL[status]);
    if (productType) where.push(`product_type = $${params.push(productType)}`);
    total += (await q.query<{ n: number }>(`select count(*)::int as n from orders where ${where.join(' and ')}`, params))[0].n;
  }
  return total;
}

/**
 * The WHERE of a list (or its export) and, when the rollups know it, its total. Every value is a
 * parameter; the unnamed statement is planned with them, so the kind still picks its partial index.
 */
export async function orderFilter(
  q: Queryable,
  kind: OrderKind,
  filters: OrderFilters,
  { walkRatio = WALK_RATIO } = {},
): Promise<{ where: string; params: unknown[]; total: number | null }> {
  const { status, productType } = filters;
  const { from, to } = createdRange(filters);
  const params: unknown[] = [kind];
  const where = ['kind = $1'];
  const shoppingUser = filters.shoppingUser?.trim();
  const orderSn = filters.orderSn?.trim();
  const states = status ? STATUS_STATES[status] : Object.keys(STATUS_SQL);
  const narrowed = Boolean(productType || from || to);
  if (orderSn) where.push(`order_sn = $${params.push(orderSn)}`);
  if (filters.personId) {
    // The user ID the screens show (customId, unique index) first, else the internal _id.
    const i = params.push(filters.personId);
    where.push(`person_id = coalesce((select id from persons where custom_id = $${i}), $${i}::bigint)`);
  }
  // The only search whose total the rollups know: Customer Name alone.
  let total: number | null = null;
  if (shoppingUser) {
    // Any part of the name, case-insensitively ('patel' finds mia_patel2998's orders).
    const pattern = likeAnywhere(shoppingUser);
    const nameTotal = where.length === 1 ? await customerNameTotal(q, kind, pattern, states) : null;
    if (nameTotal === 0) return { where: 'false', params: [], total: 0 };
    if (!narrowed) total = nameTotal;
    if (nameTotal !== null && nameTotal * walkRatio < (await statusTotal(q, kind, states))) {
      where.push(`lower(shopping_user) = any($${params.push(await customerNames(q, kind, pattern, states))}::text[])`);
    } else {
      where.push(`lower(shopping_user) like $${params.push(pattern)}`);
    }
  }
  const searched = where.length > 1;
  if (status) where.push(STATUS_SQL[status]);
  if (productType) where.push(`product_type = $${params.push(productType)}`);
  if (from) where.push(`created_at >= $${params.push(from.toISOString())}`);
  if (to) where.push(`created_at < $${params.push(to.toISOString())}`);
  // Without a search, totals come from the rollups kept by the write triggers: no count over a million rows.
  if (total === null && !searched) total = await rollupTotal(q, kind, status, productType, from, to);
  return { where: where.join(' and '), params, total };
}

/** One page of orders or payments in the chosen order (newest first by default), with the total of its filters. */
export async function listOrders(q: Queryable, kind: OrderKind, query: OrdersQuery, options: { walkRatio?: number } = {}): Promise<OrdersList> {
  const { page, limit } = query;
  const sort = ORDER_SORT_SQL[query.sort ?? 'createdAt.desc'];
  const orderBy = sort.sql;
  const filter = await orderFilter(q, kind, query, options);
  if (filter.total === 0) return { orders: [], total: 0 };
  const narrowRange = Boolean(query.createdFrom || query.createdTo) && filter.total !== null && filter.total <= NARROW_RANGE_ROWS;
  const { rows, total } = await readPage(q, {
    table: 'orders',
    columns: ORDER_COLUMNS,
    ...filter,
    orderBy,
    pickOrderBy: narrowRange ? byRange(sort) : orderBy,
    limit,
    offset: page * limit,
  });
  return { orders: rows.map(toOrder), total };
}
