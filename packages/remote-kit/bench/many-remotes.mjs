#!/usr/bin/env node
// Many teams: 50 remotes made with the kit's scaffold outside this repository, each a section, 12 with
// a dashboard card and 6 with a User Details tab, released through the gate into the running system's
// store. Prints, and writes to docs/performance.md (--no-doc: print only):
//   - the runtime config's gzip size and p50/p99 of GET /api/runtime-config for an owner and a viewer;
//   - the register call's time per release (the gate and the registry's write), median and p95;
//   - sign-in → four charts on the mobile network profile with the 5 built-in remotes, then with the
//     50 (same run, same machine, median of 3 each), the time to the 12th card, requests and bytes;
//   - whether a contribution's file was fetched before the four charts, and whether a remote whose
//     slot is not on screen (the User Details tabs, on the dashboard) fetched anything.
// The set-up (pack, scaffold, one install, 50 builds sharing it) is timed apart: it is not a goal.
// Needs the whole system built: pnpm exec turbo run build
//   node packages/remote-kit/bench/many-remotes.mjs [--no-doc] [--work DIR] [--profile DIR]
/* global document, window, requestAnimationFrame */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writePerformanceSection } from '../../../scripts/performance-doc.mjs';
import { launchChromium, mobileLoginPage, startOwnSystem } from '../../../e2e/perf/dashboard-load.mjs';
import { signedCall } from '../scripts/release-system.mjs';
import { teamEnv, teamSteps } from '../scripts/team-folder.mjs';

const REMOTES = 50;
const CARDS = 12; // team-01 … team-12 contribute a dashboard card
const TABS = 6; // team-13 … team-18 contribute a User Details tab
const CONFIG_REQUESTS = 200;
const RUNS = 3;
const GOALS = { configGzipBytes: 20_000, configP99Ms: 30, chartsWithin: 0.1 };
const VIEWER = { username: 'many-viewer', password: 'viewer-Secret-123' };

const names = Array.from({ length: REMOTES }, (_, i) => `team-${String(i + 1).padStart(2, '0')}`);
const hasCard = (i) => i < CARDS;
const hasTab = (i) => i >= CARDS && i < CARDS + TABS;
const seconds = (ms) => (ms / 1000).toFixed(1);
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];

/** Runs a command asynchronously (the system's store and API listen in this process): resolves with its output, rejects on failure. */
function run(what, command, args, cwd, env = teamEnv()) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => (code === 0 ? done(output) : fail(new Error(`${what} failed (${code}):\n${output}`))));
  });
}

/** `task(item)` for every item, `width` at a time. */
async function pool(items, width, task) {
  const queue = [...items];
  await Promise.all(Array.from({ length: width }, async () => { while (queue.length) await task(queue.shift()); }));
}

const cardTsx = (name) => `// A dashboard card (slot dashboard.cards): one line, so its cost is the federation's, not its own.
import { Card, Typography } from 'antd';

export default function TeamCard() {
  return (
    <Card title=${JSON.stringify(`${name} card`)} size="small">
      <Typography.Text data-testid="team-card">${name}</Typography.Text>
    </Card>
  );
}
`;

const tabTsx = (name) => `// A User Details tab (slot user.details.tabs), given the person.
import { Typography } from 'antd';
import type { SlotContributionProps } from '@growth-admin/shared-client';

export default function TeamTab({ person }: SlotContributionProps<'user.details.tabs'>) {
  return <Typography.Text data-testid="team-tab">${JSON.stringify(`${name}: `)}{person._id}</Typography.Text>;
}
`;

/**
 * The 50 teams' folders: the first scaffolded and installed as a team does (teamSteps), the others
 * scaffolded by the installed kit's command and given the first one's node_modules (one install for
 * all: the builds resolve the same kit and toolchain). Contributions added to remote.json.
 */
