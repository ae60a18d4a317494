// The canary judge and the vitals route at scale: 500 administrators' beacons at the documented rate
// against 50 canaries at once, on PGlite and on PostgreSQL. For each database it starts the built
// server (bench/server.ts), registers 50 remotes (npm start's seed file: each one's stable release)
// and a canary of each (POST /api/admin/releases through the gate, 50 %), creates the administrators
// (POST /api/admin/administrators), signs each in and reads its runtime config (which serves it a mix
// of stable and canary releases). It then fills every cohort with as many views as the judge reads
// at most (JUDGE_MAX_VIEWS, which this rate reaches in about 40 minutes; written into the database
// with the server stopped), starts the server again, and sends every administrator's beacons at the
// rate the API allows a session (VITALS_BATCHES_PER_MINUTE, 6 a minute: one every 10 s) with as many
// views a minute as the shell sends at most (VITALS_LIMITS.perMinute, 100: 16 a batch), in real
// time, for `--minutes`, while the server's canary judge runs on its own interval as in production.
//
// Then, the server stopped, it opens the database in this process and times the real functions:
// every canary judged once (judgeRemote, one after the other: a cycle's work without its rests),
// and the retention (deleteOldMeasurements) over the run's rows aged past the window. It prints and
// writes (scripts/performance-doc.mjs) the route's p50/p99, the judge's cycle, the table's rows and
// bytes per day and what the retention deleted.
//
//   pnpm --filter @growth-admin/admin-api build
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm --filter @growth-admin/admin-api bench:vitals [-- --minutes 3 --admins 500 --canaries 50 --db both|pglite|postgresql --no-write]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { judgeRemote } from '../src/controlPlane/releases/canaryJudge';
import { CanaryBaselines, deleteOldMeasurements, JUDGE_MAX_VIEWS, RETENTION_CHUNK } from '../src/controlPlane/releases/measurements';
import { defaultConfig } from '../src/config';
import { openDb, type Db } from '../src/db';
import { signRequest } from '../src/security';
import { ENGINE_LABEL, scratchDatabase, startApi, type Engine } from './server';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

const MINUTES = Number(opt('minutes', '3'));
const ADMINS = Number(opt('admins', '500'));
const CANARIES = Number(opt('canaries', '50'));
const WHICH = opt('db', 'both');
/** The API's limit per session (VITALS_BATCHES_PER_MINUTE's default) and the shell's views a minute at most (VITALS_LIMITS.perMinute). */
const BATCHES_PER_MINUTE = 6;
const VIEWS_PER_BATCH = Math.floor(100 / BATCHES_PER_MINUTE);
/** An office day: what "per day" means in the figures (every administrator sending all that time). */
const DAY_HOURS = 8;
const RETENTION_DAYS = defaultConfig().measurementsRetentionDays;

const KEY = 'vitals-scale-signing-key';
const OWNER = { username: 'admin', password: 'vitals-scale-owner-1' };
const DEPLOY_TOKEN = `deploy_${'V'.repeat(43)}`;
const PASSWORD = 'vitals-scale-pass-1';
const SHARED = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8' };
const remoteName = (i: number) => `remote-${String(i + 1).padStart(2, '0')}`;
const metaOf = (remote: string, i: number) => ({
  schemaVersion: 1,
  name: remote,
  sections: [{ path: remote, label: `Remote ${i + 1}`, icon: 'orders', leastRole: 'viewer', order: 100 + i, module: './Section' }],
  contributions: [],
});

/** The builds' manifests and the shell's, as the gate reads them. */
async function startManifestHost(): Promise<{ url: string; files: Map<string, unknown>; close: () => Promise<void> }> {
  const files = new Map<string, unknown>();
  const host = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const shared = Object.entries(SHARED).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` }));
  files.set('/shell/mf-manifest.json', { name: 'shell', shared });
  files.set('/shell/shell-contract.json', { sharedClient: { version: '1.1.0', exports: [] }, antd: { exports: [] }, slots: {} });
  for (let i = 0; i < CANARIES; i++) {
    const remote = remoteName(i);
    for (const version of ['1.0.0', '2.0.0']) {
      files.set(`/store/${remote}/${version}/mf-manifest.json`, { name: remote, exposes: [{ name: 'Section', path: './Section' }], shared });
      files.set(`/store/${remote}/${version}/shared-client-usage.json`, { uses: [], antdUses: [] });
      files.set(`/store/${remote}/${version}/remote-meta.json`, metaOf(remote, i));
    }
  }
  return { url, files, close: () => new Promise<void>((r) => host.close(() => r())) };
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of several routes, read field by field
  body: any;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; `signed` adds the request signature (every route but the beacon's). */
function call(baseUrl: string, method: string, path: string, { body, token, signed = true, contentType = 'application/json' }: { body?: string; token?: string; signed?: boolean; contentType?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (signed) {
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('base64url').slice(0, 21);
    Object.assign(headers, { 'X-Timestamp': ts, 'X-Nonce': nonce, 'X-Signature': signRequest(ts, nonce, KEY) });
  }
  if (body !== undefined) headers['Content-Type'] = contentType;
  if (token) headers.Authorization = `Bearer ${token}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text && (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : text, ms: performance.now() - started });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const must = (what: string, a: Answer) => {
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
  return a.body.data;
};

