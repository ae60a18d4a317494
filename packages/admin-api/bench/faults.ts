// The fault suite, long version: a program that prints its figures (the short version runs in the
// test command: test/faults.test.ts, test/resilience.test.ts).
//   pnpm --filter @growth-admin/admin-api faults [--cycles 6] [--connections 1000]
// On PGlite, and again on PostgreSQL when DATABASE_URL is set (a throwaway database per run).
// - kill -9 under 12 concurrent writers, `cycles` times: acknowledged add-money calls lost, and
//   calls applied twice when every call is retried with its Idempotency-Key after the restart;
// - overload: a burst of `connections` add-money calls at once (answers by status, latency), then
//   as many clients that abort after 2 s and retry with their key; coins applied against calls made
//   (each must count once);
// - a sign-in flood: 10,000 wrong passwords from one address; password checks made; the real
//   administrator from another address;
// - PGlite: a second process on the folder; the folder deleted while serving (how long until 503).
import { rmSync } from 'node:fs';
import { Api, freshDatabase } from '../test/helpers';
import { startServerProcess, type Refusal, type ServerProcess } from '../test/serverProcess';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CYCLES = arg('cycles', 6);
const CONNECTIONS = arg('connections', 1000);

type Place = Awaited<ReturnType<typeof freshDatabase>>;
const envOf = (place: Place): Record<string, string> =>
  place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : { DATABASE_URL: '', DATA_DIR: place.dataDir! };

async function balances(api: Api): Promise<Map<string, number>> {
  const res = await api.get('/api/admin/persons/list', { query: { page: 1, pageSize: 100 } });
  return new Map(res.body.data.list.map((p: { _id: string; money: number }) => [p._id, p.money]));
}

/** Retries every call with its key; answers how many were applied twice (balances beyond the calls). */
async function settle(api: Api, initial: Map<string, number>, calls: Map<string, { personId: string; amount: number }>, acknowledged: Set<string>) {
  let lost = 0;
  for (const [key, call] of calls) {
    const res = await api.post('/api/admin/persons/add-money', call, { headers: { 'Idempotency-Key': key } });
    if (res.status !== 200) throw new Error(`retry of ${key}: ${res.status} ${JSON.stringify(res.body)}`);
    if (acknowledged.has(key) && res.headers.get('idempotent-replayed') !== 'true') lost++;
  }
  const expected = new Map(initial);
  for (const c of calls.values()) expected.set(c.personId, expected.get(c.personId)! + c.amount);
  const actual = await balances(api);
  let mismatched = 0;
  for (const [id, money] of expected) if (actual.get(id) !== money) mismatched++;
  return { lost, mismatched };
}

async function killCycles(place: Place) {
  const rows: string[] = [];
  let server = await startServerProcess(envOf(place));
  let api = new Api(server.url);
  await api.login();
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const initial = await balances(api);
    const ids = [...initial.keys()];
    const calls = new Map<string, { personId: string; amount: number }>();
    const acknowledged = new Set<string>();
    const killAt = 100 + Math.floor(Math.random() * 200);
    let alive: ServerProcess | null = server;
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const key = `c${cycle}-w${w}-${i}-faults`;
        const call = { personId: ids[Math.floor(Math.random() * ids.length)], amount: 1 + Math.floor(Math.random() * 100) };
        calls.set(key, call);
        try {
          if ((await api.post('/api/admin/persons/add-money', call, { headers: { 'Idempotency-Key': key } })).status === 200) acknowledged.add(key);
        } catch {
          return;
        }
        if (acknowledged.size >= killAt && alive) {
          const dying = alive;
          alive = null;
          await dying.kill9();
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, w) => writer(w)));
    const started = Date.now();
    server = await startServerProcess(envOf(place));
    const restartMs = Date.now() - started;
    api = new Api(server.url);
    await api.login();
    const { lost, mismatched } = await settle(api, initial, calls, acknowledged);
    rows.push(`  cycle ${cycle}: ${acknowledged.size} acknowledged, ${calls.size - acknowledged.size} cut off by the kill; after the restart (${restartMs} ms): ${lost} acknowledged lost, ${mismatched} balances off after retrying every call`);
  }
  await server.stop();
  return rows;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function overload(place: Place) {
  const server = await startServerProcess(envOf(place));
  const api = new Api(server.url);
  await api.login();
  const initial = await balances(api);
  const ids = [...initial.keys()];
  const call = (c: number) => ({ personId: ids[c % ids.length], amount: 1 + (c % 10) });

  // A burst: every client at once, once, waiting as long as it takes.
  const burst = new Map<number, number>();
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      const started = Date.now();
      const res = await api.post('/api/admin/persons/add-money', call(c), { headers: { 'Idempotency-Key': `burst-${c}-faults` } });
      latencies.push(Date.now() - started);
      burst.set(res.status, (burst.get(res.status) ?? 0) + 1);
    }),
  );
  latencies.sort((a, b) => a - b);

  // Clients that give up after 2 s (aborting the request) and retry with the same key.
  const calls = new Map<string, { personId: string; amount: number }>();
  for (let c = 0; c < CONNECTIONS; c++) calls.set(`burst-${c}-faults`, call(c)); // settled below with the rest
  const answers = new Map<string, number>();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      const key = `patient-${c}-faults`;
      calls.set(key, call(c));
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await api.post('/api/admin/persons/add-money', call(c), { headers: { 'Idempotency-Key': key }, signal: AbortSignal.timeout(2000) }).catch(() => null);
        const label = res ? String(res.status) : 'aborted after 2 s';
        answers.set(label, (answers.get(label) ?? 0) + 1);
        if (res?.status === 200) return;
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000)); // Retry-After: 1, with jitter
      }
    }),
  );
  const { mismatched } = await settle(api, initial, calls, new Set());
  await server.stop();
  return [
    `  a burst of ${CONNECTIONS} add-money calls at once: ${[...burst.entries()].map(([s, n]) => `${s} × ${n}`).join(', ')}; latency p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies[latencies.length - 1]} ms`,
    `  ${CONNECTIONS} clients aborting after 2 s and retrying with their Idempotency-Key: ${[...answers.entries()].map(([s, n]) => `${s} × ${n}`).join(', ')}`,
    `  after retrying every call to the end, balances off: ${mismatched} (each call applied exactly once: ${mismatched === 0 ? 'yes' : 'NO'})`,
  ];
}

