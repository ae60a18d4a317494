import { Type } from '@sinclair/typebox';
import { conflict, notFound } from '../http/errors';
import { Envelope, Id, Order } from '../http/schemas';
import { audit } from '../services/audit';
import { ORDER_COLUMNS, toOrder } from '../services/mappers';
import { actorOf, ERRORS, SECURED, typed, type App, type RouteDeps } from './common';

/** Spec 4's status filters as SQL predicates (each backed by a partial index). */
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

const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 50000, default: 0, description: 'Zero-based' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    shoppingUser: Type.Optional(Type.String({ maxLength: 100, description: "Exact customer name, case-insensitive (the customer's customName)" })),
    personId: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', description: 'The person _id' })),
    orderSn: Type.Optional(Type.String({ maxLength: 64, description: 'Exact order number' })),
    status: Type.Optional(Type.Unsafe<'completed' | 'pending' | 'error' | 'refunded'>({ type: 'string', enum: ['completed', 'pending', 'error', 'refunded'] })),
  },
  { additionalProperties: false },
);

export const orderRoutes = ({ db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);
    const tags = ['orders'];

    const list = (kind: 'growth' | 'recharge', path: string, summary: string) =>
      r.get(
        path,
        {
          schema: {
            tags,
            ...SECURED,
            summary,
            querystring: ListQuery,
            response: { 200: Envelope(Type.Object({ orders: Type.Array(Order), total: Type.Integer() })), ...ERRORS },
          },
        },
        async (req) => {
          const { page, limit } = req.query;
          const status = req.query.status as string | undefined;
          // The kind is a literal (not a parameter) so the planner can match the partial index of that kind.
          const where = [`kind = '${kind}'`];
          const params: unknown[] = [];
          const shoppingUser = req.query.shoppingUser?.trim();
          const orderSn = req.query.orderSn?.trim();
          const personId = req.query.personId;
          if (orderSn) where.push(`order_sn = $${params.push(orderSn)}`);
          if (personId) where.push(`person_id = $${params.push(personId)}`);
          if (shoppingUser) {
            // Exact, case-insensitive. An order's shoppingUser is its customer's name, so the persons
            // name index narrows to that customer's orders (orders_person index), then the name is checked.
            const i = params.push(shoppingUser);
            where.push(`person_id in (select id from persons where lower(custom_name) = lower($${i})) and lower(shopping_user) = lower($${i})`);
          }
          const searched = where.length > 1;
          if (status) where.push(STATUS_SQL[status]);
          const sqlWhere = where.join(' and ');
          // Deferred join: the page's ids come from an index-only scan (OFFSET skips index entries,
          // not heap rows), then only those `limit` rows are read whole. Keeps deep pages cheap.
          const rows = await db.query(
            `select ${ORDER_COLUMNS} from orders join (
               select id from orders where ${sqlWhere} order by created_at desc, id desc limit ${limit} offset ${page * limit}
             ) page using (id) order by created_at desc, id desc`,
            params,
          );
          let total: number;
          if (searched) {
            total = (await db.query<{ n: number }>(`select count(*)::int as n from orders where ${sqlWhere}`, params))[0].n;
          } else {
            // Unsearched totals come from the rollup kept by the write triggers: no count over a million rows.
            const states = status ? STATUS_STATES[status] : Object.keys(STATUS_SQL);
            total = (
              await db.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from order_totals where kind = $1 and state = any($2::text[])', [kind, states])
            )[0].n;
          }
          return { data: { orders: rows.map(toOrder), total } };
        },
      );

    list('growth', '/orders/orderList', 'Growth orders (likes, followers, others), newest first');
    list('recharge', '/orders/rechargeOrderList', 'Recharge payments (coins), newest first');

    r.post(
      '/orders/refundOrder',
      {
        schema: {
          tags,
          ...SECURED,
          summary: 'Refunds a complete, not-refunded order once (409 otherwise); moves the coins back in the same transaction',
          body: Type.Object({ orderId: Id('The order _id') }, { additionalProperties: false }),
          response: { 200: Envelope(Order), ...ERRORS, 409: { $ref: 'ErrorBody#' } },
        },
      },
      async (req) => {
        const { orderId } = req.body;
        const order = await db.transaction(async (tx) => {
          const found = await tx.query<{ kind: string; person_id: string; coins: number; is_complete: boolean; is_refund: boolean; order_sn: string }>(
            'select kind, person_id::text as person_id, coins::float8 as coins, is_complete, is_refund, order_sn from orders where id = $1 for update',
            [orderId],
          );
          const o = found[0];
          if (!o) throw notFound(`orderId ${orderId}: no such order`, 'ORDER_NOT_FOUND');
          if (o.is_refund) throw conflict(`Order #${o.order_sn} was already refunded`, 'ALREADY_REFUNDED');
          if (!o.is_complete) throw conflict(`Order #${o.order_sn} is not complete: only a complete order can be refunded`, 'NOT_REFUNDABLE');
          await tx.query("update orders set is_refund = true, state = 'refunded', refunded_at = now() where id = $1", [orderId]);
          // Coin effect: a growth order gives back the coins paid; a recharge takes back the coins it gave, never below zero.
          const person = await tx.query<{ money: number }>('select money::float8 as money from persons where id = $1 for update', [o.person_id]);
          let summary = `Refunded order #${o.order_sn}`;
          if (person[0]) {
            const delta = o.kind === 'growth' ? o.coins : -Math.min(o.coins, person[0].money);
            const upd = await tx.query<{ money: number }>(
              'update persons set money = money + $2, updated_at = now() where id = $1 returning money::float8 as money',
              [o.person_id, delta],
            );
            await tx.query(
              `insert into coin_ledger (person_id, delta, balance_after, reason, order_id, admin_id) values ($1, $2, $3, $4, $5, $6)`,
              [o.person_id, delta, upd[0].money, o.kind === 'growth' ? 'refund-order' : 'refund-recharge', orderId, req.admin!.adminId],
            );
            summary += ` (${delta >= 0 ? '+' : ''}${delta} coins to person ${o.person_id})`;
          }
          await audit(tx, actorOf(req), 'order.refund', `order:${orderId}`, summary);
          const rows = await tx.query(`select ${ORDER_COLUMNS} from orders where id = $1`, [orderId]);
          return rows[0];
        });
        return { data: toOrder(order) };
      },
    );
  };
