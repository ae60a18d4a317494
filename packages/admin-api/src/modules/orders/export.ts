// Orders and payments as CSV: exactly the list's filters and sort, every page, audited.
import type { Order } from '@growth-admin/api-contract';
import type { Queryable, Row } from '../../db';
import { iso } from '../../db/dates';
import { audit, type Actor } from '../../db/audit';
import type { CsvExport } from '../exports/csvExport';
import { ORDER_SORT_SQL, orderFilter, STATE_BADGES, type OrderFilters, type OrderKind } from './repository';

/** The table's columns (Order Details as its number and customer), and the created date it sorts by. */
const HEADER = ['Order Number', 'Customer', 'Type', 'Count', 'Payment', 'Status', 'Platform', 'Created'];
const COLUMNS = `order_sn, shopping_user, product_type, count, payment_money::text as payment_money, state, platform, created_at`;
/** The Type column as the screens read it (spec 2): heart = Like, watch = Follow, otherwise the type; payments are Coins. */
const typeLabel = (kind: OrderKind, type: Order['productType']) => (kind === 'recharge' ? 'Coins' : type === 'heart' ? 'Like' : type === 'watch' ? 'Follow' : type);

export async function orderExport(q: Queryable, actor: Actor, kind: OrderKind, filters: OrderFilters): Promise<CsvExport> {
  const filter = await orderFilter(q, kind, filters);
  const total = filter.total ?? (await q.query<{ n: number }>(`select count(*)::int as n from orders where ${filter.where}`, filter.params))[0].n;
  const sort = ORDER_SORT_SQL[filters.sort ?? 'createdAt.desc'];
  const noun = kind === 'growth' ? 'order' : 'payment';
  await audit(q, actor, `${noun}.export`, `${noun}s`, `Exported ${total} ${noun}s as CSV (${JSON.stringify(filters)})`);
  return {
    name: `${noun}s`,
    total,
    header: HEADER,
    query: { columns: COLUMNS, table: 'orders', where: filter.where, params: filter.params, sortColumn: sort.column, descending: sort.descending },
    toCells: (r: Row) => [
      String(r.order_sn),
      String(r.shopping_user),
      typeLabel(kind, String(r.product_type)),
      Number(r.count),
      Number(r.payment_money).toFixed(2),
      (STATE_BADGES[String(r.state)] ?? STATE_BADGES.pending).stateStr,
      String(r.platform),
      iso(r.created_at),
    ],
  };
}
