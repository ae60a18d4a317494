// Idempotent money calls (Stripe's Idempotency-Key). The first answer to an (administrator, key)
// pair is stored in the transaction of the change itself: the change and its answer commit together
// or not at all. A repeat with the same key and the same request gets that first answer and changes
// nothing; with another request it is refused. A repeat that arrives while the first still runs
// waits for it (the key's row lock), then gets its answer.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { ApiError } from '../../http/errors';

export interface IdempotencyScope {
  adminId: number;
  /** The Idempotency-Key header; none: the call simply runs. */
  key?: string;
  /** What is being done, e.g. 'persons.addMoney'. */
  operation: string;
  /** The request that the key stands for (its body and target). */
  request: unknown;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Runs `change` in one transaction, once per key; answers its result and whether it was a replay. */
export async function idempotent<T>(db: Db, scope: IdempotencyScope, change: (tx: Queryable) => Promise<T>): Promise<{ result: T; replayed: boolean }> {
  if (!scope.key) return { result: await db.transaction(change), replayed: false };
  const requestHash = hashOf(scope.request);
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'insert into idempotency_keys (admin_id, key, operation, request_hash) values ($1, $2, $3, $4) on conflict (admin_id, key) do nothing returning key',
      [scope.adminId, scope.key, scope.operation, requestHash],
    );
    if (claimed.length === 0) {
      const [first] = await tx.query<{ operation: string; request_hash: string; response: unknown }>(
        'select operation, request_hash, response from idempotency_keys where admin_id = $1 and key = $2',
        [scope.adminId, scope.key],
      );
      if (first.operation !== scope.operation || first.request_hash !== requestHash) {
        throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request: use a new key for a new action');
      }
      return { result: (typeof first.response === 'string' ? JSON.parse(first.response) : first.response) as T, replayed: true };
    }
    const result = await change(tx);
    await tx.query('update idempotency_keys set response = $3 where admin_id = $1 and key = $2', [scope.adminId, scope.key, JSON.stringify(result)]);
    return { result, replayed: false };
  });
}
