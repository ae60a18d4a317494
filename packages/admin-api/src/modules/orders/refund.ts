// Refunds: at most once per order, the coins moved back in the same transaction as the refund;
// a repeat with the same Idempotency-Key answers the first result.
import type { Order } from '@growth-admin/api-contract';
import type { Db } from '../../db';
import { conflict, notFound } from '../../http/errors';
import { audit, type Actor } from '../../db/audit';
import { idempotent } from '../idempotency/repository';
import { ORDER_COLUMNS, toOrder } from './repository';

/**
 * Refunds a complete, not-refunded order under a row lock (concurrent refunds of one order: one
 * succeeds, the rest see it refunded). A growth order gives back the coins it cost; a recharge
 * takes back the coins it gave, at most the current balance (never below zero). One ledger row.
 */
export async function refundOrder(
  db: Db,
  actor: Actor & { adminId: number },
  orderId: string,
  idempotencyKey?: string,
  /** A check that may refuse the change (step-up), run after the key lookup: a replay skips it. */
  beforeChange: () => void = () => undefined,
): Promise<{ result: Order; replayed: boolean }> {
  return idempotent(db, { adminId: actor.adminId, key: idempotencyKey, operation: 'orders.refundOrder', request: { orderId } }, async (tx) => {
    beforeChange();
    const found = await tx.query<{ kind: string; person_id: string; coins: number; is_complete: boolean; is_refund: boolean; order_sn: string }>(
      'select kind, person_id::text as person_id, coins::float8 as coins, is_complete, is_refund, order_sn from orders where id = $1 for update',
      [orderId],
    );
    const o = found[0];
    if (!o) throw notFound(`orderId ${orderId}: no such order`, 'ORDER_NOT_FOUND');
    if (o.is_refund) throw conflict(`Order #${o.order_sn} was already refunded`, 'ALREADY_REFUNDED');
    if (!o.is_complete) throw conflict(`Order #${o.order_sn} is not complete: only a complete order can be refunded`, 'NOT_REFUNDABLE');
    await tx.query("update orders set is_refund = true, state = 'refunded', refunded_at = now() where id = $1", [orderId]);
    const person = await tx.query<{ money: number }>('select money::float8 as money from persons where id = $1 for update', [o.person_id]);
    let summary = `Refunded order #${o.order_sn}`;
    const changes = { before: { isRefund: false, stateStr: 'Completed' } as Record<string, unknown>, after: { isRefund: true, stateStr: 'Refunded' } as Record<string, unknown> };
    if (person[0]) {
      const delta = o.kind === 'growth' ? o.coins : -Math.min(o.coins, person[0].money);
      const upd = await tx.query<{ money: number }>('update persons set money = money + $2, updated_at = now() where id = $1 returning money::float8 as money', [
        o.person_id,
        delta,
      ]);
      await tx.query(`insert into coin_ledger (person_id, delta, balance_after, reason, order_id, admin_id) values ($1, $2, $3, $4, $5, $6)`, [
        o.person_id,
        delta,
        upd[0].money,
        o.kind === 'growth' ? 'refund-order' : 'refund-recharge',
        orderId,
        actor.adminId,
      ]);
      summary += ` (${delta >= 0 ? '+' : ''}${delta} coins to person ${o.person_id})`;
      changes.before.personMoney = person[0].money;
      changes.after.personMoney = upd[0].money;
    }
    await audit(tx, actor, 'order.refund', `order:${orderId}`, summary, changes);
    return toOrder((await tx.query(`select ${ORDER_COLUMNS} from orders where id = $1`, [orderId]))[0]);
  });
}
