// The rules of administrators, sessions, sign-in throttling, housekeeping and idempotency, called
// as functions on a real database: each boundary exact (a window that ends, a retry time reached),
// so the mutation run (docs/testing.md) finds no rule that can change unnoticed.
import type { Db } from '../src/db';
import { migrate } from '../src/migrations';
import { addAdmin, checkCredentials, createSession, ensureFirstAdmin, findSession, housekeeping, LAST_SEEN_EVERY_SECONDS, revokeSession } from '../src/modules/auth/repository';
import { forgetOldCounters, giveBack, KNOWN_ACCOUNT_MS, reserve, throttleKeys, waitInWords } from '../src/modules/auth/throttle';
import { idempotent } from '../src/modules/idempotency/repository';
import { hashToken } from '../src/security';
import { openFreshDb } from './helpers';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openFreshDb());
  await migrate(db);
});
afterAll(() => drop?.());
afterEach(() => jest.restoreAllMocks());

/** The id of the viewer `ada`, the administrator of the session tests: added when the database has none. */
async function ada(): Promise<number> {
  const idOf = async () => (await db.query<{ id: number }>("select id::int as id from admins where username = 'ada'"))[0]?.id;
  const id = await idOf();
  if (id !== undefined) return id;
  await addAdmin(db, 'ada', 'ada-password-1', 'viewer');
  return (await idOf())!;
}

describe('administrators', () => {
  // These two start from a database without administrators (deleting one ends its sessions too).
  test('the first administrator: created once, with the given password, as an owner', async () => {
    await db.query('delete from admins');
    expect(await ensureFirstAdmin(db, 'first', 'first-password-1')).toEqual({ created: true, generatedPassword: undefined });
    expect(await ensureFirstAdmin(db, 'second', 'second-password-1')).toEqual({ created: false });
    expect(await db.query('select username, role from admins')).toEqual([{ username: 'first', role: 'owner' }]);
    expect(await checkCredentials(db, 'first', 'first-password-1')).toMatchObject({ username: 'first', role: 'owner' });
  });

  test('without a password one is generated, returned once, and signs in', async () => {
    await db.query('delete from admins');
    const { created, generatedPassword } = await ensureFirstAdmin(db, 'gen', undefined);
    expect(created).toBe(true);
    expect(generatedPassword).toMatch(/^.{16,}$/);
    expect(await checkCredentials(db, 'gen', generatedPassword!)).toMatchObject({ username: 'gen' });
    expect(await checkCredentials(db, 'gen', 'wrong')).toBeNull();
  });

  test('addAdmin: added once (a second time is refused), password hashed, with its role', async () => {
    await db.query("delete from admins where username = 'ada'");
    expect(await addAdmin(db, 'ada', 'ada-password-1', 'viewer')).toBe(true);
    expect(await addAdmin(db, 'ada', 'other-password-1', 'owner')).toBe(false);
    const [row] = await db.query<{ password_hash: string; role: string }>("select password_hash, role from admins where username = 'ada'");
    expect(row.role).toBe('viewer');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await checkCredentials(db, 'ada', 'ada-password-1')).toMatchObject({ username: 'ada', role: 'viewer' });
    expect(await checkCredentials(db, 'ada', 'other-password-1')).toBeNull();
  });

  test('a session lasts exactly its time to live', async () => {
    const { token } = await createSession(db, await ada(), 90_000, '127.0.0.1');
    const [s] = await db.query<{ ttl: number }>('select extract(epoch from expires_at - created_at)::float8 as ttl from admin_sessions where token_hash = $1', [hashToken(token)]);
    expect(s.ttl).toBeCloseTo(90, 0);
  });

  test("a session keeps at most 500 characters of the browser's User-Agent, and none when it sent none", async () => {
    const id = await ada();
    const { token: long } = await createSession(db, id, 60_000, '127.0.0.1', 'A'.repeat(600));
    const { token: none } = await createSession(db, id, 60_000, '127.0.0.1');
    const agent = async (token: string) => {
      const [row] = await db.query<{ user_agent: string }>('select user_agent from admin_sessions s where s.id = $1', [sessionId(await findSession(db, token, 60_000))]);
      return row.user_agent;
    };
    expect(await agent(long)).toBe('A'.repeat(500));
    expect(await agent(none)).toBe('');
  });
});

function sessionId(found: Awaited<ReturnType<typeof findSession>>): string {
  if (found.status !== 'live') throw new Error(`the session is ${found.status}`);
  return found.session.sessionId;
}

