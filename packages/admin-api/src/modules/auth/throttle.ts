// Sign-in throttling. Before a password is checked, the attempt is counted for two keys, the
// username with the address and the address alone, under each key's row lock: past the key's limit
// within the window, or before the delay its earlier failures set, the attempt is refused (429 with
// Retry-After) and no password is checked. So concurrent attempts cannot pass more checks than the
// limit. No key is the username alone: failures from one address never lock the administrator out
// from another.
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';

export interface ThrottlePolicy {
  /** Password checks per username and address within the window. */
  perUserAndAddress: number;
  /** Password checks per address, across usernames, within the window. */
  perAddress: number;
  windowMs: number;
}

interface Counter extends Record<string, unknown> {
  key: string;
  attempts: number;
  first_at: Date;
  next_allowed_at: Date | null;
}

/**
 * The wait before the next attempt after `attempts` checks of a key with `limit`: none for the
 * first half of the limit, then doubling from one second (1, 2, 4 s...), at most a minute.
 */
export function delayAfter(attempts: number, limit: number): number {
  const free = Math.ceil(limit / 2);
  return attempts < free ? 0 : Math.min(2 ** (attempts - free) * 1000, 60_000);
}

export const throttleKeys = (username: string, ip: string) => ({ userAndAddress: `ua:${username.toLowerCase()}|${ip}`, address: `ip:${ip}` });

/**
 * Counts one attempt for the username and address, atomically, or refuses it (429). The count
 * stays when the password is wrong; `clearUserAndAddress` forgets it after a success.
 */
export async function admitAttempt(db: Db, policy: ThrottlePolicy, username: string, ip: string): Promise<void> {
  const keys = throttleKeys(username, ip);
  const limits: Record<string, number> = { [keys.userAndAddress]: policy.perUserAndAddress, [keys.address]: policy.perAddress };
  const refusal = await db.transaction(async (tx) => {
    // One lock order for every attempt: no deadlock. (With today's two keys, every attempt of one
    // username and address lists them alike anyway, so Stryker cannot tell the sort is there.)
    // Stryker disable next-line MethodExpression: equivalent today, kept for a third key
    const names = Object.keys(limits).sort();
    await tx.query('insert into login_throttle (key) select unnest($1::text[]) on conflict (key) do nothing', [names]);
    const rows = await tx.query<Counter>('select key, attempts, first_at, next_allowed_at from login_throttle where key = any($1::text[]) order by key for update', [names]);
    const now = Date.now();
    let retryAt = 0;
    for (const row of rows) {
      if (new Date(row.first_at).getTime() <= now - policy.windowMs) {
        row.attempts = 0; // the window is over: start a new one
        row.first_at = new Date(now);
        row.next_allowed_at = null;
      }
      // The later of the two waits; a time already past refuses nothing (the check below).
      if (row.attempts >= limits[row.key]) retryAt = Math.max(retryAt, new Date(row.first_at).getTime() + policy.windowMs);
      else retryAt = Math.max(retryAt, new Date(row.next_allowed_at ?? 0).getTime());
    }
    if (retryAt > now) return retryAt - now;
    for (const row of rows) {
      const attempts = row.attempts + 1;
      await tx.query('update login_throttle set attempts = $2, first_at = $3, next_allowed_at = $4 where key = $1', [
        row.key,
        attempts,
        row.first_at,
        new Date(now + delayAfter(attempts, limits[row.key])),
      ]);
    }
    return 0;
  });
  if (refusal > 0) {
    const seconds = Math.max(1, Math.ceil(refusal / 1000));
    const wait = seconds < 90 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
    throw new ApiError(429, 'LOGIN_THROTTLED', `Too many failed sign-in attempts: try again in ${wait}`, seconds);
  }
}

/** After a successful sign-in: the username and address start afresh (the address keeps its count). */
export async function clearUserAndAddress(db: Db, username: string, ip: string): Promise<void> {
  await db.query('delete from login_throttle where key = $1', [throttleKeys(username, ip).userAndAddress]);
}

/** Forgets counters whose window is long over (housekeeping). */
export async function forgetOldCounters(db: Db, windowMs: number): Promise<void> {
  await db.query('delete from login_throttle where first_at < now() - make_interval(secs => $1)', [(2 * windowMs) / 1000]);
}
