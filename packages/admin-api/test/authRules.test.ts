// The rules of administrators, sessions, sign-in throttling, housekeeping and idempotency, called
// as functions on a real database: each boundary exact (a window that ends, a retry time reached),
// so the mutation run (docs/testing.md) finds no rule that can change unnoticed.
import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { addAdmin, checkCredentials, createSession, ensureFirstAdmin, findSession, housekeeping, LAST_SEEN_EVERY_SECONDS, revokeSession } from '../src/modules/auth/repository';
import { admitAttempt, forgetOldCounters, throttleKeys } from '../src/modules/auth/throttle';
import { idempotent } from '../src/modules/idempotency/repository';
import { openFreshDb } from './helpers';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openFreshDb());
  await migrate(db);
});
afterAll(() => drop?.());
afterEach(() => jest.restoreAllMocks());

describe('administrators', () => {
  test('the first administrator: created once, with the given password, as an owner', async () => {
    expect(await ensureFirstAdmin(db, 'first', 'first-password-1')).toEqual({ created: true, generatedPassword: undefined });
    expect(await ensureFirstAdmin(db, 'second', 'second-password-1')).toEqual({ created: false });
    expect(await db.query('select username, role from admins')).toEqual([{ username: 'first', role: 'owner' }]);
    expect(await checkCredentials(db, 'first', 'first-password-1')).toMatchObject({ username: 'first', role: 'owner' });
    await db.query('delete from admins');
  });

  test('without a password one is generated, returned once, and signs in', async () => {
    const { created, generatedPassword } = await ensureFirstAdmin(db, 'gen', undefined);
    expect(created).toBe(true);
    expect(generatedPassword).toMatch(/^.{16,}$/);
    expect(await checkCredentials(db, 'gen', generatedPassword!)).toMatchObject({ username: 'gen' });
    expect(await checkCredentials(db, 'gen', 'wrong')).toBeNull();
    await db.query('delete from admins');
  });

  test('addAdmin: added once (a second time is refused), password hashed, with its role', async () => {
    expect(await addAdmin(db, 'ada', 'ada-password-1', 'viewer')).toBe(true);
    expect(await addAdmin(db, 'ada', 'other-password-1', 'owner')).toBe(false);
    const [row] = await db.query<{ password_hash: string; role: string }>("select password_hash, role from admins where username = 'ada'");
    expect(row.role).toBe('viewer');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await checkCredentials(db, 'ada', 'ada-password-1')).toMatchObject({ username: 'ada', role: 'viewer' });
    expect(await checkCredentials(db, 'ada', 'other-password-1')).toBeNull();
  });

  test('a session lasts exactly its time to live', async () => {
    const [{ id }] = await db.query<{ id: number }>("select id::int as id from admins where username = 'ada'");
    await createSession(db, id, 90_000, '127.0.0.1');
    const [s] = await db.query<{ ttl: number }>('select extract(epoch from expires_at - created_at)::float8 as ttl from admin_sessions order by created_at desc limit 1');
    expect(s.ttl).toBeCloseTo(90, 0);
  });

  test("a session keeps at most 500 characters of the browser's User-Agent, and none when it sent none", async () => {
    const [{ id }] = await db.query<{ id: number }>("select id::int as id from admins where username = 'ada'");
    const long = await createSession(db, id, 60_000, '127.0.0.1', 'A'.repeat(600));
    const none = await createSession(db, id, 60_000, '127.0.0.1');
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
    const [{ id }] = await db.query<{ id: number }>("select id::int as id from admins where username = 'ada'");
    token = await createSession(db, id, 3600_000, '127.0.0.1', 'jest');
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
    const [{ id }] = await db.query<{ id: number }>("select id::int as id from admins where username = 'ada'");
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
    expect((await db.query<{ key: string }>('select key from idempotency_keys')).map((r) => r.key)).toEqual(['kept-key-1']);
    expect((await db.query<{ token_hash: string }>("select token_hash from admin_sessions where token_hash like '%-session'")).map((r) => r.token_hash)).toEqual(['kept-session']);
    expect((await db.query<{ key: string }>("select key from login_throttle where key like '%-counter'")).map((r) => r.key)).toEqual(['kept-counter']);
  });

  test('forgetOldCounters alone: counters older than two windows go', async () => {
    await db.query("insert into login_throttle (key, first_at) values ('stale', now() - interval '3 minutes'), ('fresh', now() - interval '1 minute')");
    await forgetOldCounters(db, 60_000);
    expect((await db.query<{ key: string }>("select key from login_throttle where key in ('stale', 'fresh')")).map((r) => r.key)).toEqual(['fresh']);
  });
});

