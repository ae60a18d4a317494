// Adding coins: the balance, the ledger and the audit row change together or not at all, once per
// Idempotency-Key.
import type { Person } from '@growth-admin/api-contract';
import type { Db } from '../../db';
import { notFound } from '../../http/errors';
import { audit, type Actor } from '../../db/audit';
import { idempotent } from '../idempotency/repository';
import { PERSON_COLUMNS, toPerson } from './repository';

/**
 * Adds `amount` coins to a user, atomically (`money = money + amount` in the database, so
 * concurrent calls never lose an update), with one ledger row and one audit row; answers the user.
 * With an idempotency key, a repeat answers the first result and changes nothing.
 */
export async function addMoney(
  db: Db,
  actor: Actor & { adminId: number },
  { personId, amount }: { personId: string; amount: number },
  idempotencyKey?: string,
  /** A check that may refuse the change (step-up), run after the key lookup: a replay skips it. */
  beforeChange: () => void = () => undefined,
): Promise<{ result: Person; replayed: boolean }> {
  return idempotent(db, { adminId: actor.adminId, key: idempotencyKey, operation: 'persons.addMoney', request: { personId, amount } }, async (tx) => {
    beforeChange();
    const rows = await tx.query(`update persons set money = money + $2, updated_at = now() where id = $1 returning ${PERSON_COLUMNS}`, [personId, amount]);
    if (!rows[0]) throw notFound(`personId ${personId}: no such user`, 'PERSON_NOT_FOUND');
    await tx.query(`insert into coin_ledger (person_id, delta, balance_after, reason, admin_id) values ($1, $2, $3, 'add-money', $4)`, [
      personId,
      amount,
      rows[0].money,
      actor.adminId,
    ]);
    const balance = Number(rows[0].money);
    await audit(tx, actor, 'person.add-money', `person:${personId}`, `Added ${amount} coins to ${rows[0].customName} (balance ${rows[0].money})`, {
      before: { money: balance - amount },
      after: { money: balance },
    });
    return toPerson(rows[0]);
  });
}