async function makeTeams(work) {
  const setup = [];
  for (const [what, command, args, cwd] of teamSteps(work, names[0])) {
    const started = performance.now();
    const r = spawnSync(command, args, { cwd, env: teamEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}\n${r.stderr}`);
    setup.push([`${what} (${names[0]})`, performance.now() - started]);
  }
  const modules = join(work, names[0], 'node_modules');
  const scaffold = join(modules, '.bin/create-growth-admin-remote');
  const started = performance.now();
  for (const name of names.slice(1)) {
    const r = spawnSync(scaffold, [name, '--name', name, '--kit', './kit'], { cwd: work, env: teamEnv(), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`scaffolding ${name} failed:\n${r.stdout}\n${r.stderr}`);
    symlinkSync(modules, join(work, name, 'node_modules'), 'dir');
  }
  setup.push([`scaffold ${REMOTES - 1} more (one node_modules)`, performance.now() - started]);
  names.forEach((name, i) => {
    const dir = join(work, name);
    const meta = JSON.parse(readFileSync(join(dir, 'remote.json'), 'utf8'));
    if (hasCard(i)) {
      writeFileSync(join(dir, 'src/Card.tsx'), cardTsx(name));
      meta.exposes['./Card'] = './src/Card.tsx';
      meta.contributions.push({ slot: 'dashboard.cards', contract: '^1.0.0', module: './Card', leastRole: 'viewer', order: 100 + i, label: `${name} card` });
    }
    if (hasTab(i)) {
      writeFileSync(join(dir, 'src/Tab.tsx'), tabTsx(name));
      meta.exposes['./Tab'] = './src/Tab.tsx';
      meta.contributions.push({ slot: 'user.details.tabs', contract: '^1.0.0', module: './Tab', leastRole: 'viewer', order: 100 + i, label: name });
    }
    writeFileSync(join(dir, 'remote.json'), `${JSON.stringify(meta, null, 2)}\n`);
  });
  return { setup, modules };
}

/** The 50 builds, two at a time (the machine's cores): each `npm run build` of its folder. */
async function buildTeams(work) {
  const each = [];
  const started = performance.now();
  await pool(names, 2, async (name) => {
    const t = performance.now();
    await run(`the build of ${name}`, 'npm', ['run', 'build'], join(work, name));
    each.push(performance.now() - t);
  });
  return { total: performance.now() - started, median: median(each) };
}

/**
 * Adds and releases each team: an owner adds the remote (its origin the store's), then the kit's
 * release command runs in this process (`run` of its cli.mjs) with the team's token; the register
 * call's time (the gate and the registry's write) is from the command's "uploaded" line to its answer.
 */
async function releaseTeams(work, modules, system, owner) {
  const { run: release } = await import(pathToFileURL(join(modules, '@growth-admin/release-tools/release/cli.mjs')).href);
  const register = [];
  for (const name of names) {
    const created = await owner('POST', '/api/admin/remotes', { name, team: `The ${name} team`, origin: new URL(system.releaseEnv.RELEASE_STORE_URL).origin });
    if (created.status !== 200) throw new Error(`adding ${name} failed: ${created.status} ${created.text}`);
    const env = { ...system.releaseEnv, DEPLOY_TOKEN: created.body.data.deployToken.token, DEPLOY_TOKEN_FILE: '' };
    let uploadedAt = 0;
    const lines = [];
    await release(['release', name, '--dist', join(work, name, 'dist'), '--version', '1.0.0'], env, (line) => {
      lines.push(line);
      if (/^(uploaded|already in the store)/.test(line)) uploadedAt = performance.now();
    });
    register.push(performance.now() - uploadedAt);
    if (!lines.some((l) => l.includes('active for everyone'))) throw new Error(`${name} was not released: ${lines.join('\n')}`);
  }
  return register;
}

/** GET /api/runtime-config `n` times in a row: the body's gzip size and each request's ms. */
async function configFigures(call, n) {
  const times = [];
  let text = '';
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const r = await call('GET', '/api/runtime-config');
    times.push(performance.now() - started);
    if (r.status !== 200) throw new Error(`GET /api/runtime-config: ${r.status} ${r.text}`);
    text = r.text;
  }
  return { raw: Buffer.byteLength(text), gzip: gzipSync(text).length, p50: pct(times, 50), p99: pct(times, 99), config: JSON.parse(text).data };
}

/**
 * One sign-in on the mobile network profile, empty cache: from the click, the ms to four charts drawn
 * and to the `cards`-th contributed card; the requests and bytes on the wire until then; then, once
 * the page is quiet, every resource's URL and start beside the four charts' moment (one clock).
 */
async function mobileSignIn(browser, system, cards, profileTo = null) {
  // Room for every resource of 50 remotes in the page's timeline (the default keeps 250).
  const { context, page, cdp } = await mobileLoginPage(browser, system, { init: [() => performance.setResourceTimingBufferSize(10_000)] });
  let counting = true;
  let requests = 0;
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', () => counting && requests++);
  cdp.on('Network.loadingFinished', (e) => counting && (bytes += e.encodedDataLength));
  if (profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const times = await page.evaluate(
    (wanted) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        let charts;
        const poll = () => {
          const now = performance.now() - started;
          if (charts === undefined && window.__chartsDrawn() >= 4) charts = now;
          const shown = document.querySelectorAll('[data-testid="team-card"]').length;
          if (charts !== undefined && shown >= wanted) return resolve({ clickAt: started, charts, lastCard: now });
          if (now > 120_000) return reject(new Error(`after 120 s: ${charts === undefined ? 'the four charts not drawn, ' : ''}${shown} of ${wanted} cards`));
          requestAnimationFrame(poll);
        };
        document.querySelector('button[type="submit"]').click();
        poll();
      }),
    cards,
  );
  counting = false;
  if (profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  await page.waitForLoadState('networkidle');
  const timeline = await page.evaluate(() => ({
    chartsAt: window.__perf.fourChartsDrawn,
    resources: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd })),
  }));
  await context.close();
  return { ...times, requests, bytes, ...timeline };
}

/** Which of `remotes` (name → manifest URL) had a file fetched: anything under its folder in the store (`<store>/<remote>/`: its versions and files). */
function remotesFetched(resources, remotes, before = Infinity) {
  const fetched = new Set();
  for (const [name, manifest] of Object.entries(remotes)) {
    const folder = new URL('..', new URL('.', manifest)).href;
    if (resources.some((r) => r.start < before && r.url.startsWith(folder))) fetched.add(name);
  }
  return [...fetched];
}

/** The ms from the click to the first remote manifest asked for. */
const firstManifest = (run) => (run.resources.find((r) => r.start >= run.clickAt && /mf-manifest\.json/.test(r.url))?.start ?? NaN) - run.clickAt;

/** Where a sign-in's time went, from the click: the first remote manifest asked for (the config read, the layout drawn), and the four charts. */
function milestones(run) {
  return `first manifest asked ${Math.round(firstManifest(run))} ms, four charts ${Math.round(run.charts)} ms`;
}

// --work DIR: the teams' folder, kept after the run; one that holds the 50 builds already is reused
// (no set-up figures then): for measuring again after a change to the shell or the API.
const workArg = process.argv.indexOf('--work');
const kept = workArg !== -1;
if (kept) mkdirSync(process.argv[workArg + 1], { recursive: true });
const work = realpathSync(kept ? process.argv[workArg + 1] : mkdtempSync(join(tmpdir(), 'growth-admin-many-remotes-')));
// --profile DIR: a Chromium CPU profile of each sign-in, click to the last card (<remotes>-<run>.cpuprofile; DevTools opens it).
const profileArg = process.argv.indexOf('--profile');
const profileDir = profileArg === -1 ? null : process.argv[profileArg + 1];
if (profileDir) mkdirSync(profileDir, { recursive: true });
const profileOf = (remotes, run) => (profileDir ? join(profileDir, `${remotes}-${run + 1}.cpuprofile`) : null);
let system;
let browser;
try {
  const loadBefore = loadavg();
  const reused = existsSync(join(work, names.at(-1), 'dist/mf-manifest.json'));
  const { setup, modules } = reused ? { setup: [], modules: join(work, names[0], 'node_modules') } : await makeTeams(work);
  const build = reused ? null : await buildTeams(work);
  if (build) console.log(`set-up: ${setup.map(([w, ms]) => `${w} ${seconds(ms)} s`).join(', ')}; ${REMOTES} builds ${seconds(build.total)} s (two at a time, median ${seconds(build.median)} s each)`);
  else console.log(`set-up: the ${REMOTES} builds in ${work} reused`);

  system = await startOwnSystem();
  const { API_URL: apiUrl, ADMIN_SIGNING_KEY: key } = system.releaseEnv;
  const signIn = async (creds) => {
    const login = await signedCall(apiUrl, key, 'POST', '/api/admin/login', { body: creds });
    if (login.status !== 200) throw new Error(`sign-in of ${creds.username} failed: ${login.status} ${login.text}`);
    return (method, path, body) => signedCall(apiUrl, key, method, path, { body, token: login.body.data.token });
  };
  const owner = await signIn(system.creds);
  const added = await owner('POST', '/api/admin/administrators', { ...VIEWER, role: 'viewer' });
  if (added.status !== 200) throw new Error(`adding the viewer failed: ${added.status} ${added.text}`);
  const viewer = await signIn(VIEWER);

  // The five built-in remotes only, first (same system, same browser).
  browser = await launchChromium();
  const five = [];
  for (let i = 0; i < RUNS; i++) five.push(await mobileSignIn(browser, system, 0, profileOf('5', i)));
  const fiveConfig = await configFigures(owner, 20);

  const register = await releaseTeams(work, modules, system, owner);
  const ownerConfig = await configFigures(owner, CONFIG_REQUESTS);
  const viewerConfig = await configFigures(viewer, CONFIG_REQUESTS);
  const teams = Object.fromEntries(Object.entries(ownerConfig.config.remotes).filter(([name]) => names.includes(name)));
  if (Object.keys(teams).length !== REMOTES) throw new Error(`the owner's runtime config names ${Object.keys(teams).length} of the ${REMOTES} teams`);
  const cardRemotes = Object.fromEntries(names.filter((_, i) => hasCard(i)).map((n) => [n, teams[n]]));
  const tabRemotes = Object.fromEntries(names.filter((_, i) => hasTab(i)).map((n) => [n, teams[n]]));

  const fifty = [];
  for (let i = 0; i < RUNS; i++) fifty.push(await mobileSignIn(browser, system, CARDS, profileOf(String(REMOTES), i)));
  for (const [label, runs] of [['5 remotes', five], [`${REMOTES} remotes`, fifty]]) for (const r of runs) console.log(`${label}: ${milestones(r)}`);
  const loadAfter = loadavg();

  const chartsFive = median(five.map((r) => r.charts));
  const chartsFifty = median(fifty.map((r) => r.charts));
  const slower = chartsFifty / chartsFive - 1;
  const early = [...new Set(fifty.flatMap((r) => remotesFetched(r.resources, cardRemotes, r.chartsAt)))];
  const offScreen = [...new Set(fifty.flatMap((r) => remotesFetched(r.resources, tabRemotes)))];
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  const rows = [
    ['runtime config, owner: bytes gzip (raw)', `${ownerConfig.gzip} (${ownerConfig.raw}); 5 remotes: ${fiveConfig.gzip} (${fiveConfig.raw})`, `≤ ${GOALS.configGzipBytes}`, verdict(ownerConfig.gzip <= GOALS.configGzipBytes)],
    ['runtime config, viewer: bytes gzip (raw)', `${viewerConfig.gzip} (${viewerConfig.raw})`, `≤ ${GOALS.configGzipBytes}`, verdict(viewerConfig.gzip <= GOALS.configGzipBytes)],
    [`GET /api/runtime-config, owner: p50 / p99 ms (${CONFIG_REQUESTS} in a row)`, `${ownerConfig.p50.toFixed(1)} / ${ownerConfig.p99.toFixed(1)}`, `p99 ≤ ${GOALS.configP99Ms}`, verdict(ownerConfig.p99 <= GOALS.configP99Ms)],
    [`GET /api/runtime-config, viewer: p50 / p99 ms (${CONFIG_REQUESTS} in a row)`, `${viewerConfig.p50.toFixed(1)} / ${viewerConfig.p99.toFixed(1)}`, `p99 ≤ ${GOALS.configP99Ms}`, verdict(viewerConfig.p99 <= GOALS.configP99Ms)],
    ['release: the register call (gate + registry), median / p95 ms', `${median(register).toFixed(0)} / ${pct(register, 95).toFixed(0)}`, '', ''],
    ['mobile sign-in → four charts, 5 built-in remotes: median ms (runs)', `${Math.round(chartsFive)} (${five.map((r) => Math.round(r.charts)).join(', ')})`, '', ''],
    [`mobile sign-in → four charts, ${REMOTES} more remotes: median ms (runs)`, `${Math.round(chartsFifty)} (${fifty.map((r) => Math.round(r.charts)).join(', ')})`, `within ${GOALS.chartsWithin * 100} % of the 5: ${(slower * 100).toFixed(1)} %`, verdict(slower <= GOALS.chartsWithin)],
    [
      'mobile sign-in → the first remote manifest asked for (the config read, the layout drawn): median ms, 5 / 50',
      `${Math.round(median(five.map(firstManifest)))} / ${Math.round(median(fifty.map(firstManifest)))}`,
      '',
      '',
    ],
    [`mobile sign-in → the ${CARDS}th card: median ms (runs)`, `${Math.round(median(fifty.map((r) => r.lastCard)))} (${fifty.map((r) => Math.round(r.lastCard)).join(', ')})`, '', ''],
    ['requests / bytes on the wire until four charts, 5 remotes (median)', `${median(five.map((r) => r.requests))} / ${median(five.map((r) => r.bytes))}`, '', ''],
    [`requests / bytes on the wire until the ${CARDS}th card, ${REMOTES} remotes (median)`, `${median(fifty.map((r) => r.requests))} / ${median(fifty.map((r) => r.bytes))}`, '', ''],
    [`what each card's remote costs at least: its remoteEntry.js (the federation runtime), bytes gzip`, statSync(join(work, names[0], 'dist/remoteEntry.js.gz')).size, '', ''],
    ['card remotes with a file fetched before the four charts', early.length ? early.join(' ') : 'none', 'none', verdict(!early.length)],
    ['tab remotes (slot not on screen) with anything fetched on the dashboard', offScreen.length ? offScreen.join(' ') : 'none', 'none', verdict(!offScreen.length)],
    ...setup.map(([what, ms]) => [`set-up: ${what}, s`, seconds(ms), '', '']),
    ...(build ? [[`set-up: ${REMOTES} builds (two at a time), s`, `${seconds(build.total)} (median ${seconds(build.median)} each)`, '', '']] : []),
  ];
  for (const [what, value, goal, met] of rows) console.log(`${what}: ${value}${goal ? ` (goal ${goal}: ${met})` : ''}`);
  const load = `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`;
  console.log(load);
  if (!process.argv.includes('--no-doc')) {
    writePerformanceSection({
      id: 'many-remotes',
      title: `Many teams: ${REMOTES} remotes from the kit's scaffold`,
      command: 'pnpm --filter @growth-admin/remote-kit bench:scale',
      note:
        `${REMOTES} remotes scaffolded from the packed kit in a fresh folder outside the repository (one install shared by all), each a section; ${CARDS} with a dashboard card, ${TABS} with a User Details tab. Built, then each added by an owner and released with its own token through the gate into the built system's store (\`npm start\`'s system on free ports, PGlite). The runtime config is the body of GET /api/runtime-config (gzip level 6 as measured here), timed from this process, ${CONFIG_REQUESTS} requests in a row per role. Sign-in on the mobile network profile (150 ms RTT, 1.6 Mbit/s, empty cache, a fresh context each run): ${RUNS} runs with the 5 built-in remotes, then ${RUNS} with the ${REMOTES} released, in one run on one machine; requests and bytes are counted from the click. Machine: ${load}.`,
      columns: ['what', 'figure', 'goal', ''],
      rows,
    });
  }
} finally {
  await browser?.close();
  await system?.stop();
  if (!kept) rmSync(work, { recursive: true, force: true });
}