describe('sign-in throttling at its boundaries', () => {
  const policy = { perUserAndAddress: 4, perAddress: 10, windowMs: 60_000 };
  const T0 = Date.parse('2026-11-23T10:00:00.000Z');
  const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
  const counter = async (key: string) =>
    (await db.query<{ attempts: number; first_at: Date }>('select attempts, first_at from login_throttle where key = $1', [key]))[0];
  const refusal = (p: Promise<void>) => p.then(() => null, (err: { statusCode: number; message: string; retryAfter?: number }) => err);

  async function atLimit(username: string, ip: string, firstAt: number) {
    const keys = throttleKeys(username, ip);
    await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [keys.userAndAddress, policy.perUserAndAddress, new Date(firstAt)]);
    return keys;
  }

  test('at the limit, refused until the window ends; the message says the wait in seconds', async () => {
    await atLimit('tom', '10.0.0.1', T0);
    at(T0 + 15_000);
    const err = await refusal(admitAttempt(db, policy, 'tom', '10.0.0.1'));
    expect(err).toMatchObject({ statusCode: 429, message: 'Too many failed sign-in attempts: try again in 45 second(s)', retryAfter: 45 });
  });

  test('the moment the window ends, the count starts again from this attempt', async () => {
    const keys = await atLimit('tim', '10.0.0.2', T0);
    at(T0 + policy.windowMs);
    await admitAttempt(db, policy, 'tim', '10.0.0.2');
    const row = await counter(keys.userAndAddress);
    expect(row.attempts).toBe(1);
    expect(new Date(row.first_at).getTime()).toBe(T0 + policy.windowMs);
  });

  test('a wait of 89 s is said in seconds, one of 90 s in minutes (rounded up)', async () => {
    for (const [user, waitMs, said] of [
      ['tia', 89_000, '89 second(s)'],
      ['tod', 90_000, '2 minute(s)'],
    ] as const) {
      const long = { ...policy, windowMs: 10 * 60_000 };
      const keys = throttleKeys(user, '10.0.0.9');
      await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [keys.userAndAddress, long.perUserAndAddress, new Date(T0)]);
      at(T0 + long.windowMs - waitMs);
      expect(await refusal(admitAttempt(db, long, user, '10.0.0.9'))).toMatchObject({ message: `Too many failed sign-in attempts: try again in ${said}`, retryAfter: waitMs / 1000 });
    }
  });

  test('a long wait is said in minutes', async () => {
    const long = { ...policy, windowMs: 10 * 60_000 };
    const keys = throttleKeys('tara', '10.0.0.3');
    await db.query('insert into login_throttle (key, attempts, first_at) values ($1, $2, $3)', [keys.userAndAddress, long.perUserAndAddress, new Date(T0)]);
    at(T0 + 5_000);
    expect(await refusal(admitAttempt(db, long, 'tara', '10.0.0.3'))).toMatchObject({ message: 'Too many failed sign-in attempts: try again in 10 minute(s)' });
  });

  test('a delay set by earlier failures refuses until its time, not after', async () => {
    const keys = throttleKeys('ted', '10.0.0.4');
    await db.query('insert into login_throttle (key, attempts, first_at, next_allowed_at) values ($1, 2, $2, $3)', [keys.userAndAddress, new Date(T0), new Date(T0 + 2_000)]);
    at(T0 + 1_000);
    expect(await refusal(admitAttempt(db, policy, 'ted', '10.0.0.4'))).toMatchObject({ statusCode: 429, message: 'Too many failed sign-in attempts: try again in 1 second(s)' });
    at(T0 + 2_000);
    await admitAttempt(db, policy, 'ted', '10.0.0.4'); // its time has come
    expect((await counter(keys.userAndAddress)).attempts).toBe(3);
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