describe('findSession', () => {
  const IDLE_MS = 30 * 60_000;
  let token = '';
  beforeEach(async () => {
    ({ token } = await createSession(db, await ada(), 3600_000, '127.0.0.1', 'jest'));
  });

  test('live: its administrator; unknown or signed out: invalid', async () => {
    expect(await findSession(db, token, IDLE_MS)).toMatchObject({ status: 'live', session: { username: 'ada', role: 'viewer' } });
    expect(await findSession(db, `${token.slice(0, -1)}x`, IDLE_MS)).toEqual({ status: 'invalid' });
    await revokeSession(db, token);
    expect(await findSession(db, token, IDLE_MS)).toEqual({ status: 'invalid' });
  });

  test('expired: past its end (lifetime) before idle, or idle longer than the idle time', async () => {
    const id = sessionId(await findSession(db, token, IDLE_MS));
    await db.query('update admin_sessions set last_seen_at = now() - make_interval(secs => $2 + 1) where id = $1', [id, IDLE_MS / 1000]);
    expect(await findSession(db, token, IDLE_MS)).toEqual({ status: 'expired', why: 'idle' });
    await db.query('update admin_sessions set expires_at = now() where id = $1', [id]);
    expect(await findSession(db, token, IDLE_MS)).toEqual({ status: 'expired', why: 'lifetime' });
  });

  test(`last seen moves on once it is ${LAST_SEEN_EVERY_SECONDS} s old, exactly (one transaction: one clock)`, async () => {
    const id = sessionId(await findSession(db, token, IDLE_MS));
    const seenAfterLookup = (age: number) =>
      db.transaction(async (tx) => {
        await tx.query('update admin_sessions set last_seen_at = now() - make_interval(secs => $2) where id = $1', [id, age]);
        await findSession(tx, token, IDLE_MS);
        const [row] = await tx.query<{ age: number }>('select extract(epoch from now() - last_seen_at)::float8 as age from admin_sessions where id = $1', [id]);
        return row.age;
      });
    expect(await seenAfterLookup(LAST_SEEN_EVERY_SECONDS - 0.001)).toBeCloseTo(LAST_SEEN_EVERY_SECONDS - 0.001, 6); // not yet
    expect(await seenAfterLookup(LAST_SEEN_EVERY_SECONDS)).toBe(0); // moved to now
  });
});

describe('housekeeping', () => {
  test('forgets what is past its use, and keeps what is not', async () => {
    const windowMs = 5 * 60_000; // the signature window
    const nonceAge = (2 * windowMs + 60_000) / 1000; // seconds a nonce must be kept
    await db.query("insert into request_nonces (nonce, seen_at) values ('old', now() - make_interval(secs => $1 + 5)), ('kept', now() - make_interval(secs => $1 - 5))", [nonceAge]);
    await db.query(
      `insert into idempotency_keys (admin_id, key, operation, request_hash, created_at)
       values (1, 'old-key-1', 'x', 'h', now() - interval '49 hours'), (1, 'kept-key-1', 'x', 'h', now() - interval '47 hours')`,
    );
    const id = await ada();
    await db.query(
      `insert into admin_sessions (token_hash, admin_id, created_at, expires_at) values
       ('old-session', $1, now() - interval '9 days', now() - interval '8 days'), ('kept-session', $1, now() - interval '7 days', now() - interval '6 days')`,
      [id],
    );
    const loginWindowMs = 15 * 60_000;
    await db.query(
      "insert into login_throttle (key, first_at) values ('old-counter', now() - make_interval(secs => $1 + 5)), ('kept-counter', now() - make_interval(secs => $1 - 5))",
      [(2 * loginWindowMs) / 1000],
    );

    await housekeeping(db, windowMs, loginWindowMs);

    expect((await db.query<{ nonce: string }>("select nonce from request_nonces where nonce in ('old', 'kept')")).map((r) => r.nonce)).toEqual(['kept']);
    expect((await db.query<{ key: string }>("select key from idempotency_keys where key in ('old-key-1', 'kept-key-1')")).map((r) => r.key)).toEqual(['kept-key-1']);
    expect((await db.query<{ token_hash: string }>("select token_hash from admin_sessions where token_hash like '%-session'")).map((r) => r.token_hash)).toEqual(['kept-session']);
    expect((await db.query<{ key: string }>("select key from login_throttle where key like '%-counter'")).map((r) => r.key)).toEqual(['kept-counter']);
  });

  test('forgetOldCounters alone: counters older than two windows go', async () => {
    await db.query("insert into login_throttle (key, first_at) values ('stale', now() - interval '3 minutes'), ('fresh', now() - interval '1 minute')");
    await forgetOldCounters(db, 60_000);
    expect((await db.query<{ key: string }>("select key from login_throttle where key in ('stale', 'fresh')")).map((r) => r.key)).toEqual(['fresh']);
  });
});