/** `n` tasks, `width` at a time. */
async function inParallel(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) await task(next++);
  }));
}

// A standard normal draw (Box-Muller), for log-normal vitals: each administrator has a speed of
// their own, and their views vary around it.
const normal = () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());

interface Administrator {
  token: string;
  releases: Array<{ remote: string; id: string }>;
  speed: number;
}

/** A batch of `VIEWS_PER_BATCH` views of releases the administrator was served. */
function batchOf(a: Administrator): string {
  const measurements = Array.from({ length: VIEWS_PER_BATCH }, () => {
    const { remote, id } = a.releases[Math.floor(Math.random() * a.releases.length)];
    const view: Record<string, unknown> = { releaseId: id, kind: 'section', target: remote, errors: Math.random() < 0.02 ? 1 : 0 };
    if (Math.random() < 0.9) view.lcp = Math.round(1200 * a.speed * Math.exp(0.3 * normal()));
    if (Math.random() < 0.6) view.inp = Math.round(120 * a.speed * Math.exp(0.4 * normal()));
    view.cls = Math.random() < 0.5 ? 0 : Math.round(50 * Math.exp(0.5 * normal())) / 1000;
    return view;
  });
  return JSON.stringify({ token: a.token, measurements });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
const millions = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n.toLocaleString('en'));

