// The password throttle: sign-in, step-up and password change, one policy (docs/security-sign-in.md).
// Only failures spend a budget, yet concurrent attempts cannot pass more checks than a limit: each
// attempt reserves one count on its keys under their row locks BEFORE the password is checked (or is
// refused, 429 with Retry-After, and no password is checked); a success gives its reservation back.
//
// Keys: a sign-in counts on the username with the address (limit, then growing delays) and on the
// address alone (a cap on failures across usernames). A session-bound check (step-up, password
// change) counts on its session (limit and delays) and, never refusing, on the address. No key is
// the username alone: failures from one address never lock the administrator out from another.
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';

export interface ThrottlePolicy {
  /** Failed password checks per username and address, and per session, within the window. */
  perUserAndAddress: number;
  /** Failed password checks per address, across usernames, within the window. */
  perAddress: number;
  windowMs: number;
}

/** Who is guessing: at sign-in an address; with a session, that session. */
export type Guesser = { username: string; ip: string; sessionId?: undefined } | { username: string; ip: string; sessionId: string };

/** Which limit refused: this account from this address, this address, or this session. */
export type ThrottleLimit = 'account' | 'address' | 'session';

export const THROTTLE_CODES: Record<ThrottleLimit, string> = {
  account: 'THROTTLED_ACCOUNT_ADDRESS',
  address: 'THROTTLED_ADDRESS',
  session: 'THROTTLED_SESSION',
};

/** An account that signed in from an address within this time is "known" there (see `reserve`). */
export const KNOWN_ACCOUNT_MS = 30 * 24 * 3600_000;

interface Counter extends Record<string, unknown> {
  key: string;
  attempts: number;
  first_at: Date;
  next_allowed_at: Date | null;
  last_success_at: Date | null;
}

interface KeySpec {
  key: string;
  limit: number;
  kind: ThrottleLimit;
  /** Whether reaching the limit (or its delay) refuses the attempt; else it only counts. */
  refuses: boolean;
  /** Growing delays after half the limit (per account and per session; the address has a cap only). */
  delays: boolean;
}

/** What an admitted attempt reserved: given back after a success. */
export interface Reservation {
  guesser: Guesser;
  keys: Array<{ key: string; kind: ThrottleLimit; firstAt: Date }>;
}

/**
 * The wait before the next attempt after `attempts` counts of a key with `limit`: none for the
 * first half of the limit, then doubling from one second (1, 2, 4 s...), at most a minute.
 */
export function delayAfter(attempts: number, limit: number): number {
  const free = Math.ceil(limit / 2);
  return attempts < free ? 0 : Math.min(2 ** (attempts - free) * 1000, 60_000);
}

export const throttleKeys = (username: string, ip: string, sessionId?: string) => ({
  userAndAddress: `ua:${username.toLowerCase()}|${ip}`,
  address: `ip:${ip}`,
  session: sessionId === undefined ? undefined : `s:${sessionId}`,
});

/** A wait in words: '42 s', '14 min 5 s', '15 min'. */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

const REFUSALS: Record<ThrottleLimit, string> = {
  account: 'Too many wrong passwords for this account from your network.',
  address: 'Too many wrong passwords from your network.',
  session: 'Too many wrong passwords in this session.',
};

/** The 429 of `limit`: which limit, and when to retry (the message and Retry-After). */
export function throttled(limit: ThrottleLimit, waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, THROTTLE_CODES[limit], `${REFUSALS[limit]} Try again in ${waitInWords(seconds)}.`, seconds);
}

function keysOf(policy: ThrottlePolicy, g: Guesser): KeySpec[] {
  const k = throttleKeys(g.username, g.ip, g.sessionId);
  const address: KeySpec = { key: k.address, limit: policy.perAddress, kind: 'address', refuses: k.session === undefined, delays: false };
  const own: KeySpec =
    k.session === undefined
      ? { key: k.userAndAddress, limit: policy.perUserAndAddress, kind: 'account', refuses: true, delays: true }
      : { key: k.session, limit: policy.perUserAndAddress, kind: 'session', refuses: true, delays: true };
  return [own, address];
}

/**
 * The refusal `rows` (the attempt's counters) give at `now`, naming the limit that ends last; null
 * when the attempt may be checked. A key not written yet, or whose window is over, refuses nothing.
 */
