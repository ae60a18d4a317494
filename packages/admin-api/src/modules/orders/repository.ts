// Growth orders and recharge payments in one table, told apart by `kind`.
import type { Order, OrdersList, OrdersQuery } from '@growth-admin/api-contract';
import type { Queryable, Row } from '../../db';
import { iso } from '../../db/dates';
import { likeAnywhere } from '../../db/like';

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

/**
 * One page of orders or payments, newest first, with the total of the search and status filter.
 * Every value is a parameter; the unnamed statement is planned with them, so the kind still picks
 * its partial index.
 */
export async function listOrders(q: Queryable, kind: OrderKind, query: OrdersQuery, { walkRatio = WALK_RATIO } = {}): Promise<OrdersList> {
  const { page, limit, status } = query;
  const params: unknown[] = [kind];
  const where = ['kind = $1'];
  const shoppingUser = query.shoppingUser?.trim();
  const orderSn = query.orderSn?.trim();
  const states = status ? STATUS_STATES[status] : Object.keys(STATUS_SQL);
  if (orderSn) where.push(`order_sn = $${params.push(orderSn)}`);
  if (query.personId) {
    // The user ID the screens show (customId, unique index) first, else the internal _id.
    const i = params.push(query.personId);
    where.push(`person_id = coalesce((select id from persons where custom_id = $${i}), $${i}::bigint)`);
  }
  // The only search whose total the rollups know: Customer Name alone.
  let total: number | null = null;
  if (shoppingUser) {
    // Any part of the name, case-insensitively ('patel' finds mia_patel2998's orders).
    const pattern = likeAnywhere(shoppingUser);
    if (where.length === 1) {
      total = await customerNameTotal(q, kind, pattern, states);
      if (total === 0) return { orders: [], total };
    }
    if (total !== null && total * walkRatio < (await statusTotal(q, kind, states))) {
      where.push(`lower(shopping_user) = any($${params.push(await customerNames(q, kind, pattern, states))}::text[])`);
    } else {
      where.push(`lower(shopping_user) like $${params.push(pattern)}`);
    }
  }
  const searched = where.length > 1;
  if (status) where.push(STATUS_SQL[status]);
  const sqlWhere = where.join(' and ');
  // Deferred join: the page's ids come from an index-only scan (OFFSET skips index entries, not
  // heap rows), then only those `limit` rows are read whole. Keeps deep pages cheap.
  const limitAt = params.push(limit);
  const offsetAt = params.push(page * limit);
  const rows = await q.query(
    `select ${ORDER_COLUMNS} from orders join (
       select id from orders where ${sqlWhere} order by created_at desc, id desc limit $${limitAt} offset $${offsetAt}
     ) page using (id) order by created_at desc, id desc`,
    params,
  );
  if (total === null && searched) {
    total = (await q.query<{ n: number }>(`select count(*)::int as n from orders where ${sqlWhere}`, params.slice(0, limitAt - 1)))[0].n;
  } else if (total === null) {
    // Unsearched totals come from the rollup kept by the write triggers: no count over a million rows.
    total = await statusTotal(q, kind, states);
  }
  return { orders: rows.map(toOrder), total };
}
