// The start-up warm-up (src/warmUp.ts) runs the sign-in's and the dashboard's statements once and
// leaves nothing of them behind: no session, no audit entry, no other row; the server says it ran.
import { defaultConfig } from '../src/config';
import type { Db, Queryable } from '../src/db';
import { migrate } from '../src/migrations';
import { revenueStats, trends, userStats } from '../src/modules/analytics/repository';
import { trendWindow, trendZone } from '../src/modules/analytics/trendWindow';
import { addAdmin, findSession } from '../src/modules/auth/repository';
import { signIn } from '../src/modules/auth/signIn';
import { warmUp } from '../src/warmUp';
import { freshDatabase, ON_POSTGRES, openFreshDb, startOn, TEST_PASSWORD_HASH_COST } from './helpers';

const TABLES = ['admin_sessions', 'audit_log', 'login_throttle', 'admins'];

/** `db`, recording the text of every statement run through it, and whether it ran in a transaction. */
function recording(db: Db) {
  const statements: Array<{ sql: string; inTransaction: boolean }> = [];
  const through = (q: Queryable, inTransaction: boolean): Queryable => ({
    query: (sql, params) => {
      statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), inTransaction });
      return q.query(sql, params);
    },
    exec: (sql) => {
      statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), inTransaction });
      return q.exec(sql);
    },
  });
  const recorded: Db = {
    ...through(db, false),
    engine: db.engine,
    transaction: (fn) => db.transaction((tx) => fn(through(tx, true))),
    lost: () => db.lost(),
    markCreated: () => db.markCreated(),
    close: () => db.close(),
  };
  return { db: recorded, statements };
}

test("runs, in one transaction it rolls back, every statement of a sign-in (the throttle's aside), of the next request's session lookup and of the dashboard's three loads: every table as it was", async () => {
  const { db, drop } = await openFreshDb();
  try {
    await migrate(db);
    await addAdmin(db, 'ada', 'a-long-enough-password', 'owner', TEST_PASSWORD_HASH_COST);
    const counts = async () =>
      Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n])));
    const before = await counts();
    const warm = recording(db);
    await warmUp(warm.db, TEST_PASSWORD_HASH_COST);
    expect(await counts()).toEqual(before);
    expect(warm.statements.filter((s) => !s.inTransaction)).toEqual([]);

    // What the first administrator's sign-in and dashboard then run, as their routes call it.
    const first = recording(db);
    const config = defaultConfig({ passwordHashCost: TEST_PASSWORD_HASH_COST });
    const { token } = await signIn(first.db, config, { username: 'ada', password: 'a-long-enough-password', ip: '127.0.0.1', userAgent: 'jest' });
    expect((await findSession(first.db, token, config.sessionIdleMs)).status).toBe('live');
    await userStats(first.db);
    await revenueStats(first.db);
    await trends(first.db, 'day', trendWindow({ days: 30 }), trendZone('Europe/Paris'));
    const wanted = [...new Set(first.statements.map((s) => s.sql).filter((sql) => !sql.includes('login_throttle')))];
    expect(wanted).toEqual(expect.arrayContaining([expect.stringMatching(/^insert into admin_sessions/), expect.stringMatching(/^insert into audit_log/)]));
    const warmed = new Set(warm.statements.map((s) => s.sql));
    expect(wanted.filter((sql) => !warmed.has(sql))).toEqual([]);
    // The database is free for the requests that follow (the transaction ended).
    expect((await db.query<{ n: number }>('select 1 as n'))[0].n).toBe(1);
  } finally {
    await drop();
  }
});

test('a statement that fails surfaces from warmUp (the server logs it and starts anyway)', async () => {
  const { db, drop } = await openFreshDb();
  try {
    await migrate(db);
    await db.query('alter table person_hourly rename to person_hourly_gone');
    await expect(warmUp(db, TEST_PASSWORD_HASH_COST)).rejects.toThrow(/person_hourly/);
  } finally {
    await drop();
  }
});

test('the server warms up before it listens, and says so', async () => {
  const place = await freshDatabase(ON_POSTGRES, { seeded: true });
  const lines: string[] = [];
  const server = await startOn(place, { log: (line) => lines.push(line) });
  try {
    const warmed = lines.findIndex((l) => /warmed up the sign-in and the dashboard's statements in \d+ ms/.test(l));
    expect(warmed).toBeGreaterThanOrEqual(0);
    expect(warmed).toBeLessThan(lines.findIndex((l) => l.includes('listening on')));
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from admin_sessions'))[0].n).toBe(0);
  } finally {
    await server.close();
    await place.drop();
  }
});