function refusalOf(policy: ThrottlePolicy, specs: KeySpec[], rows: Counter[], now: number): { kind: ThrottleLimit; waitMs: number } | null {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const known = specs.some((s) => s.kind === 'account' && new Date(byKey.get(s.key)?.last_success_at ?? 0).getTime() > now - KNOWN_ACCOUNT_MS);
  let refusal: { kind: ThrottleLimit; at: number } | null = null;
  for (const spec of specs) {
    const row = byKey.get(spec.key);
    if (!row || row.attempts === 0 || new Date(row.first_at).getTime() <= now - policy.windowMs) continue;
    if (!spec.refuses || (spec.kind === 'address' && known)) continue;
    const at = row.attempts >= spec.limit ? new Date(row.first_at).getTime() + policy.windowMs : new Date(row.next_allowed_at ?? 0).getTime();
    if (at > now && (!refusal || at > refusal.at)) refusal = { kind: spec.kind, at };
  }
  return refusal && { kind: refusal.kind, waitMs: refusal.at - now };
}

/**
 * Reserves one count for the attempt on each of its keys, atomically, or refuses it (429 naming
 * the limit that ends last). An account that signed in successfully from this address within
 * KNOWN_ACCOUNT_MS is not refused by the address's cap: the cap stops one address from trying many
 * accounts, and such an account still has its own limit there.
 */
export async function reserve(db: Db, policy: ThrottlePolicy, guesser: Guesser): Promise<Reservation> {
  const specs = keysOf(policy, guesser);
  // One lock order for every attempt: no deadlock. (The select below locks in key order anyway, so
  // Stryker cannot tell the sort is there.)
  // Stryker disable next-line MethodExpression: equivalent, kept for clarity
  const names = specs.map((s) => s.key).sort();
  const select = 'select key, attempts, first_at, next_allowed_at, last_success_at from login_throttle where key = any($1::text[]) order by key';
  // A key already refusing refuses without a transaction: counts only grow within a window (a
  // give-back at this instant aside), so a burst of refused guesses costs one read each.
  const early = refusalOf(policy, specs, await db.query<Counter>(select, [names]), Date.now());
  if (early) throw throttled(early.kind, early.waitMs);
  const outcome = await db.transaction(async (tx) => {
    await tx.query('insert into login_throttle (key) select unnest($1::text[]) on conflict (key) do nothing', [names]);
    const rows = await tx.query<Counter>(`${select} for update`, [names]);
    const now = Date.now();
    const refusal = refusalOf(policy, specs, rows, now);
    if (refusal) return { refusal, reserved: [] };
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const reserved: Reservation['keys'] = [];
    for (const spec of specs) {
      const row = byKey.get(spec.key)!;
      // A new key, one emptied by a success, or a window that is over: a new window from now.
      const fresh = row.attempts === 0 || new Date(row.first_at).getTime() <= now - policy.windowMs;
      const attempts = (fresh ? 0 : row.attempts) + 1;
      const firstAt = fresh ? new Date(now) : new Date(row.first_at);
      const next = spec.delays ? new Date(now + delayAfter(attempts, spec.limit)) : null;
      await tx.query('update login_throttle set attempts = $2, first_at = $3, next_allowed_at = $4 where key = $1', [spec.key, attempts, firstAt, next]);
      reserved.push({ key: spec.key, kind: spec.kind, firstAt });
    }
    return { refusal: null, reserved };
  });
  if (outcome.refusal) throw throttled(outcome.refusal.kind, outcome.refusal.waitMs);
  return { guesser, keys: outcome.reserved };
}

/**
 * Gives the reservation back: after a right password (`succeeded`), or when the check itself
 * failed (a database error: no password was judged wrong). Each key gets its one count back (if its
 * window has not started again since); failures stay counted until their window ends, so an
 * attacker at the same address gains nothing from its victim's own sign-ins. After a success the
 * account's (or session's) delay is lifted, and the account is remembered as known at this address.
 */
export async function giveBack(db: Db, reservation: Reservation, succeeded: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, kind, firstAt } of [...reservation.keys].sort((a, b) => (a.key < b.key ? -1 : 1))) {
      await tx.query(
        `update login_throttle
            set attempts = case when first_at = $2 and attempts > 0 then attempts - 1 else attempts end,
                next_allowed_at = case when $3 then null else next_allowed_at end,
                last_success_at = case when $4 then now() else last_success_at end
          where key = $1`,
        [key, firstAt, succeeded && kind !== 'address', succeeded && kind === 'account'],
      );
    }
  });
}

/** Forgets counters whose window is long over, keeping an account's memory of its address (housekeeping). */
export async function forgetOldCounters(db: Db, windowMs: number): Promise<void> {
  await db.query(
    `delete from login_throttle where first_at < now() - make_interval(secs => $1)
       and (last_success_at is null or last_success_at < now() - make_interval(secs => $2))`,
    [(2 * windowMs) / 1000, KNOWN_ACCOUNT_MS / 1000],
  );
}
