// Benchmark (not a test): seeds 100k users and 1M orders into a PGlite directory (once; reused on
// later runs), starts the built server (dist/main.js) in its own process, and measures each
// endpoint over loopback HTTP with autocannon for a bounded time. Prints a table of p50/p99/req/s.
//
//   pnpm --filter @growth-admin/admin-api build
//   pnpm --filter @growth-admin/admin-api bench [-- --users 100000 --orders 1000000 --seconds 5 --connections 8 --reseed --only analytics]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signRequest } from '../src/security';
import { markerOf } from '../src/db/dataDir';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const USERS = opt('users', 100_000);
const ORDERS = opt('orders', 1_000_000);
const SECONDS = opt('seconds', 5);
const CONNECTIONS = opt('connections', 8);
const RESEED = args.includes('--reseed');
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : ''; // endpoints whose name contains this
const PKG = join(__dirname, '..');
const DATA_DIR = process.env.BENCH_DATA_DIR ?? join(tmpdir(), `growth-admin-bench-${USERS}-${ORDERS}`);
const KEY = 'bench-signing-key';
const PASSWORD = 'bench-password';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const env = (extra: Record<string, string>) => ({ ...process.env, DATA_DIR, DATABASE_URL: '', ADMIN_SIGNING_KEY: KEY, ADMIN_PASSWORD: PASSWORD, ...extra });