/** Every canary judged once, one after the other (the judge's work for a cycle, without its rests). */
async function judgeCycle(db: Db, remotes: string[], baselines: CanaryBaselines) {
  const config = defaultConfig();
  const times: number[] = [];
  const verdicts = new Map<string, number>();
  for (const remote of remotes) {
    const started = performance.now();
    const judged = await judgeRemote(db, config, remote, { baselines });
    times.push(performance.now() - started);
    const v = judged ? `${judged.verdict.verdict}${judged.action === 'none' ? '' : ` (${judged.action})`}` : 'no canary';
    verdicts.set(v, (verdicts.get(v) ?? 0) + 1);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { total: times.reduce((s, t) => s + t, 0), max: sorted[sorted.length - 1], p50: quantile(sorted, 0.5), verdicts: [...verdicts].map(([v, n]) => `${n} ${v}`).join(', ') };
}

const tableBytes = async (db: Db) => Number((await db.query<{ b: string }>(`select pg_total_relation_size('release_measurements')::text as b`))[0].b);
const tableRows = async (db: Db) => (await db.query<{ n: number }>('select count(*)::int as n from release_measurements'))[0].n;

/**
 * Fills every cohort with the views the judge reads at most (JUDGE_MAX_VIEWS), as a live run at this
 * rate has after about 40 minutes: for each administrator's served release, as many views, spread
 * between its canary's registration and now, with vitals around the administrator's own speed.
 */
async function fillCohorts(db: Db): Promise<number> {
  const [{ perAdmin }] = await db.query<{ perAdmin: number }>(
    `select ceil($1::float8 / min(n))::int as "perAdmin" from (select count(*) as n from served_releases group by release_id, cohort) t`,
    [JUDGE_MAX_VIEWS],
  );
  const [{ n }] = await db.query<{ n: number }>(
    `with filled as (
       insert into release_measurements (release_id, remote, version, cohort, admin_username, kind, target, lcp_ms, inp_ms, cls, errors, created_at)
       select r.id, r.remote, r.version, s.cohort, a.username, 'section', r.remote,
              case when random() < 0.9 then 1200 * w.speed * exp(0.3 * w.z1) end,
              case when random() < 0.6 then 120 * w.speed * exp(0.4 * w.z2) end,
              case when random() < 0.5 then 0 else 0.05 * exp(0.5 * w.z3) end,
              (random() < 0.02)::int,
              c.changed_at + random() * (now() - c.changed_at)
         from served_releases s
         join admin_sessions x on x.id = s.session_id
         join admins a on a.id = x.admin_id
         join releases r on r.id = s.release_id
         join releases c on c.remote = r.remote and c.state = 'canary',
              generate_series(1, $1::int) g,
              lateral (select exp(0.8 * ((abs(hashtext(a.username)) % 1000) / 1000.0 - 0.5)) as speed,
                              sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) + 0 * g as z1,
                              sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) + 0 * g as z2,
                              sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) + 0 * g as z3) w
       returning 1)
     select count(*)::int as n from filled`,
    [perAdmin],
  );
  return n;
}

async function runOn(engine: Engine, manifests: Awaited<ReturnType<typeof startManifestHost>>, rows: string[][]): Promise<boolean> {
  const label = ENGINE_LABEL[engine];
  const database = await scratchDatabase(engine, 'vitals-scale');
  const seedDir = mkdtempSync(join(tmpdir(), 'vitals-scale-seed-'));
  const seedFile = join(seedDir, 'seed.json');
  const remotes = Array.from({ length: CANARIES }, (_, i) => remoteName(i));
  writeFileSync(seedFile, JSON.stringify(remotes.map((remote, i) => ({ remote, version: '1.0.0', manifestUrl: `${manifests.url}/store/${remote}/1.0.0/mf-manifest.json`, files: {}, meta: metaOf(remote, i) }))));
  const env = {
    ...database.env,
    ADMIN_SIGNING_KEY: KEY,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    PASSWORD_HASH_COST: '1024', // the accounts' set-up, not what is measured
    SEED_DEMO: '0',
    SHELL_URL: `${manifests.url}/shell`,
    RELEASE_SEED_FILE: seedFile,
    LOCAL_DEPLOY_TOKEN: DEPLOY_TOKEN,
  };
  let api = await startApi(env);
  let ok = true;
  try {
    let base = api.url;
    console.log(`\n${label}: ${CANARIES} remotes with a canary, ${ADMINS} administrators, ${MINUTES} min against ${base}`);
    const owner = must('owner sign-in', await call(base, 'POST', '/api/admin/login', { body: JSON.stringify(OWNER) })).token as string;
    for (const remote of remotes) {
      const body = { remote, version: '2.0.0', manifestUrl: `${manifests.url}/store/${remote}/2.0.0/mf-manifest.json`, files: { 'remoteEntry.js': `sha384-${'A'.repeat(64)}` }, canaryPercent: 50 };
      must(`the canary of ${remote}`, await call(base, 'POST', '/api/admin/releases', { body: JSON.stringify(body), token: DEPLOY_TOKEN }));
    }
    const names = Array.from({ length: ADMINS }, (_, i) => `vitals${i + 1}`);
    for (const username of names) must(`create ${username}`, await call(base, 'POST', '/api/admin/administrators', { body: JSON.stringify({ username, role: 'viewer', password: PASSWORD }), token: owner }));
    const admins: Administrator[] = new Array(ADMINS);
    let canaryServed = 0;
    await inParallel(ADMINS, 8, async (i) => {
      const token = must('sign-in', await call(base, 'POST', '/api/admin/login', { body: JSON.stringify({ username: names[i], password: PASSWORD }) })).token as string;
      const config = must('runtime config', await call(base, 'GET', '/api/runtime-config', { token, signed: false }));
      const releases = Object.entries(config.releases as Record<string, { id: string; canary: boolean }>).map(([remote, r]) => {
        if (r.canary) canaryServed++;
        return { remote, id: r.id };
      });
      admins[i] = { token, releases, speed: Math.exp(0.4 * normal()) };
    });
    console.log(`  ${ADMINS} signed in; of their ${ADMINS * CANARIES} releases served, ${canaryServed} canaries`);

    // The server stopped (PGlite: one process a folder), the cohorts filled, the server started again:
    // its judge reads as much as it ever does while the beacons come.
    await api.stop();
    let db = await openDb(database.open);
    const fillStarted = performance.now();
    const filled = await fillCohorts(db);
    const [{ id: filledMaxId }] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from release_measurements');
    console.log(`  cohorts filled: ${filled} views in ${ms(performance.now() - fillStarted)}`);
    await db.close();
    api = await startApi(env);
    base = api.url;

    // Every administrator sends a batch every 60/6 = 10 s, phases spread over the 10 s; open loop (a
    // slow answer does not delay the next batch, as a browser's beacon would not wait).
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const inFlight = new Set<Promise<void>>();
    const sendingMs = MINUTES * 60_000;
    const periodMs = 60_000 / BATCHES_PER_MINUTE;
    const started = Date.now();
    const timers: NodeJS.Timeout[] = [];
    const send = (a: Administrator) => {
      const p = call(base, 'POST', '/api/vitals', { body: batchOf(a), signed: false, contentType: 'text/plain;charset=UTF-8' }).then(
        (r) => {
          latencies.push(r.ms);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        },
        () => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    };
    admins.forEach((a, i) =>
      timers.push(
        setTimeout(() => {
          send(a);
          timers.push(setInterval(() => Date.now() - started < sendingMs && send(a), periodMs));
        }, (i / ADMINS) * periodMs),
      ),
    );
    await new Promise((r) => setTimeout(r, sendingMs));
    timers.forEach((t) => clearTimeout(t));
    await Promise.all(inFlight);
    const seconds = (Date.now() - started) / 1000;
    const sorted = [...latencies].sort((x, y) => x - y);
    const answered = [...statuses].map(([s, n]) => `${n} × ${s || 'error'}`).join(', ');
    const load = os.loadavg()[0].toFixed(1);
    console.log(`  ${latencies.length} batches in ${seconds.toFixed(0)} s (${(latencies.length / seconds).toFixed(1)}/s): ${answered}; p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted[sorted.length - 1])}; load ${load}`);
    if ([...statuses.keys()].some((s) => s !== 200)) ok = false;
    rows.push([
      label,
      'POST /api/vitals under the load, the judge reading full cohorts',
      `${latencies.length} batches of ${VIEWS_PER_BATCH} views in ${seconds.toFixed(0)} s (${(latencies.length / seconds).toFixed(1)}/s): ${answered}; load average at the end ${load}`,
      `p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted[sorted.length - 1])}`,
    ]);

    await api.stop();
    db = await openDb(database.open);
    try {
      const allRows = await tableRows(db);
      const [{ n: liveRows }] = await db.query<{ n: number }>('select count(*)::int as n from release_measurements where id > $1::bigint', [filledMaxId]);
      const bytes = await tableBytes(db);
      const rowBytes = bytes / allRows;
      const [judged] = await db.query<{ verdicts: string | null }>(
        `select string_agg(n || ' ' || v, ', ' order by v) as verdicts from (select coalesce(judge_verdict->>'verdict', 'not judged') as v, count(*) as n from releases where state = 'canary' group by 1) t`,
      );
      const [acted] = await db.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'release.auto-rollback'`);
      const perDay = (n: number) => (n / seconds) * DAY_HOURS * 3600;
      console.log(`  table: ${allRows} rows (${liveRows} of the run), ${mb(bytes)} (${rowBytes.toFixed(0)} B a row with its indexes)`);
      console.log(`  the server's judge: ${judged.verdicts ?? 'no canary left'}; ${acted.n} canaries rolled back`);
      rows.push([label, "the server's canary judge, filled cohorts and the run", `last verdicts: ${judged.verdicts ?? 'no canary left'}; ${acted.n} of ${CANARIES} canaries rolled back (identical builds)`, '']);
      rows.push([
        label,
        `release_measurements per day (${DAY_HOURS} h at this rate)`,
        `${millions(Math.round(perDay(liveRows)))} rows, ${gb(perDay(liveRows) * rowBytes)} (${rowBytes.toFixed(0)} B a row with its indexes; the table: ${allRows.toLocaleString('en')} rows, ${mb(bytes)})`,
        `kept ${RETENTION_DAYS} days: ${millions(Math.round(perDay(liveRows) * RETENTION_DAYS))} rows, ${gb(perDay(liveRows) * rowBytes * RETENTION_DAYS)}`,
      ]);

      const baselines = new CanaryBaselines();
      const cold = await judgeCycle(db, remotes, baselines);
      const warm = await judgeCycle(db, remotes, baselines);
      console.log(`  judge cycle at ${JUDGE_MAX_VIEWS} views a cohort: first ${ms(cold.total)} (max ${ms(cold.max)}): ${cold.verdicts}; then ${ms(warm.total)} (max ${ms(warm.max)}): ${warm.verdicts}`);
      rows.push([
        label,
        `judge cycle: every canary judged once, ≥ ${JUDGE_MAX_VIEWS.toLocaleString('en')} views a cohort`,
        `first: ${cold.verdicts}; then: ${warm.verdicts}`,
        `${ms(warm.total)} (a canary: p50 ${ms(warm.p50)}, max ${ms(warm.max)}); an instance's first, baselines read: ${ms(cold.total)}`,
      ]);

      // Retention: the run's own rows aged past the window.
      const [aged] = await db.query<{ n: number }>(
        `with a as (update release_measurements set created_at = created_at - make_interval(days => $1 + 1) where id > $2::bigint returning 1) select count(*)::int as n from a`,
        [RETENTION_DAYS, filledMaxId],
      );
      const deleteStarted = performance.now();
      const deleted = await deleteOldMeasurements(db, RETENTION_DAYS);
      const deleteMs = performance.now() - deleteStarted;
      const left = await tableRows(db);
      console.log(`  retention: ${aged.n} rows aged past ${RETENTION_DAYS} days, ${deleted} deleted in ${ms(deleteMs)}, ${left} left`);
      if (deleted !== aged.n || left !== allRows - aged.n) ok = false;
      rows.push([
        label,
        `retention (${RETENTION_DAYS} days, statements of ${RETENTION_CHUNK.toLocaleString('en')} rows): the run's ${MINUTES} min of rows aged past it`,
        `${aged.n.toLocaleString('en')} aged, ${deleted.toLocaleString('en')} deleted, ${left.toLocaleString('en')} left`,
        `${ms(deleteMs)} (${((deleteMs / Math.max(1, deleted)) * 1000).toFixed(1)} µs a row)`,
      ]);
    } finally {
      await db.close();
    }
  } finally {
    await api.stop();
    await database.drop();
    rmSync(seedDir, { recursive: true, force: true });
  }
  return ok;
}

async function main(): Promise<void> {
  const dbs: Engine[] = WHICH === 'both' ? ['pglite', 'postgresql'] : [WHICH as Engine];
  const manifests = await startManifestHost();
  const rows: string[][] = [];
  let ok = true;
  try {
    for (const engine of dbs) ok = (await runOn(engine, manifests, rows)) && ok;
  } finally {
    await manifests.close();
    agent.destroy();
  }
  if (!args.includes('--no-write')) {
    // The repository's one writer of docs/performance.md (plain JavaScript, loaded as it is).
    const { writePerformanceSection } = (await import(pathToFileURL(join(__dirname, '../../../scripts/performance-doc.mjs')).href)) as {
      writePerformanceSection: (o: { id: string; title: string; command: string; note?: string; columns: string[]; rows: string[][] }) => string;
    };
    const file = writePerformanceSection({
      id: 'vitals-scale',
      title: `The canary judge and the vitals route at scale: ${ADMINS} administrators, ${CANARIES} canaries`,
      command: `pnpm --filter @growth-admin/admin-api bench:vitals -- --minutes ${MINUTES} --admins ${ADMINS} --canaries ${CANARIES} --db ${WHICH}`,
      note:
        `The built server on a fresh database; ${CANARIES} remotes, each with a stable release and a canary at 50 % (identical builds), ${ADMINS} administrators signed in, each served every remote's stable or canary release as its bucket falls. ` +
        `Every cohort is first filled with ${JUDGE_MAX_VIEWS.toLocaleString('en')} views or more (the most the judge reads of one; this rate reaches it in about 40 minutes), written with the server stopped, so that its judge does its full work during the run. ` +
        `Then real time, not compressed: each administrator sends a batch every 10 s (VITALS_BATCHES_PER_MINUTE, 6, the most the API takes of a session) of ${VIEWS_PER_BATCH} views (the shell sends at most 100 a minute), ` +
        `for ${MINUTES} min, open loop, over keep-alive connections from one process on the same machine; LCP, INP and CLS log-normal around each administrator's own speed, 2 % of views with an error. The server's judge runs on its 30-s interval meanwhile. ` +
        `Per day: the run's rows, and bytes a row (pg_total_relation_size over the rows, indexes included), scaled to ${DAY_HOURS} hours of every administrator sending. ` +
        `The judge's cycle is the real judgeRemote for every canary one after the other in this process, the server stopped (the server rests after each canary as long as it took, and spreads them over its interval). ` +
        `Retention: deleteOldMeasurements, as the judge's interval runs it, over the run's rows aged past the window. The machine's other work shows in the load average: latencies are of this machine at that load.`,
      columns: ['Database', 'What', 'Count / outcome', 'Time'],
      rows,
    });
    console.log(`\nwritten: ${file}`);
  }
  if (!ok) {
    console.error('\na beacon was not answered 200, or retention did not delete exactly the aged rows');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
