// `promtool check metrics` (Debian's prometheus package; `npm test` and .ci/run install it) on what
// a real server's /metrics answers: no finding at all (it exits 0 and prints nothing), the naming
// rules an operator's tools rely on (a counter ends in `_total` and nothing else does, base units,
// HELP on every family). promtool lints only the families that have a sample (its parser drops
// the others), so the server first does what gives every family one, and the test checks it did:
// every `# TYPE` of the scrape has a sample in the text piped to promtool. A metric added later
// without a sample here fails that check until this test gives it one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Api, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { scrape } from './metricsText';
import { PROMTOOL } from './prometheusServer';
import { startJsonHost } from './releaseFixtures';

const SHARED = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8' };
const shared = () => Object.entries(SHARED).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` }));
const META = { schemaVersion: 1, name: 'orders', sections: [{ path: 'orders', label: 'Orders', icon: 'orders', leastRole: 'viewer', order: 40, module: './Orders' }], contributions: [] };
const DEPLOY_TOKEN = `deploy_${'P'.repeat(43)}`;
const HASH = `sha384-${'A'.repeat(64)}`;

const files = new Map<string, unknown>();
let host: Awaited<ReturnType<typeof startJsonHost>> | undefined;
let dir = '';
let t: TestServer;

beforeAll(async () => {
  if (!existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: install Debian's prometheus (apt-get install -y --no-install-recommends prometheus)`);
  host = await startJsonHost(files);
  files.set('/shell/mf-manifest.json', { name: 'shell', shared: shared() });
  files.set('/shell/shell-contract.json', { sharedClient: { version: '1.1.0', exports: [] }, antd: { exports: [] }, slots: {} });
  dir = mkdtempSync(join(TEST_TMP, 'promtool-metrics-'));
  const seed = join(dir, 'release-seed.json');
  writeFileSync(seed, JSON.stringify([{ remote: 'orders', version: 'local-1', manifestUrl: 'http://localhost:3999/orders/mf-manifest.json', files: {}, meta: META }]));
  t = await startTestServer({
    metricsPort: 0,
    shellUrl: `${host.url}/shell`,
    releaseSeedFile: seed, // orders local-1 active: the release gauges have a live release
    localDeployToken: DEPLOY_TOKEN,
    releaseOrigins: [host.url, 'http://localhost:3999'],
    dbMaxInFlight: 1, // one request on the database, none waiting: a second one at once is shed
    dbMaxQueue: 0,
  });
});
afterAll(async () => {
  await t?.close();
  await host?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A canary of orders `version`, registered as the release commands do. */
async function registerCanary(deployer: Api, version: string) {
  files.set(`/store/orders/${version}/mf-manifest.json`, { name: 'orders', exposes: [{ name: 'Orders', path: './Orders' }], shared: shared() });
  files.set(`/store/orders/${version}/shared-client-usage.json`, { uses: [], antdUses: [] });
  files.set(`/store/orders/${version}/remote-meta.json`, META);
  const manifestUrl = `${host!.url}/store/orders/${version}/mf-manifest.json`;
  const res = await deployer.post('/api/admin/releases', { remote: 'orders', version, manifestUrl, files: { 'remoteEntry.js': HASH }, canaryPercent: 20 });
  expect(res.status).toBe(200);
}

/** The families a scrape declares (`# TYPE name type`) that have no sample in it. */
function familiesWithoutSamples(text: string): string[] {
  const families = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]);
  expect(families.length).toBeGreaterThan(0);
  const sampled = new Set([...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)].map((m) => m[1]));
  return families.filter((name) => !['', '_bucket', '_sum', '_count'].some((suffix) => sampled.has(`${name}${suffix}`)));
}

