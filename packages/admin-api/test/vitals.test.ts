/* eslint-disable @typescript-eslint/no-explicit-any -- manifests and answers under test are arbitrary JSON */
// Real-user measurements over HTTP (POST /api/vitals, as the shell's beacon sends them) and the canary
// judge acting on them through the registry: a session reports only the releases it was served, the
// judge counts administrators, a worse canary rolled back (audited, with the reason), a canary whose
// verdict stays Pass promoted after its promote-after, Inconclusive on too few administrators, one
// insider's flood deciding nothing, and the retention.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releases } from '@growth-admin/api-contract';
import { addAdmin, findSession } from '../src/modules/auth/repository';
import { bucketOf, subjectOf } from '../src/controlPlane/releases/resolveComposition';
import { CanaryJudgeSchedule, judgeRemote } from '../src/controlPlane/releases/canaryJudge';
import { CanaryBaselines, deleteOldMeasurements, storeMeasurements } from '../src/controlPlane/releases/measurements';
import type { Queryable, Row } from '../src/db';
import type { StartOptions } from '../src/server';
import { Api, expectShape, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { sampleValue, scrape } from './metricsText';
import { startJsonHost } from './releaseFixtures';

const files = new Map<string, unknown>();
let host: Awaited<ReturnType<typeof startJsonHost>> | undefined;
let hostUrl = '';
const SHARED = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8' };
const META = { schemaVersion: 1, name: 'orders', sections: [{ path: 'orders', label: 'Orders', icon: 'orders', leastRole: 'viewer', order: 40, module: './Orders' }], contributions: [] };
const LOCAL_TOKEN = `deploy_${'L'.repeat(43)}`;
const HASH = `sha384-${'A'.repeat(64)}`;
const METRICS_TOKEN = 'vitals-metrics-token';

function build(version: string): string {
  files.set(`/store/orders/${version}/mf-manifest.json`, {
    name: 'orders',
    exposes: [{ name: 'Orders', path: './Orders' }],
    shared: Object.entries(SHARED).map(([name, v]) => ({ name, version: v, requiredVersion: `^${v}` })),
  });
  files.set(`/store/orders/${version}/shared-client-usage.json`, { uses: [], antdUses: [] });
  files.set(`/store/orders/${version}/remote-meta.json`, META);
  return `${hostUrl}/store/orders/${version}/mf-manifest.json`;
}

let t: TestServer;
let owner: Api;
let deployer: Api;
let seed = '';
beforeAll(async () => {
  host = await startJsonHost(files);
  hostUrl = host.url;
  files.set('/shell/mf-manifest.json', { name: 'shell', shared: Object.entries(SHARED).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` })) });
  files.set('/shell/shell-contract.json', { sharedClient: { version: '1.1.0', exports: [] }, antd: { exports: [] }, slots: {} });
  seed = join(TEST_TMP, `vitals-seed-${process.pid}.json`);
  writeFileSync(seed, JSON.stringify([{ remote: 'orders', version: 'local-1', manifestUrl: `http://localhost:3999/orders/mf-manifest.json`, files: {}, meta: META }]));
});
// Each test starts from npm start's registry (orders local-1 active) on a server of its own: what
// it judges, it registers and measures itself.
/** How much the judge needs before a verdict, in every server here. */
const JUDGE_MINIMUMS = { judgeMinAdmins: 5, judgeMinViews: 40, judgeMinSamples: 20 };
async function startServer(options: StartOptions = {}) {
  t = await startTestServer({
    shellUrl: `${hostUrl}/shell`,
    releaseSeedFile: seed,
    localDeployToken: LOCAL_TOKEN,
    releaseOrigins: [hostUrl, 'http://localhost:3999'],
    vitalsBatchesPerMinute: 3,
    judgeIntervalMs: 0, // judged after every batch
    ...JUDGE_MINIMUMS,
    metricsPort: 0,
    metricsToken: METRICS_TOKEN,
    ...options,
  });
  owner = new Api(t.url);
  await owner.login();
  deployer = new Api(t.url);
  deployer.token = LOCAL_TOKEN;
}
beforeEach(() => startServer());
afterEach(() => t?.close());
afterAll(async () => {
  await host?.close();
  if (seed) rmSync(seed, { force: true });
});

/**
 * A signed-in viewer's session token; `canary`: one whose bucket for orders falls below 50 (or not).
 * Signing in serves the session its runtime config: the releases it may report.
 */
let nextViewer = 0;
/**
 * The viewers' password hashes are made at the lowest scrypt cost the server accepts
 * (PASSWORD_HASH_COST 1024): a test signs in up to twenty of them, and at the default cost their
 * hashing and sign-ins took a quarter of its time. Their sign-ins are this suite's setting, not its
 * subject; each still verifies its hash.
 */
const VIEWER_HASH_COST = 1024;
async function viewerIn(canary: boolean): Promise<{ username: string; token: string }> {
  for (;;) {
    const username = `viewer${nextViewer++}`;
    if (bucketOf('orders', subjectOf(username)) < 50 !== canary) continue;
    await addAdmin(t.server.db, username, 'viewer-password-1', 'viewer', VIEWER_HASH_COST);
    return { username, token: await new Api(t.url).login(username, 'viewer-password-1') };
  }
}
/** `n` viewers of one cohort, one after the other (their order is the test's). */
async function viewersIn(canary: boolean, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await viewerIn(canary));
  return out;
}
/** The shell's page load: the session fetches its runtime config again (and is served what it names). */
async function reload(viewer: { token: string }) {
  const res = await new Api(t.url).get('/api/runtime-config', { token: viewer.token });
  expect(res.status).toBe(200);
  return res.body.data.releases.orders as { id: string; canary: boolean };
}

/** What the shell's beacon sends: a text/plain body, no header of ours. */
const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8') =>
  new Api(t.url).call('POST', '/api/vitals', { sign: false, token: null, rawBody: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'Content-Type': contentType } });

const releaseIds = async () => {
  const res = await owner.get('/api/admin/releases');
  const orders = res.body.data.find((r: any) => r.remote === 'orders');
  return { active: orders.active?.id as string, canary: orders.canary?.id as string | undefined };
};

/** `n` views of release `id`, `lcp(i)`/`inp(i)` ms, CLS 0.01, `errors(i)` errors. */
type PerView = (i: number) => number;
const views = (id: string, n: number, { lcp = (i) => 1000 + i * 10, inp = (i) => 100 + i, errors = () => 0 }: { lcp?: PerView; inp?: PerView; errors?: PerView } = {}) =>
  Array.from({ length: n }, (_, i) => ({ releaseId: id, kind: 'section' as const, target: 'orders', lcp: lcp(i), inp: inp(i), cls: 0.01 + (i % 5) / 1000, errors: errors(i) }));

const judgement = async () => {
  const res = await owner.get('/api/admin/releases/orders/judgement');
  expect(res.status).toBe(200);
  expectShape(releases.CanaryJudgement, res.body.data);
  return res.body.data;
};

/**
 * What `read` answers once `check` passes on it: the judge runs after a batch is answered (never on
 * its time), so its verdict and acts follow the answer by a moment.
 */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (err) {
      if (Date.now() > until) throw err;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function registerCanary(version: string, extra: Record<string, unknown> = {}) {
  const res = await deployer.post('/api/admin/releases', { remote: 'orders', version, manifestUrl: build(version), files: { 'remoteEntry.js': HASH }, canaryPercent: 50, ...extra });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

test('a beacon batch is stored per view against remote@version and the cohort of the release the administrator ran', async () => {
  const canaryId = await registerCanary('2.0.0');
  const { active } = await releaseIds();
  const scraped = async () => (await scrape(t.server.metricsUrl!, METRICS_TOKEN)).text;
  const before = await scraped();
  const inCanary = await viewerIn(true);
  const inStable = await viewerIn(false);
  const a = await beacon({ token: inCanary.token, measurements: views(canaryId, 3, { errors: (i) => (i === 0 ? 2 : 0) }) });
  expect(a.status).toBe(200);
  expect(a.body.data).toEqual({ accepted: 3, dropped: 0 });
  // The stable viewer was never served the canary, nor any release 999999: neither is taken.
  const b = await beacon(
    { token: inStable.token, measurements: [...views(active, 2), ...views(canaryId, 1), { releaseId: '999999', kind: 'slot', target: 'dashboard.cards', errors: 0 }] },
    'application/json',
  );
  expect(b.body.data).toEqual({ accepted: 2, dropped: 2 });
  // What an operator scrapes: the measurements by outcome.
  const after = await scraped();
  const counted = (outcome: string) => sampleValue(after, 'admin_api_vitals_measurements_total', { outcome }) - sampleValue(before, 'admin_api_vitals_measurements_total', { outcome });
  expect([counted('accepted'), counted('not_served')]).toEqual([5, 2]);
  const rows = await t.sql(
    `select remote, version, cohort, admin_username, kind, target, lcp_ms, errors from release_measurements order by id`,
  );
  expect(rows.map((r) => `${r.remote}@${r.version} ${r.cohort} ${r.admin_username} ${r.kind}:${r.target} ${r.lcp_ms} ${r.errors}`)).toEqual([
    `orders@2.0.0 canary ${inCanary.username} section:orders 1000 2`,
    `orders@2.0.0 canary ${inCanary.username} section:orders 1010 0`,
    `orders@2.0.0 canary ${inCanary.username} section:orders 1020 0`,
    `orders@local-1 stable ${inStable.username} section:orders 1000 0`,
    `orders@local-1 stable ${inStable.username} section:orders 1010 0`,
  ]);
  // Too few administrators so far: Inconclusive, saying why.
  const j = await eventually(judgement, (x) => expect(x).toMatchObject({ verdict: 'inconclusive', reason: 'too few administrators: 1 canary and 1 stable, 5 needed in each', canary: { id: canaryId } }));
  expect(j.checks.find((c: any) => c.metric === 'errorRate')).toMatchObject({ canary: { n: 3, admins: 1, value: 1 / 3 }, stable: { n: 2, admins: 1, value: 0 }, outcome: 'too-few' });
});

test('only a live session sends measurements; batches are bounded and rate-limited per session', async () => {
  const { active } = await releaseIds();
  const one = views(active, 1);
  expect((await beacon({ token: 'x'.repeat(43), measurements: one })).body.code).toBe('TOKEN_INVALID');
  const gone = await viewerIn(false);
  await new Api(t.url).post('/api/admin/logout', undefined, { token: gone.token });
  expect((await beacon({ token: gone.token, measurements: one })).body.code).toBe('TOKEN_INVALID');
  expect((await beacon({ measurements: one })).status).toBe(400);
  const s = await viewerIn(false);
  const tooMany = await beacon({ token: s.token, measurements: views(active, 51) });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.code).toBe('VALIDATION_ERROR');
  expect((await beacon({ token: s.token, measurements: [{ ...one[0], lcp: -1 }] })).status).toBe(400);
  expect((await beacon(`{"token":"${s.token}","measurements":[${'1,'.repeat(20_000)}1]}`)).status).toBe(413);
  // text/plain is this route's alone: elsewhere it is refused as before.
  const elsewhere = await owner.call('POST', '/api/admin/releases/failures', { rawBody: '{}', headers: { 'Content-Type': 'text/plain' } });
  expect([elsewhere.status, elsewhere.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  // Three batches a minute per session (the refused ones above were not counted: they were never read).
  for (let i = 0; i < 3; i++) expect((await beacon({ token: s.token, measurements: one })).status).toBe(200);
  const limited = await beacon({ token: s.token, measurements: one });
  expect([limited.status, limited.body.code, limited.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '60']);
  expect(sampleValue((await scrape(t.server.metricsUrl!, METRICS_TOKEN)).text, 'admin_api_vitals_measurements_total', { outcome: 'rate_limited' })).toBe(1);
  const other = await viewerIn(false);
  expect((await beacon({ token: other.token, measurements: one })).status).toBe(200);
});

test('a canary slower than the stable release is judged Fail and rolled back, audited with the reason', async () => {
  const canary = await registerCanary('2.0.0');
  const { active } = await releaseIds();
  const slow = await viewersIn(true, 10);
  const stable = await viewersIn(false, 10);
  for (const [k, v] of stable.entries()) expect((await beacon({ token: v.token, measurements: views(active, 10, { lcp: (i) => 1000 + k * 7 + i * 10 }) })).status).toBe(200);
  // Ten views each, every canary paint 1.5 s later. Four canary administrators are too few to judge;
  // nine are too few to decide over the canary's repeated judgements (every one worse would not do):
  for (const [k, v] of slow.slice(0, 4).entries()) await beacon({ token: v.token, measurements: views(canary, 10, { lcp: (i) => 2500 + k * 7 + i * 10 }) });
  await eventually(judgement, (x) => expect(x).toMatchObject({ verdict: 'inconclusive', reason: 'too few administrators: 4 canary and 10 stable, 5 needed in each' }));
  for (const [k, v] of slow.slice(4, 9).entries()) await beacon({ token: v.token, measurements: views(canary, 10, { lcp: (i) => 2535 + k * 7 + i * 10 }) });
  await eventually(judgement, (x) => expect([x.verdict, x.reason]).toEqual(['inconclusive', expect.stringMatching(/^too few administrators to decide: 9 canary and 10 stable administrators;/)]));
  // the tenth's batch: the judge, run after it, rolls the canary back.
  const res = await beacon({ token: slow[9].token, measurements: views(canary, 10, { lcp: (i) => 2598 + i * 10 }) });
  expect(res.body.data).toEqual({ accepted: 10, dropped: 0 });
  await eventually(releaseIds, (after) => expect([after.active, after.canary]).toEqual([active, undefined]));
  const [row] = await t.sql(`select state, changed_by, judge_verdict from releases where id = $1`, [canary]);
  expect(row).toMatchObject({ state: 'rolled-back', changed_by: 'canary judge' });
  const verdict = typeof row.judge_verdict === 'string' ? JSON.parse(row.judge_verdict) : row.judge_verdict;
  expect(verdict).toMatchObject({ verdict: 'fail', metric: 'lcp' });
  expect(verdict.confidence).toBeGreaterThan(0.995);
  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.auto-rollback' } });
  expect(audit.body.data.entries[0]).toMatchObject({ adminUsername: 'canary judge', target: 'orders 2.0.0' });
  expect(audit.body.data.entries[0].summary).toMatch(
    /^orders 2\.0\.0 rolled back; local-1 is active \(the canary judge: the canary's LCP is worse: \d+ ms against \d+ ms \(\+\d+\.\d %\), at \d+\.\d % confidence from 10 canary and 10 stable administrators/,
  );
  // A page that ran the canary still reports it (stored against the release it ran, after its window);
  // a session never served it cannot.
  expect((await beacon({ token: slow[0].token, measurements: views(canary, 1) })).body.data).toEqual({ accepted: 1, dropped: 0 });
  expect((await beacon({ token: stable[0].token, measurements: views(canary, 1) })).body.data).toEqual({ accepted: 0, dropped: 1 });
  expect(await judgement()).toMatchObject({ canary: null, verdict: null, reason: 'orders has no canary' });
});

test('a canary whose verdict stays Pass for its promote-after is promoted, audited', async () => {
  expect((await deployer.post('/api/admin/releases', { remote: 'orders', version: '3.0.0', manifestUrl: build('3.0.0'), files: { 'remoteEntry.js': HASH }, promoteAfterSeconds: 60 })).status).toBe(400);
  const canaryId = await registerCanary('3.0.0', { promoteAfterSeconds: 600 });
  expect(await judgement()).toMatchObject({ verdict: null, promoteAfterSeconds: 600, reason: 'not judged yet: no measurements have arrived since the canary was registered' });
  const { active } = await releaseIds();
  const a = await viewersIn(true, 10);
  const b = await viewersIn(false, 10);
  for (const v of b) await beacon({ token: v.token, measurements: views(active, 10) });
  for (const v of a) await beacon({ token: v.token, measurements: views(canaryId, 10) });
  const pass = await eventually(judgement, (x) =>
    expect(x).toMatchObject({ verdict: 'pass', metric: null, canary: { id: canaryId }, reason: 'no metric is worse at 98.0 % confidence (10 canary and 10 stable administrators; 100 canary views, 100 stable)' }),
  );
  expect(pass.passingSince).not.toBeNull();
  expect(pass.checks.map((c: any) => `${c.metric} ${c.outcome}`)).toEqual(['errorRate no-worse', 'inp no-worse', 'lcp no-worse', 'cls no-worse']);
  // Not yet: Pass for less than 600 s.
  expect((await releaseIds()).canary).toBe(canaryId);
  // Its Pass began 601 s ago (the clock moved on); the next judgement promotes it.
  await t.sql(`update releases set passing_since = now() - interval '601 seconds' where id = $1`, [canaryId]);
  await beacon({ token: a[0].token, measurements: views(canaryId, 1) });
  await eventually(releaseIds, (ids) => expect(ids).toEqual({ active: canaryId, canary: undefined }));
  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.auto-promote' } });
  expect(audit.body.data.entries[0]).toMatchObject({ adminUsername: 'canary judge', target: 'orders 3.0.0' });
  expect(audit.body.data.entries[0].summary).toMatch(/^orders 3\.0\.0 promoted from 50% to everyone; local-1 retired \(the canary judge's verdict has been Pass for 60\d s: no metric is worse/);
});

test('a canary that turns worse after a Pass is rolled back, not promoted, and its Pass forgotten', async () => {
  const canaryId = await registerCanary('4.0.0', { promoteAfterSeconds: 60 });
  const { active } = await releaseIds();
  const a = await viewersIn(true, 10);
  const b = await viewersIn(false, 10);
  for (const v of b) await beacon({ token: v.token, measurements: views(active, 10) });
  for (const v of a) await beacon({ token: v.token, measurements: views(canaryId, 10) });
  const canaryViews = (n: number) => (x: any) => expect([x.verdict, x.checks[0].canary.n]).toEqual(['pass', n]);
  await eventually(judgement, canaryViews(100));
  // Six errors among each canary administrator's next views, none in the stable ones. Eight of ten
  // are not enough to say; with the ninth, after its promote-after: a Fail, not a promotion.
  for (const v of a.slice(0, 8)) await beacon({ token: v.token, measurements: views(canaryId, 6, { errors: () => 1 }) });
  await eventually(judgement, canaryViews(148));
  await t.sql(`update releases set passing_since = now() - interval '61 seconds' where id = $1`, [canaryId]);
  await beacon({ token: a[8].token, measurements: views(canaryId, 6, { errors: () => 1 }) });
  await eventually(
    () => t.sql(`select state, passing_since from releases where id = $1`, [canaryId]),
    ([row]) => expect(row).toEqual({ state: 'rolled-back', passing_since: null }),
  );
  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.auto-rollback' } });
  expect(audit.body.data.entries[0].summary).toMatch(/the canary judge: the canary's error rate is worse: 33\.\d % against 0\.0 %/);
});

test('both cohorts are read over the same span: a bigger cohort of administrators just like the others is not found worse', async () => {
  const canaryId = await registerCanary('6.0.0');
  await t.sql(`update releases set changed_at = now() - interval '15 minutes' where id = $1`, [canaryId]); // (registered a while ago)
  const { active } = await releaseIds();
  // Every administrator alike: a view a minute for ten minutes, an error in the newest one. Twenty in
  // the canary, ten in the stable cohort (enough to decide), and at most 40 views of a cohort read.
  const viewsOf = (releaseId: string, cohort: string, who: string, admins: number) =>
    t.sql(
      `insert into release_measurements (release_id, remote, version, cohort, admin_username, kind, target, errors, created_at)
       select $1, 'orders', 'v', $2, $3 || a, 'section', 'orders', case when m = 0 then 1 else 0 end, now() - make_interval(mins => m, secs => a)
         from generate_series(1, $4::int) a, generate_series(0, 9) m`,
      [releaseId, cohort, who, admins],
    );
  await viewsOf(canaryId, 'canary', 'canary-admin-', 20);
  await viewsOf(active, 'stable', 'stable-admin-', 10);
  const judged = await judgeRemote(t.server.db, { judgeMinAdmins: 5, judgeMinViews: 1, judgeMinSamples: 1 }, 'orders', { maxViews: 40 });
  // The canary's 40 newest views are its last two minutes: the stable cohort is read from there too,
  // two views each (read on its own, its 40 newest were four each: one error in 4 against one in 2).
  const errorRate = judged!.verdict.checks.find((c) => c.metric === 'errorRate')!;
  expect(errorRate).toMatchObject({ canary: { n: 40, admins: 20, value: 0.5 }, stable: { n: 20, admins: 10, value: 0.5 }, outcome: 'no-worse' });
  expect(judged!.verdict.verdict).not.toBe('fail');
  expect((await releaseIds()).canary).toBe(canaryId);
});

test("a canary's baselines (views from before it began, which nothing changes) are read once while it runs; a view without a vital is not one of it", async () => {
  const { active } = await releaseIds();
  const stableView = (admin: string, lcp: number | null, minutesAgo: number) =>
    t.sql(
      `insert into release_measurements (release_id, remote, version, cohort, admin_username, kind, target, lcp_ms, errors, created_at)
       values ($1, 'orders', 'local-1', 'stable', $2, 'section', 'orders', $3, 0, now() - make_interval(mins => $4))`,
      [active, admin, lcp, minutesAgo],
    );
  await stableView('ada', 1000, 30);
  await stableView('ada', null, 29); // a view without an LCP: not one of 1 ms
  const since = new Date(Date.now() - 10 * 60_000);
  const baselines = new CanaryBaselines();
  expect((await baselines.of(t.server.db, 'c1', 'orders', since)).get('ada')).toMatchObject({ lcp: expect.closeTo(1000, 6), lcp_n: 1 });
  // A view written into that past afterwards is not read again for the same canary and start...
  await stableView('ada', 4000, 20);
  expect((await baselines.of(t.server.db, 'c1', 'orders', since)).get('ada')).toMatchObject({ lcp: expect.closeTo(1000, 6), lcp_n: 1 });
  // ...it is for a canary that starts anew, or once the canary is forgotten.
  expect((await baselines.of(t.server.db, 'c1', 'orders', new Date(since.getTime() + 1000))).get('ada')).toMatchObject({ lcp: expect.closeTo(2000, 6), lcp_n: 2 });
  baselines.keepOnly(['c2']);
  expect((await baselines.of(t.server.db, 'c1', 'orders', since)).get('ada')).toMatchObject({ lcp: expect.closeTo(2000, 6), lcp_n: 2 });
});

test('with an interval, the first batch after a canary is registered is judged at once, however recently the remote was measured', async () => {
  await t.close();
  await startServer({ judgeIntervalMs: 60_000 });
  const a = await viewerIn(true);
  const b = await viewerIn(false);
  // Orders measured with no canary (administrators at work before the release).
  await beacon({ token: b.token, measurements: views((await releaseIds()).active, 2) });
  const first = await registerCanary('5.0.0');
  // Signed in before the canary: served it when the page loads again.
  expect(await reload(a)).toEqual({ id: first, version: '5.0.0', canary: true });
  await beacon({ token: a.token, measurements: views(first, 1) });
  const judged = await eventually(judgement, (x) => expect(x).toMatchObject({ canary: { id: first }, verdict: 'inconclusive', reason: 'too few administrators: 1 canary and 0 stable, 5 needed in each' }));
  // Within the interval, the next batch waits for the interval (checked below: its judgement is still this one).
  await beacon({ token: a.token, measurements: views(first, 1) });
  // Rolled back and a new canary registered within the interval: the new one is judged on its first batch.
  expect((await owner.post('/api/admin/releases/orders/rollback', {})).status).toBe(200);
  const second = await registerCanary('5.0.1');
  expect(await judgement()).toMatchObject({ canary: { id: second }, verdict: null });
  await reload(a);
  await beacon({ token: a.token, measurements: views(second, 3) });
  await eventually(judgement, (x) => expect(x).toMatchObject({ canary: { id: second }, verdict: 'inconclusive', reason: 'too few administrators: 1 canary and 0 stable, 5 needed in each' }));
  // (The judge takes batches in order: the second batch of the first canary was seen before this one.)
  expect((await owner.get('/api/admin/releases/orders/judgement', { query: { release: first } })).body.data.judgedAt).toBe(judged.judgedAt);
});

test("a canary's first judgement starts only on a batch of its own views, however late the judge reaches the others and whatever the clocks say", async () => {
  await t.close();
  await startServer({ judgeIntervalMs: 60_000 });
  const early = await viewerIn(true); // signed in before the canary: served the active release
  const stable = await viewerIn(false);
  const { active } = await releaseIds();
  const canary = await registerCanary('5.0.0');
  const store = async (viewer: { token: string }, batch: Parameters<typeof storeMeasurements>[2]) => {
    const found = await findSession(t.server.db, viewer.token, 60 * 60_000);
    if (found.status !== 'live') throw new Error(`the viewer's session is ${found.status}`);
    return storeMeasurements(t.server.db, found.session, batch);
  };
  // Views of the release before, stored after the registration (by the database's clock too): they
  // name no canary, and however late the judge reaches them they do not spend its first judgement.
  const before = await store(early, views(active, 2));
  expect(before).toMatchObject({ accepted: 2, remotes: ['orders'], canaries: [] });
  expect(await store(stable, views(active, 2))).toMatchObject({ accepted: 2, remotes: ['orders'], canaries: [] });
  // Served the canary when the page loads again: the batch of its views names it.
  expect(await reload(early)).toEqual({ id: canary, version: '5.0.0', canary: true });
  const own = await store(early, views(canary, 1));
  expect(own).toMatchObject({ accepted: 1, canaries: [canary] });
  // The judge's queue as the server runs it (the route hands it what the store names): the canary's
  // first batch is judged at once, within the interval or not.
  const schedule = new CanaryJudgeSchedule(t.server.db, { judgeIntervalMs: 60_000, ...JUDGE_MINIMUMS, measurementsRetentionDays: 30, previewGraceDays: 7, log: () => undefined });
  try {
    await schedule.measured(before.remotes, before.canaries);
    expect(await judgement()).toMatchObject({ canary: { id: canary }, verdict: null });
    await schedule.measured(own.remotes, own.canaries);
    expect(await judgement()).toMatchObject({ canary: { id: canary }, verdict: 'inconclusive' });
  } finally {
    await schedule.stop();
  }
});

test('measurements older than the retention are deleted', async () => {
  const { active } = await releaseIds();
  const viewer = await viewerIn(false);
  for (let batch = 0; batch < 3; batch++) expect((await beacon({ token: viewer.token, measurements: views(active, 50) })).status).toBe(200);
  const before = Number((await t.sql('select count(*)::int as n from release_measurements'))[0].n);
  expect(before).toBe(150);
  await t.sql(`update release_measurements set created_at = now() - interval '31 days' where id in (select id from release_measurements order by id limit 100)`);
  expect(await deleteOldMeasurements(t.server.db, 30)).toBe(100);
  expect(Number((await t.sql('select count(*)::int as n from release_measurements'))[0].n)).toBe(before - 100);
  expect(await deleteOldMeasurements(t.server.db, 30)).toBe(0);
});

test('the retention deletes in bounded statements until none is left past it', async () => {
  const { active } = await releaseIds();
  const viewer = await viewerIn(false);
  for (let batch = 0; batch < 3; batch++) expect((await beacon({ token: viewer.token, measurements: views(active, 50) })).status).toBe(200);
  await t.sql(`update release_measurements set created_at = now() - make_interval(days => 31, secs => id) where id in (select id from release_measurements order by id limit 100)`);
  const statements: number[] = [];
  // The database as the judge's interval gives it, each statement's deleted rows noted.
  const db = t.server.db;
  const counted: Queryable = {
    exec: (sql) => db.exec(sql),
    query: async <T extends Row = Row>(sql: string, params?: unknown[]) => {
      const rows = await db.query<T>(sql, params);
      statements.push(Number(rows[0]?.n));
      return rows;
    },
  };
  expect(await deleteOldMeasurements(counted, 30, 7)).toBe(100);
  // 14 statements of 7 rows, then one of the last 2: none deleted more than its chunk.
  expect(statements).toEqual([...Array(14).fill(7), 2]);
  expect(Number((await t.sql('select count(*)::int as n from release_measurements'))[0].n)).toBe(50);
  expect(Number((await t.sql(`select count(*)::int as n from release_measurements where created_at < now() - interval '30 days'`))[0].n)).toBe(0);
});

test('the judgement carries the window over time: each cohort’s views, error rate and p75 vitals per bucket, oldest first', async () => {
  const canaryId = await registerCanary('2.0.0');
  const { active } = await releaseIds();
  expect((await judgement()).series.every((p: any) => p.canary.views === 0 && p.stable.views === 0 && p.canary.lcp === null)).toBe(true);
  const inCanary = await viewerIn(true);
  const inStable = await viewerIn(false);
  expect((await beacon({ token: inCanary.token, measurements: views(canaryId, 4, { errors: (i) => (i === 0 ? 1 : 0) }) })).status).toBe(200);
  expect((await beacon({ token: inStable.token, measurements: views(active, 2) })).status).toBe(200);
  // The canary was registered 24 minutes ago and its first view came a minute later; the rest now.
  await t.sql(`update releases set changed_at = now() - interval '24 minutes' where id = $1`, [canaryId]);
  await t.sql(`update release_measurements set created_at = now() - interval '23 minutes' where id = (select min(id) from release_measurements where cohort = 'canary')`);

  const { series, since } = await judgement();
  // Twelve buckets of a twelfth of the window each (two minutes, give or take the request's time).
  expect(series).toHaveLength(12);
  expect(Date.parse(series[0].at)).toBe(Date.parse(since));
  const bucket = Date.parse(series[1].at) - Date.parse(series[0].at);
  expect(bucket).toBeGreaterThanOrEqual(120_000);
  expect(bucket).toBeLessThanOrEqual(121_000);
  expect(series[0]).toMatchObject({ canary: { views: 1, errorRate: 1, lcp: 1000, inp: 100 }, stable: { views: 0, errorRate: null, inp: null, lcp: null, cls: null } });
  expect(series[0].canary.cls).toBeCloseTo(0.01);
  expect(series.slice(1, 11).every((p: any) => p.canary.views === 0 && p.stable.views === 0)).toBe(true);
  // The newest bucket: the three later canary views (LCP 1010, 1020, 1030: p75 1025) and both stable ones.
  expect(series[11].canary).toMatchObject({ views: 3, admins: 1, errorRate: 0 });
  expect(series[11].canary.lcp).toBeCloseTo(1025);
  expect(series[11].stable).toMatchObject({ views: 2, errorRate: 0 });
  expect(series[11].stable.lcp).toBeCloseTo(1007.5);
});

test('each past release keeps its figures: a rolled-back canary over its window with its last verdict, a release to everyone with its own views', async () => {
  const canaryId = await registerCanary('2.0.0');
  const { active } = await releaseIds();
  const inCanary = await viewerIn(true);
  const inStable = await viewerIn(false);
  expect((await beacon({ token: inCanary.token, measurements: views(canaryId, 3, { errors: (i) => (i === 0 ? 1 : 0) }) })).status).toBe(200);
  expect((await beacon({ token: inStable.token, measurements: views(active, 2) })).status).toBe(200);
  const judged = await eventually(judgement, (x) => expect(x.reason).toBe('too few administrators: 1 canary and 1 stable, 5 needed in each'));
  expect((await owner.post('/api/admin/releases/orders/rollback', {})).status).toBe(200);
  // Views after the canary ended are not in its window.
  expect((await beacon({ token: inStable.token, measurements: views(active, 4) })).status).toBe(200);

  const past = await owner.get('/api/admin/releases/orders/judgement', { query: { release: canaryId } });
  expect(past.status).toBe(200);
  expectShape(releases.CanaryJudgement, past.body.data);
  expect(past.body.data).toMatchObject({ canary: { id: canaryId, state: 'rolled-back' }, verdict: 'inconclusive', reason: judged.reason, checks: judged.checks });
  expect(Date.parse(past.body.data.until)).toBeGreaterThan(Date.parse(past.body.data.since));
  const sum = (cohort: 'canary' | 'stable') => past.body.data.series.reduce((n: number, p: any) => n + p[cohort].views, 0);
  expect([sum('canary'), sum('stable')]).toEqual([3, 2]);
  // The live canary's answer is unchanged by it: there is none.
  expect(await judgement()).toMatchObject({ canary: null, reason: 'orders has no canary', until: null });

  // The active release was released to everyone at once: its own views, no verdict.
  const own = await owner.get('/api/admin/releases/orders/judgement', { query: { release: active } });
  expect(own.body.data).toMatchObject({ canary: null, verdict: null, until: null, reason: 'local-1 was released to everyone at once: no canary was judged' });
  expect(own.body.data.series.reduce((n: number, p: any) => n + p.stable.views, 0)).toBe(6);

  expect((await owner.get('/api/admin/releases/orders/judgement', { query: { release: '999999' } })).body.code).toBe('RELEASE_NOT_FOUND');
  expect((await owner.get('/api/admin/releases/orders/judgement', { query: { release: 'x' } })).status).toBe(400);
});

test('a session reports what it was served, in the cohort it was served in, also after a promotion; failure reports likewise', async () => {
  const canaryId = await registerCanary('6.0.0');
  const { active } = await releaseIds();
  const inCanary = await viewerIn(true);
  const inStable = await viewerIn(false);
  expect(await reload(inCanary)).toMatchObject({ id: canaryId, canary: true });
  expect(await reload(inStable)).toMatchObject({ id: active, canary: false });
  // The canary is promoted while both pages are open: each still ran what it was served.
  expect((await deployer.post('/api/admin/releases/orders/promote')).status).toBe(200);
  expect((await beacon({ token: inCanary.token, measurements: views(canaryId, 2) })).body.data).toEqual({ accepted: 2, dropped: 0 });
  expect((await beacon({ token: inStable.token, measurements: [...views(active, 1), ...views(canaryId, 1)] })).body.data).toEqual({ accepted: 1, dropped: 1 });
  const rows = await t.sql(`select version, cohort, admin_username from release_measurements order by id`);
  expect(rows.map((r) => `${r.version} ${r.cohort} ${r.admin_username}`)).toEqual([
    `6.0.0 canary ${inCanary.username}`,
    `6.0.0 canary ${inCanary.username}`,
    `local-1 stable ${inStable.username}`,
  ]);
  // Failure reports: only of a release the session was served; any other is not counted, not stored.
  const report = (token: string, releaseId: string) => new Api(t.url).post('/api/admin/releases/failures', { releaseId, kind: 'render', message: 'boom' }, { token });
  const failures = async (id: string) => Number((await t.sql('select failures from releases where id = $1', [id]))[0].failures);
  expect((await report(inStable.token, canaryId)).body.data).toEqual({ counted: false, rolledBack: false });
  expect((await report(inStable.token, '999999')).body.data).toEqual({ counted: false, rolledBack: false });
  expect(await failures(canaryId)).toBe(0);
  expect((await report(inCanary.token, canaryId)).body.data).toEqual({ counted: true, rolledBack: false });
  expect(await failures(canaryId)).toBe(1);
  expect(await t.sql('select admin_username from release_failures')).toEqual([{ admin_username: inCanary.username }]);
  const scraped = (await scrape(t.server.metricsUrl!, METRICS_TOKEN)).text;
  expect(sampleValue(scraped, 'admin_api_release_failure_reports_total', { outcome: 'not_served' })).toBe(2);
  expect(sampleValue(scraped, 'admin_api_release_failure_reports_total', { outcome: 'counted' })).toBe(1);
});

test("one insider's flood, within every bound, neither promotes nor rolls back a canary; ten administrators a cohort, really served, do decide", async () => {
  const canaryId = await registerCanary('7.0.0', { promoteAfterSeconds: 60 });
  const { active } = await releaseIds();
  // A viewer the runtime config puts on the stable release, signed in three times (three sessions,
  // three batches a minute each, 50 measurements a batch): good figures under the canary's id, bad
  // ones under the stable id.
  const insider = await viewerIn(false);
  const sessions = [insider.token, await new Api(t.url).login(insider.username, 'viewer-password-1'), await new Api(t.url).login(insider.username, 'viewer-password-1')];
  const good = views(canaryId, 50, { lcp: () => 300, inp: () => 20 });
  const bad = views(active, 50, { lcp: () => 9000, inp: () => 900, errors: () => 3 });
  for (const token of sessions) {
    for (let i = 0; i < 3; i++) {
      const res = await beacon({ token, measurements: i % 2 ? good : bad });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(i % 2 ? { accepted: 0, dropped: 50 } : { accepted: 50, dropped: 0 });
    }
  }
  // A canary-bucket insider the same way, bad figures under the canary's id.
  const other = await viewerIn(true);
  for (let i = 0; i < 3; i++) await beacon({ token: other.token, measurements: views(canaryId, 50, { lcp: () => 9000, errors: () => 3 }) });
  // However long that lasts: nothing is decided on two people's word.
  await t.sql(`update releases set passing_since = now() - interval '1 hour' where id = $1`, [canaryId]);
  await beacon({ token: other.token, measurements: views(canaryId, 1) }).catch(() => undefined);
  const j = await eventually(judgement, (x) => expect(x.checks.find((c: any) => c.metric === 'errorRate')).toMatchObject({ canary: { n: 150, admins: 1 }, stable: { n: 300, admins: 1 } }));
  expect(j).toMatchObject({ verdict: 'inconclusive', reason: 'too few administrators: 1 canary and 1 stable, 5 needed in each', canary: { id: canaryId } });
  expect(await releaseIds()).toEqual({ active, canary: canaryId });
  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.auto-promote' } });
  expect(audit.body.data.entries).toEqual([]);

  // Nine more administrators in each cohort, each served theirs, with ordinary figures: the verdict is
  // Pass (the insiders are two voices among twenty) and, past its promote-after, the canary is promoted.
  for (const v of await viewersIn(false, 9)) await beacon({ token: v.token, measurements: views(active, 10) });
  const honest = await viewersIn(true, 9);
  for (const v of honest) await beacon({ token: v.token, measurements: views(canaryId, 10) });
  const decided = await eventually(judgement, (x) => expect(x.checks.find((c: any) => c.metric === 'errorRate')).toMatchObject({ canary: { admins: 10 }, stable: { admins: 10 } }));
  expect(decided.verdict).toBe('pass');
  await t.sql(`update releases set passing_since = now() - interval '61 seconds' where id = $1`, [canaryId]);
  await beacon({ token: honest[0].token, measurements: views(canaryId, 1) });
  await eventually(releaseIds, (ids) => expect(ids).toEqual({ active: canaryId, canary: undefined }));
});