function seed() {
  const marker = join(DATA_DIR, 'bench-seeded.json');
  if (!RESEED && existsSync(marker)) {
    console.log(`reusing the seeded data in ${DATA_DIR}`);
    return;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync(markerOf(DATA_DIR), { force: true }); // deliberately a fresh database: the server would refuse a lost one
  console.log(`seeding ${USERS} users and ${ORDERS} orders into ${DATA_DIR} ...`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(PKG, 'dist/cli.js'), 'seed', '--users', String(USERS), '--orders', String(ORDERS)], {
    env: env({ SEED_DEMO: '0' }),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('seeding failed');
  const seconds = (Date.now() - started) / 1000;
  console.log(`seed command (database creation + seed): ${seconds.toFixed(1)} s`);
  writeFileSync(marker, JSON.stringify({ users: USERS, orders: ORDERS, seconds }));
}

async function startApi(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(PKG, 'dist/main.js')], {
    env: env({ API_PORT: String(port), API_HOST: '127.0.0.1', SEED_DEMO: '0' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening on')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the API exited (${code})`)));
  });
  return child;
}

const signed = (token?: string) => {
  const ts = String(Date.now());
  const nonce = randomBytes(16).toString('base64url').slice(0, 21);
  return {
    'x-timestamp': ts,
    'x-nonce': nonce,
    'x-signature': signRequest(ts, nonce, KEY),
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
};

/** The resident memory of a process (Linux), in MB. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Downloads one export to the end, counting its bytes and rows (no line break inside these cells). */
async function download(url: string, token: string): Promise<{ bytes: number; rows: number; total: string | null }> {
  const res = await fetch(url, { headers: signed(token) });
  let bytes = 0;
  let rows = -1; // the header
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) rows++;
  }
  return { bytes, rows, total: res.headers.get('x-total-count') };
}

/**
 * The whole orders export (every growth order, newest first), the payments export sorted by
 * amount, then both at once (every order of the database, 1M rows at the default size): time to
 * the last byte, rows, and the server's memory growth over its resident size before (sampled
 * every 50 ms). The first export runs on a freshly started server: its growth is the worst case.
 */
async function measureExport(base: string, token: string, pid: number) {
  console.log('\n\nExport (the whole list streamed to /dev/null)\n');
  const orders = '/api/admin/orders/exportOrders';
  const payments = '/api/admin/orders/exportPayments?sort=paymentMoney.desc';
  for (const [name, paths] of [
    ['orders export (all)', [orders]],
    ['payments export by amount', [payments]],
    ['both at once', [orders, payments]],
  ] as const) {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const started = Date.now();
    const results = await Promise.all(paths.map((path) => download(`${base}${path}`, token)));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const rows = results.reduce((n, r) => n + r.rows, 0);
    const bytes = results.reduce((n, r) => n + r.bytes, 0);
    const totals = results.map((r) => r.total).join(' + ');
    console.log(`${name}: ${rows} rows (X-Total-Count ${totals}), ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s); server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (growth ${(peak - before).toFixed(0)} MB)`);
  }
}

async function main() {
  seed();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = await startApi(port);
  try {
    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: signed(), body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const get = async (path: string) => ((await (await fetch(`${base}${path}`, { headers: signed(token) })).json()) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
    // Real search values from the data.
    const sample = (await get('/api/admin/orders/orderList?page=250&limit=1')).orders[0];
    const person = (await get('/api/admin/persons/list?page=37&pageSize=1')).list[0];
    // The middle of a name ('patel' of 'mia_patel2998'): what an administrator who half-remembers types.
    const namePart = encodeURIComponent((person.customName.split('_')[1] ?? person.customName).replace(/[0-9]+$/, ''));

    // The lists' shapes: sorts, created ranges (a week, and a half-hour time zone's day edges), type and region.
    const newest = Date.parse(sample.createdAt);
    const weekAgo = new Date(newest - 7 * 86_400_000).toISOString();
    const dayEdges = `createdFrom=${encodeURIComponent(new Date(newest - 3 * 86_400_000 - 30 * 60_000).toISOString())}&createdTo=${encodeURIComponent(new Date(newest - 2 * 86_400_000 - 30 * 60_000).toISOString())}`;
    const cases: Array<[string, string]> = [
      ['orders sort amount desc', '/api/admin/orders/orderList?page=0&limit=20&sort=paymentMoney.desc'],
      ['orders sort amount asc page 500', '/api/admin/orders/orderList?page=499&limit=20&sort=paymentMoney.asc'],
      ['orders sort amount status=error', '/api/admin/orders/orderList?page=0&limit=20&sort=paymentMoney.desc&status=error'],
      ['orders sort date asc', '/api/admin/orders/orderList?page=0&limit=20&sort=createdAt.asc'],
      ['orders range 7 days', `/api/admin/orders/orderList?page=0&limit=20&createdFrom=${encodeURIComponent(weekAgo)}`],
      ['orders range 1 day (+5:30)', `/api/admin/orders/orderList?page=0&limit=20&${dayEdges}`],
      ['orders range 1 day type=heart by amount', `/api/admin/orders/orderList?page=0&limit=20&productType=heart&sort=paymentMoney.desc&${dayEdges}`],
      ['orders type=watch page 50', '/api/admin/orders/orderList?page=49&limit=20&productType=watch'],
      ['payments range 7 days status=completed', `/api/admin/orders/rechargeOrderList?page=0&limit=20&status=completed&createdFrom=${encodeURIComponent(weekAgo)}`],
      ['persons sort coins desc', '/api/admin/persons/list?page=1&pageSize=20&sort=money.desc'],
      ['persons sort updated page 500', '/api/admin/persons/list?page=500&pageSize=20&sort=updatedAt.asc'],
      ['persons region=EU', '/api/admin/persons/list?page=1&pageSize=20&lastClientRegion=EU'],
      ['orders page 1', '/api/admin/orders/orderList?page=0&limit=20'],
      ['orders page 500', '/api/admin/orders/orderList?page=499&limit=20'],
      ['orders by orderSn', `/api/admin/orders/orderList?page=0&limit=20&orderSn=${sample.orderSn}`],
      ['orders by shoppingUser', `/api/admin/orders/orderList?page=0&limit=20&shoppingUser=${encodeURIComponent(sample.shoppingUser)}`],
      ['orders by customer (name part)', `/api/admin/orders/orderList?page=0&limit=20&shoppingUser=${namePart}`],
      ['orders by customer (name part) status=refunded', `/api/admin/orders/orderList?page=0&limit=20&status=refunded&shoppingUser=${namePart}`],
      ['orders by customer (name part) page 20', `/api/admin/orders/orderList?page=19&limit=20&shoppingUser=${namePart}`],
      ['orders by personId', `/api/admin/orders/orderList?page=0&limit=10&personId=${sample.personId}`],
      ['orders status=refunded', '/api/admin/orders/orderList?page=0&limit=20&status=refunded'],
      ['orders status=completed p50', '/api/admin/orders/orderList?page=49&limit=20&status=completed'],
      ['orders status=pending p500', '/api/admin/orders/orderList?page=499&limit=20&status=pending'],
      ['payments page 1', '/api/admin/orders/rechargeOrderList?page=0&limit=20'],
      ['payments status=error', '/api/admin/orders/rechargeOrderList?page=0&limit=20&status=error'],
      ['persons list page 1', '/api/admin/persons/list?page=1&pageSize=20'],
      ['persons list page 500', '/api/admin/persons/list?page=500&pageSize=20'],
      ['persons search name', `/api/admin/persons/list?page=1&pageSize=20&customName=${encodeURIComponent(person.customName.slice(0, 6))}`],
      ['persons search (name part)', `/api/admin/persons/list?page=1&pageSize=20&customName=${namePart}`],
      ['persons query id', `/api/admin/persons/query?id=${person.customId}`],
      ['analytics users', '/api/admin/analytics/users'],
      ['analytics revenue', '/api/admin/analytics/revenue'],
      ['analytics trends day', '/api/admin/analytics/trends?period=day&days=30'],
      ['analytics trends hour', '/api/admin/analytics/trends?period=hour&days=30'],
      ['analytics trends week', '/api/admin/analytics/trends?period=week&days=30'],
      ['analytics trends day tz', '/api/admin/analytics/trends?period=day&days=30&tz=America%2FNew_York'],
      ['analytics trends day 366 tz', '/api/admin/analytics/trends?period=day&days=366&tz=America%2FNew_York'],
      ['analytics orders', '/api/admin/analytics/orders'],
    ];
    const rows: Array<{ name: string; p50: number; p99: number; rps: number; errors: number }> = [];
    for (const [name, path] of cases.filter(([name]) => name.includes(ONLY))) {
      const run = (duration: number) =>
        autocannon({
          url: base,
          connections: CONNECTIONS,
          duration,
          requests: [{ method: 'GET', path, setupRequest: (req: autocannon.Request) => ({ ...req, headers: signed(token) }) }],
        });
      // Two seconds of the same requests first: a new query shape runs slowly for its first second or
      // so (V8 tiering up PGlite's WebAssembly and our code, cold pages); the figures are steady state.
      await run(2);
      const result = await run(SECONDS);
      rows.push({ name, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.non2xx + result.errors });
      process.stdout.write('.');
    }
    console.log(`\n\nPGlite, ${USERS} users, ${ORDERS} orders; autocannon ${CONNECTIONS} connections x ${SECONDS} s per endpoint, loopback\n`);
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    console.log(`${pad('endpoint', 30)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 8)}non-2xx`);
    for (const r of rows) console.log(`${pad(r.name, 30)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(r.rps, 8)}${r.errors}`);
    if (!ONLY || 'export'.includes(ONLY)) await measureExport(base, token, api.pid!);
    const markerFile = join(DATA_DIR, 'bench-seeded.json');
    if (existsSync(markerFile) && JSON.parse(readFileSync(markerFile, "utf8")).seconds > 0) console.log(`\nseed: ${JSON.parse(readFileSync(markerFile, 'utf8')).seconds.toFixed(1)} s (database creation + seed, PGlite)`);
  } finally {
    api.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