test('promtool check metrics finds nothing in /metrics, with a sample of every family the server exposes', async () => {
  const owner = new Api(t.url);
  const deployer = new Api(t.url);
  deployer.token = DEPLOY_TOKEN;

  // Requests by operation and status, their durations, an error answer, sign-ins by outcome.
  expect((await owner.post('/api/admin/login', { username: 'admin', password: 'not-the-password' }, { token: null })).status).toBe(401);
  await owner.login();
  expect((await owner.get('/api/admin/persons/query', { query: { id: '100000' } })).status).toBeLessThan(500);

  // Release events and a canary verdict (one canary rolled back), then a live canary: the release
  // gauges have an active release and a canary with its share.
  await registerCanary(deployer, '2.0.0');
  expect((await owner.post('/api/admin/releases/orders/rollback', {})).status).toBe(200);
  await registerCanary(deployer, '2.0.1');
  const live = (await owner.get('/api/admin/releases')).body.data.find((r: { remote: string }) => r.remote === 'orders');
  expect([live.active.version, live.canary.version]).toEqual(['local-1', '2.0.1']);

  // Real-user measurements, as the shell's beacon sends them (counted, and a `measured` event).
  const beacon = await new Api(t.url).call('POST', '/api/vitals', {
    sign: false,
    token: null,
    rawBody: JSON.stringify({ token: owner.token, measurements: [{ releaseId: live.active.id, kind: 'section', target: 'orders', lcp: 1200, inp: 80, cls: 0.01, errors: 0 }] }),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  });
  expect(beacon.status).toBe(200);
  // A failure report of the release the owner's session was served (counted by outcome).
  expect((await owner.post('/api/admin/releases/failures', { releaseId: live.active.id, kind: 'load', message: 'x' })).body.data).toEqual({ counted: true, rolledBack: false });

  // Load shedding: PGlite's one connection held, so an add-money works on (waits for) the database;
  // the next request finds no room and is refused (queue_full).
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = t.server.db.transaction(async () => {
    held();
    await gate;
  });
  await holding;
  const admitted = owner.post('/api/admin/persons/add-money', { personId: '1', amount: 1 }, { headers: { 'Idempotency-Key': 'promtool-metrics-01' } });
  try {
    for (const end = Date.now() + 10_000; t.server.app.admission.stats().inFlight !== 1; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() > end) throw new Error('the add-money never started working on the database');
    }
    const shed = await owner.post('/api/admin/persons/add-money', { personId: '1', amount: 1 }, { headers: { 'Idempotency-Key': 'promtool-metrics-02' } });
    expect([shed.status, shed.body.code]).toEqual([503, 'OVERLOADED']);
  } finally {
    release();
  }
  await transaction;
  expect((await admitted).status).toBe(200);

  // A database error needs a database that fails or is lost (resilience.test.ts provokes them, each
  // leaving its server unusable): counted here through the server's own counter, as its error
  // handler does; promtool reads the family's name, type and help, which are the same.
  t.server.metrics.dbErrors.inc({ code: 'QUERY_FAILED' });

  // GC durations: a histogram with a sample once a collection was observed.
  let text = (await scrape(t.server.metricsUrl!)).text;
  for (const end = Date.now() + 10_000; !/^nodejs_gc_duration_seconds_count\{/m.test(text); text = (await scrape(t.server.metricsUrl!)).text) {
    if (Date.now() > end) throw new Error('no garbage collection was observed');
    Array.from({ length: 200_000 }, (_, i) => ({ i })); // garbage
  }

  // libuv requests in flight at the scrape (nodejs_active_requests has none most of the time): an
  // open of a FIFO for reading waits, in libuv's thread pool, until a writer opens it.
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const reading = open(fifo, 'r');
  try {
    text = (await scrape(t.server.metricsUrl!)).text;
  } finally {
    closeSync(openSync(fifo, 'w')); // (the reader waits in open(): this returns at once and lets it through)
    await (await reading).close();
  }

  expect(familiesWithoutSamples(text)).toEqual([]);
  const lint = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect({ status: lint.status, output: `${lint.stdout}${lint.stderr}` }).toEqual({ status: 0, output: '' });
});

test('the lint can fail: promtool names a gauge that ends in _total', () => {
  const text = '# HELP things_total Things now.\n# TYPE things_total gauge\nthings_total 3\n';
  const lint = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect(lint.status).not.toBe(0);
  expect(`${lint.stdout}${lint.stderr}`).toContain('things_total non-counter metrics should not have "_total" suffix');
});