async function signInFlood(place: Place) {
  const server = await startServerProcess(envOf(place));
  const attacker = new Api(server.url, '127.0.0.2');
  const counts = new Map<number, number>();
  for (let batch = 0; batch < 200; batch++) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => attacker.post('/api/admin/login', { username: 'admin', password: 'wrong' }, { token: null })));
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  }
  const elsewhere = await new Api(server.url, '127.0.0.3').post('/api/admin/login', { username: 'admin', password: 'correct-horse-battery' }, { token: null });
  await server.stop();
  return [
    `  10,000 wrong passwords for one username from one address (50 at a time): ${[...counts.entries()].map(([s, n]) => `${s} × ${n}`).join(', ')} (401 = a password check made)`,
    `  the real administrator from another address meanwhile: ${elsewhere.status === 200 ? 'signed in' : `refused (${elsewhere.status})`}`,
  ];
}

async function pgliteFolder(place: Place) {
  const first = await startServerProcess(envOf(place));
  const second = await startServerProcess(envOf(place)).then(
    (s) => s.stop().then(() => 'STARTED (a second process on one folder)'),
    (r: Refusal) => `refused (exit ${r.code}): ${r.output.trim().split('\n').pop()}`,
  );
  const api = new Api(first.url);
  await api.login();
  rmSync(place.dataDir!, { recursive: true, force: true });
  const deleted = Date.now();
  let answer = 0;
  while (answer !== 503) answer = (await api.post('/api/admin/persons/add-money', { personId: '1', amount: 1 })).status;
  const detected = Date.now() - deleted;
  await first.stop();
  return [`  a second process on the folder: ${second}`, `  the folder deleted while serving: writes answered 503 after ${detected} ms, nothing acknowledged after it`];
}

async function main() {
  const engines: Array<['PGlite' | 'PostgreSQL', string]> = [['PGlite', 'pglite']];
  if (process.env.DATABASE_URL) engines.push(['PostgreSQL', 'postgres']);
  console.log(`Fault suite, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`);
  for (const [name, target] of engines) {
    const fresh = async () => freshDatabase(target === 'postgres');
    console.log(`\n${name}`);
    let place = await fresh();
    console.log(`kill -9 under 12 concurrent writers, ${CYCLES} times:`);
    for (const row of await killCycles(place)) console.log(row);
    await place.drop();
    place = await fresh();
    console.log('overload:');
    for (const row of await overload(place)) console.log(row);
    await place.drop();
    place = await fresh();
    console.log('sign-in flood:');
    for (const row of await signInFlood(place)) console.log(row);
    await place.drop();
    if (target === 'pglite') {
      place = await fresh();
      console.log('the data folder:');
      for (const row of await pgliteFolder(place)) console.log(row);
      await place.drop();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
