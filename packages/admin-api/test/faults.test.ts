// The fault suite (short version; `pnpm --filter @growth-admin/admin-api faults` runs the long one
// and prints its figures). Real server processes on PGlite, and on PostgreSQL where one is up:
// - kill -9 under concurrent writers, then a restart: every acknowledged add-money is there, and a
//   retry of every call (acknowledged or cut off) with its Idempotency-Key applies it exactly once;
// - two processes on one PGlite folder: the second refuses, naming the holder; the CLI too; after a
//   kill -9 the next start takes the stale lock over.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Api, freshDatabase, ON_POSTGRES } from './helpers';
import { nodeWithTsx, startServerProcess, type Refusal, type ServerProcess } from './serverProcess';

const run = promisify(execFile);
jest.setTimeout(120_000);

/** The place a process keeps its data, as its environment names it. */
function dataEnv(place: { dataDir?: string; databaseUrl?: string }): Record<string, string> {
  return place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : { DATABASE_URL: '', DATA_DIR: place.dataDir! };
}

async function balances(api: Api): Promise<Map<string, number>> {
  const res = await api.get('/api/admin/persons/list', { query: { page: 1, pageSize: 100 } });
  return new Map(res.body.data.list.map((p: { _id: string; money: number }) => [p._id, p.money]));
}

test('kill -9 under 8 concurrent writers: nothing acknowledged is lost, and retries apply each call exactly once', async () => {
  const place = await freshDatabase(ON_POSTGRES, { seeded: true }); // migrated and seeded: the processes start at once
  let server: ServerProcess | null = await startServerProcess(dataEnv(place));
  try {
    const api = new Api(server.url);
    await api.login();
    const initial = await balances(api);
    const ids = [...initial.keys()];
    const calls = new Map<string, { personId: string; amount: number }>();
    const acknowledged = new Set<string>();
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const key = `kill9-${w}-${i}-xxxx`;
        const call = { personId: ids[(w * 7 + i * 13) % ids.length], amount: 1 + ((w + i) % 50) };
        calls.set(key, call);
        try {
          const res = await api.post('/api/admin/persons/add-money', call, { headers: { 'Idempotency-Key': key } });
          if (res.status === 200) acknowledged.add(key);
        } catch {
          return; // the server is gone
        }
        if (acknowledged.size >= 80 && server) {
          const dying = server;
          server = null;
          await dying.kill9();
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    expect(acknowledged.size).toBeGreaterThanOrEqual(80);

    server = await startServerProcess(dataEnv(place)); // on PGlite, over the killed process's lock
    const after = new Api(server.url);
    await after.login();
    for (const [key, call] of calls) {
      const res = await after.post('/api/admin/persons/add-money', call, { headers: { 'Idempotency-Key': key } });
      expect({ key, status: res.status }).toEqual({ key, status: 200 });
      // An acknowledged call was stored: its retry is a replay, never a second application.
      if (acknowledged.has(key)) expect({ key, replayed: res.headers.get('idempotent-replayed') }).toEqual({ key, replayed: 'true' });
    }
    const expected = new Map(initial);
    for (const call of calls.values()) expected.set(call.personId, expected.get(call.personId)! + call.amount);
    expect(await balances(after)).toEqual(expected);
  } finally {
    await server?.stop();
    await place.drop();
  }
});

(ON_POSTGRES ? test.skip : test)('two processes on one PGlite folder: the second (and the CLI) refuse, naming the holder; after a kill -9 the next start goes on', async () => {
  const place = await freshDatabase(ON_POSTGRES, { seeded: true }); // migrated and seeded: the processes start at once
  const first = await startServerProcess(dataEnv(place));
  try {
    const refusal = (await startServerProcess(dataEnv(place)).then(
      (second) => second.stop().then(() => null),
      (r: Refusal) => r,
    )) as Refusal | null;
    expect(refusal).not.toBeNull();
    expect(refusal!.code).toBe(1);
    expect(refusal!.output).toContain(`The data folder ${place.dataDir} is in use by process ${first.pid}`);
    const [node, args, options] = nodeWithTsx(join(__dirname, '../src/cli.ts'));
    const cli = await run(node, [...args, 'add-admin', 'someone', 'long-enough-password'], { ...options, env: { ...process.env, ...dataEnv(place) } }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`is in use by process ${first.pid}`);
    expect(cli.stderr).toContain('stop it first');
  } finally {
    await first.kill9();
  }
  const next = await startServerProcess(dataEnv(place));
  const api = new Api(next.url);
  await api.login(); // the data is there, the lock taken over
  await next.stop();
  await place.drop();
});