describe('the password throttle at its boundaries', () => {
  const policy = { perUserAndAddress: 4, perAddress: 10, windowMs: 60_000 };
  const T0 = Date.parse('2026-11-23T10:00:00.000Z');
  const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
  const counter = async (key: string) =>
    (await db.query<{ attempts: number; first_at: Date; next_allowed_at: Date | null; last_success_at: Date | null }>('select attempts, first_at, next_allowed_at, last_success_at from login_throttle where key = $1', [key]))[0];
  const admit = (username: string, ip: string, p = policy, sessionId?: string) => reserve(db, p, sessionId === undefined ? { username, ip } : { username, ip, sessionId });
  const refusal = (p: Promise<unknown>) => p.then(() => null, (err: { statusCode: number; code: string; message: string; retryAfter?: number }) => err);

  async function atLimit(username: string, ip: string, firstAt: number) {
    const keys = throttleKeys(username, ip);
    await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [keys.userAndAddress, policy.perUserAndAddress, new Date(firstAt)]);
    return keys;
  }

  test('at the limit, refused until the window ends; the message says which limit and the wait', async () => {
    await atLimit('tom', '10.0.0.1', T0);
    at(T0 + 15_000);
    const err = await refusal(admit('tom', '10.0.0.1'));
    expect(err).toMatchObject({ statusCode: 429, code: 'THROTTLED_ACCOUNT_ADDRESS', message: 'Too many wrong passwords for this account from your network. Try again in 45 s.', retryAfter: 45 });
  });

  test('the moment the window ends, the count starts again from this attempt', async () => {
    const keys = await atLimit('tim', '10.0.0.2', T0);
    at(T0 + policy.windowMs);
    await admit('tim', '10.0.0.2');
    const row = await counter(keys.userAndAddress);
    expect(row.attempts).toBe(1);
    expect(new Date(row.first_at).getTime()).toBe(T0 + policy.windowMs);
  });

  test('a wait is said in seconds up to 89 s, then in minutes and seconds', () => {
    expect([1, 89, 90, 600, 845].map(waitInWords)).toEqual(['1 s', '89 s', '1 min 30 s', '10 min', '14 min 5 s']);
  });

  test('a delay set by earlier failures refuses until its time, not after', async () => {
    const keys = throttleKeys('ted', '10.0.0.4');
    await db.query('insert into login_throttle (key, attempts, first_at, next_allowed_at) values ($1, 2, $2, $3)', [keys.userAndAddress, new Date(T0), new Date(T0 + 2_000)]);
    at(T0 + 1_000);
    expect(await refusal(admit('ted', '10.0.0.4'))).toMatchObject({ statusCode: 429, message: 'Too many wrong passwords for this account from your network. Try again in 1 s.' });
    at(T0 + 2_000);
    await admit('ted', '10.0.0.4'); // its time has come
    expect((await counter(keys.userAndAddress)).attempts).toBe(3);
  });

  test('a success gives back its one count on each key; failures stay; the delay is lifted', async () => {
    at(T0);
    const keys = throttleKeys('una', '10.0.1.1');
    for (let i = 0; i < 2; i++) await admit('una', '10.0.1.1'); // two wrong passwords: kept
    at(T0 + 1_000); // past the delay the second set
    const ok = await admit('una', '10.0.1.1');
    expect((await counter(keys.userAndAddress)).next_allowed_at).not.toBeNull();
    await giveBack(db, ok, true);
    expect(await counter(keys.address)).toMatchObject({ attempts: 2 });
    expect(await counter(keys.userAndAddress)).toMatchObject({ attempts: 2, next_allowed_at: null });
    expect((await counter(keys.userAndAddress)).last_success_at).not.toBeNull();
  });

  test('a check that could not be made (an error) gives back its one count and forgets nothing', async () => {
    at(T0);
    const keys = throttleKeys('uli', '10.0.1.2');
    await admit('uli', '10.0.1.2');
    await giveBack(db, await admit('uli', '10.0.1.2'), false);
    expect(await counter(keys.userAndAddress)).toMatchObject({ attempts: 1 });
    expect(await counter(keys.address)).toMatchObject({ attempts: 1 });
  });

  test('a give-back after the window started again takes nothing from the new window', async () => {
    at(T0);
    const keys = throttleKeys('uma', '10.0.1.3');
    const r = await admit('uma', '10.0.1.3');
    at(T0 + policy.windowMs);
    await admit('uma', '10.0.1.3'); // a new window, one count
    await giveBack(db, r, false);
    expect(await counter(keys.address)).toMatchObject({ attempts: 1 });
  });

  test('the address: a cap without delays, refusing an account never signed in from there', async () => {
    at(T0);
    const ip = '10.0.2.1';
    await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [throttleKeys('x', ip).address, policy.perAddress - 1, new Date(T0)]);
    await admit('vic', ip); // the tenth: admitted, no delay
    expect((await counter(throttleKeys('x', ip).address)).next_allowed_at).toBeNull();
    expect(await refusal(admit('val', ip))).toMatchObject({ code: 'THROTTLED_ADDRESS', message: 'Too many wrong passwords from your network. Try again in 60 s.', retryAfter: 60 });
  });

  test(`an account known at the address (a success there within ${KNOWN_ACCOUNT_MS / 86_400_000} days) passes its spent cap, within its own limit`, async () => {
    at(T0);
    const ip = '10.0.2.2';
    const keys = throttleKeys('wes', ip);
    await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [keys.address, policy.perAddress, new Date(T0)]);
    await db.query('insert into login_throttle (key, first_at, last_success_at) values ($1, $2, $3)', [keys.userAndAddress, new Date(T0), new Date(T0 - KNOWN_ACCOUNT_MS + 1)]);
    await admit('wes', ip);
    await db.query('update login_throttle set last_success_at = $2 where key = $1', [keys.userAndAddress, new Date(T0 - KNOWN_ACCOUNT_MS)]);
    expect(await refusal(admit('wes', ip))).toMatchObject({ code: 'THROTTLED_ADDRESS' });
  });

  test('with a session: counted per session (limit and delays) and on the address, which never refuses it', async () => {
    at(T0);
    const ip = '10.0.2.3';
    const keys = throttleKeys('xia', ip, 'sess-1');
    await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [keys.address, policy.perAddress + 5, new Date(T0)]);
    for (let i = 0; i < policy.perUserAndAddress; i++) {
      at(T0 + i * 60_000 / 10); // past each delay
      await admit('xia', ip, policy, 'sess-1');
    }
    expect(await counter(keys.session!)).toMatchObject({ attempts: 4 });
    expect(await counter(keys.address)).toMatchObject({ attempts: policy.perAddress + 5 + 4 });
    expect(await refusal(admit('xia', ip, policy, 'sess-1'))).toMatchObject({ code: 'THROTTLED_SESSION', message: 'Too many wrong passwords in this session. Try again in 42 s.' });
    expect(await counter(keys.userAndAddress)).toBeUndefined(); // sign-in at this address is not touched
    await admit('xia', ip, policy, 'sess-2'); // another session of the same account
  });

  test('forgetOldCounters keeps a counter that remembers a recent success', async () => {
    await db.query(
      "insert into login_throttle (key, first_at, last_success_at) values ('known', now() - interval '1 hour', now() - interval '1 day'), ('long-gone', now() - interval '1 hour', now() - interval '31 days')",
    );
    await forgetOldCounters(db, 60_000);
    expect((await db.query<{ key: string }>("select key from login_throttle where key in ('known', 'long-gone')")).map((r) => r.key)).toEqual(['known']);
  });
});

describe('idempotency keys', () => {
  test('a key reused for another operation with the same request is refused, naming why', async () => {
    const run = (operation: string) => idempotent(db, { adminId: 7, key: 'shared-key-1', operation, request: { id: '1' } }, async () => ({ ok: operation }));
    expect(await run('persons.addMoney')).toEqual({ result: { ok: 'persons.addMoney' }, replayed: false });
    expect(await run('persons.addMoney')).toEqual({ result: { ok: 'persons.addMoney' }, replayed: true });
    await expect(run('orders.refundOrder')).rejects.toMatchObject({
      statusCode: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for another request: use a new key for a new action',
    });
  });
});
