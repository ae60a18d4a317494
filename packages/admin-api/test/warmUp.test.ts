// The start-up warm-up (src/warmUp.ts) runs the sign-in's and the dashboard's statements once and
// leaves nothing of them behind: no session, no audit entry, no other row; the server says it ran.
import { migrate } from '../src/db/migrate';
import { addAdmin } from '../src/modules/auth/repository';
import { warmUp } from '../src/warmUp';
import { freshDatabase, ON_POSTGRES, openFreshDb, startOn, TEST_PASSWORD_HASH_COST } from './helpers';

const TABLES = ['admin_sessions', 'audit_log', 'login_throttle', 'admins'];

test('runs the sign-in and dashboard statements in a transaction it rolls back: every table as it was', async () => {
  const { db, drop } = await openFreshDb();
  try {
    await migrate(db);
    await addAdmin(db, 'ada', 'a-long-enough-password');
    const counts = async () =>
      Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n])));
    const before = await counts();
    expect(await warmUp(db, TEST_PASSWORD_HASH_COST)).toBeGreaterThanOrEqual(0);
    expect(await counts()).toEqual(before);
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
