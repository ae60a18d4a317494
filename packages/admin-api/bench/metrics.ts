// Benchmark (not a test): what the metrics cost. The per-request work of the hooks (a counter, a
// histogram observation, an error count) timed in a loop, and a scrape of /metrics (with its
// database read) against a server with a small demo seed after traffic on every kind of route.
// Writes its section of docs/performance.md (scripts/performance-doc.mjs).
//
//   pnpm --filter @growth-admin/admin-api exec tsx bench/metrics.ts [--scrapes 50]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ApiMetrics } from '../src/metrics';
import { signRequest } from '../src/security';
import { startServer } from '../src/server';

const args = process.argv.slice(2);
const SCRAPES = args.includes('--scrapes') ? Number(args[args.indexOf('--scrapes') + 1]) : 50;
const KEY = 'bench-signing-key';
const PASSWORD = 'bench-password';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function hookCost(): number {
  const metrics = new ApiMetrics();
  const operations = ['listOrders', 'listPersons', 'queryPerson', 'login', 'getRuntimeConfig', 'analyticsUsers'];
  const n = 200_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const operation = operations[i % operations.length];
    metrics.requests.inc({ operation, method: 'GET', status: i % 50 ? '200' : '503' });
    metrics.duration.observe({ operation, method: 'GET' }, (i % 100) / 1000);
    if (i % 50 === 0) metrics.errors.inc({ operation, code: 'OVERLOADED' });
  }
  return Number(process.hrtime.bigint() - started) / 1000 / n; // µs per request
}

async function main() {
  const perRequestUs = hookCost();
  const dataDir = mkdtempSync(join(tmpdir(), 'growth-admin-bench-metrics-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, adminPassword: PASSWORD, signingKey: KEY, seedUsers: 3000, seedOrders: 30000, metricsPort: 0, log: () => undefined });
  try {
    const signed = () => {
      const ts = String(Date.now());
      const nonce = randomBytes(16).toString('base64url').slice(0, 21);
      return { 'X-Timestamp': ts, 'X-Nonce': nonce, 'X-Signature': signRequest(ts, nonce, KEY), 'Content-Type': 'application/json' };
    };
    const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: signed(), body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
    const body = (await login.json()) as { data?: { token: string } };
    if (!body.data) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(body)}`);
    const token = body.data.token;
    for (const path of ['/api/admin/orders/orderList', '/api/admin/persons/list', '/api/admin/projects', '/api/admin/analytics/users', '/api/admin/no-such-route']) {
      for (let i = 0; i < 5; i++) await fetch(`${server.url}${path}`, { headers: { ...signed(), Authorization: `Bearer ${token}` } }).then((r) => r.text());
    }
    const times: number[] = [];
    let size = 0;
    let series = 0;
    for (let i = 0; i < SCRAPES; i++) {
      const started = performance.now();
      const text = await (await fetch(server.metricsUrl!)).text();
      times.push(performance.now() - started);
      size = Buffer.byteLength(text);
      series = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
    }
    times.sort((a, b) => a - b);
    const rows = [
      ['hooks per request (counter + histogram + error count), in-process loop', `${perRequestUs.toFixed(2)} µs`],
      [`scrape of /metrics, p50 / p99 over ${SCRAPES} (PGlite, database read included)`, `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms`],
      ['scrape size after traffic on 6 routes', `${(size / 1024).toFixed(1)} KiB, ${series} series`],
    ];
    for (const [what, value] of rows) console.log(`${what}: ${value}`);
    const { writePerformanceSection } = (await import(pathToFileURL(join(__dirname, '../../../scripts/performance-doc.mjs')).href)) as {
      writePerformanceSection: (o: { id: string; title: string; command: string; note?: string; columns: string[]; rows: string[][] }) => string;
    };
    const file = writePerformanceSection({
      id: 'admin-api-metrics',
      title: 'Admin API: the cost of the metrics',
      command: 'pnpm --filter @growth-admin/admin-api exec tsx bench/metrics.ts',
      note: 'Every request runs the hooks; a scrape reads the live sessions and releases from the database (bounded at 2 s).',
      columns: ['what', 'figure'],
      rows,
    });
    console.log(`written to ${file}`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
