// Before the server listens, it runs once what the first sign-in and the dashboard run: the password
// check (scrypt, whose first call also starts libuv's thread pool), the session's insert and lookup,
// the audit insert and the dashboard's three queries. On PGlite a statement's first run pays for
// WebAssembly compiling its code paths: measured on a fresh start, the first administrator's
// sign-in and dashboard answers were 50-130 ms slower than the next one's (e2e/perf/measure.mjs).
// Everything runs in one transaction that is rolled back: nothing of it stays in the database.
import type { Db } from './db';
import { audit } from './db/audit';
import { checkCredentials, createSession, findSession } from './modules/auth/repository';
import { revenueStats, trends, userStats } from './modules/analytics/repository';
import { trendWindow } from './modules/analytics/trendWindow';

class RolledBack extends Error {}

/** Runs the sign-in's and the dashboard's statements once, leaving nothing behind; resolves with the ms it took. */
/** `passwordHashCost`: the server's PASSWORD_HASH_COST, which the dummy check runs at. */
export async function warmUp(db: Db, passwordHashCost: number): Promise<number> {
  const started = performance.now();
  try {
    await db.transaction(async (tx) => {
      // No administrator has an empty name: the lookup finds none and checks against the dummy hash.
      await checkCredentials(tx, '', 'warm-up', passwordHashCost);
      const [admin] = await tx.query<{ id: number; username: string }>('select id::int as id, username from admins order by id limit 1');
      if (admin) {
        const { token } = await createSession(tx, admin.id, 60_000, '127.0.0.1', 'warm-up');
        await audit(tx, { adminId: admin.id, username: admin.username, ip: '127.0.0.1' }, 'login', `admin:${admin.username}`, 'Signed in');
        await findSession(tx, token, 60_000);
      }
      await userStats(tx);
      await revenueStats(tx);
      await trends(tx, 'day', trendWindow({ days: 30 }), 'UTC');
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return Math.round(performance.now() - started);
}
