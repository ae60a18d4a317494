#!/usr/bin/env node
// What each build-time trick of tools/federation saves (docs/build-tricks.md): the shell and the
// Analytics remote are built with every trick, then with each trick left out in turn
// (GA_BUILD_WITHOUT, build-tricks.mjs), and each build's dashboard is loaded in Chromium
// (e2e/perf/dashboard-load.mjs, the set of files the perf script counts): the gzip bytes of its
// first-load JS, and with --timing the median time from the sign-in click to the four charts drawn.
// One row per trick goes to the `build-tricks` section of docs/performance.md. The builds are left
// as a release build makes them (every trick on) when it ends.
//   node tools/federation/bench/tricks.mjs                 every trick's bytes → section build-tricks
//   node tools/federation/bench/tricks.mjs --timing --runs 5 --only precompress
//                                                         and times to the first chart → build-tricks-timing
// The bytes are deterministic. The times are those of the machine it runs on: on a shared 2-core
// machine they move by more than the smaller savings, which the note under the table says.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILD_TRICKS } from '../build-tricks.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../../..');
const { launchChromium, recordDashboardLoad, startOwnSystem, sumGzip, VIEWPORT } = await import(pathToFileURL(join(repoRoot, 'e2e/perf/dashboard-load.mjs')).href);
const { writePerformanceSection } = await import(pathToFileURL(join(repoRoot, 'scripts/performance-doc.mjs')).href);

/** The bar a trick must clear to be kept: this much gzip off the dashboard, or this much time to its first chart. */
export const KEEP_BYTES = 10_000;
export const KEEP_MS = 20;
/** The builds the dashboard's first load comes from (the shell provides antd and every shared library). */
const PACKAGES = ['shell', 'analytics-mfe'];

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const timing = args.includes('--timing');
const runs = Number(arg('runs', timing ? '5' : '1'));
const only = arg('only', '')
  .split(',')
  .filter(Boolean);
const tricks = only.length ? only : Object.keys(BUILD_TRICKS);
const unknown = tricks.filter((t) => !(t in BUILD_TRICKS));
if (unknown.length || !(runs >= 1)) {
  console.error(`usage: tricks.mjs [--timing] [--runs N ≥ 1] [--only ${Object.keys(BUILD_TRICKS).join(',')}]${unknown.length ? `\nno such trick: ${unknown.join(', ')}` : ''}`);
  process.exit(2);
}

function build(without) {
  for (const pkg of PACKAGES) {
    const run = spawnSync(process.execPath, ['webpack.build.mjs'], {
      cwd: join(repoRoot, 'packages', pkg),
      env: { ...process.env, GA_BUILD_WITHOUT: without },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`building ${pkg} without ${without || 'nothing'} failed:\n${run.stdout}${run.stderr}`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The dashboard's first-load gzip bytes, and the median ms from the sign-in click to four charts over `runs` cold loads. */
async function measure() {
  const system = await startOwnSystem();
  const browser = await launchChromium();
  try {
    const bytes = [];
    const charts = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const { dashboardScripts, signIn } = await recordDashboardLoad(context, system);
      await context.close();
      bytes.push(sumGzip(dashboardScripts));
      charts.push(signIn.charts);
    }
    return { bytes: bytes[0], firstChartMs: median(charts), spreadMs: Math.max(...charts) - Math.min(...charts) };
  } finally {
    await browser.close();
    await system.stop();
  }
}

async function measureWithout(without) {
  process.stdout.write(`${without ? `without ${without}` : 'every trick on'}: building… `);
  build(without);
  process.stdout.write('loading… ');
  const figures = await measure();
  console.log(`${(figures.bytes / 1000).toFixed(1)} kB${timing ? `, first chart ${Math.round(figures.firstChartMs)} ms` : ''}`);
  return figures;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const loadBefore = loadavg()[0];
const rows = [];
let all;
try {
  all = await measureWithout('');
  for (const trick of tricks) {
    const without = await measureWithout(trick);
    const saved = without.bytes - all.bytes;
    const savedMs = without.firstChartMs - all.firstChartMs;
    // A time counts only beyond the spread of the runs with every trick: on a loaded machine the
    // medians of two builds differ by more than any of these tricks could save.
    const noise = Math.max(all.spreadMs ?? 0, without.spreadMs ?? 0);
    const kept = saved >= KEEP_BYTES || (timing && savedMs >= KEEP_MS && savedMs > noise);
    rows.push([
      trick,
      kB(all.bytes),
      kB(without.bytes),
      kB(saved),
      ...(timing ? [`${Math.round(all.firstChartMs)} ms`, `${Math.round(without.firstChartMs)} ms`, `${Math.round(savedMs)} ms`] : []),
      kept ? 'pays for itself' : timing && savedMs >= KEEP_MS ? `under ${KEEP_BYTES / 1000} kB; time within the noise (runs spread ${Math.round(noise)} ms)` : `under ${KEEP_BYTES / 1000} kB${timing ? ` and ${KEEP_MS} ms` : ''}`,
    ]);
  }
} finally {
  process.stdout.write('restoring the builds with every trick… ');
  build('');
  console.log('done');
}

const columns = ['trick', 'dashboard JS with (gzip)', 'without', 'saving', ...(timing ? ['first chart with (median)', 'without', 'saving'] : []), 'verdict'];
console.log(columns.join(' | '));
for (const row of rows) console.log(row.join(' | '));
// The bytes of every trick are one section; the times, measured only where they decide (a trick
// under the byte bar, or one that saves no byte), another.
const file = writePerformanceSection({
  id: timing ? 'build-tricks-timing' : 'build-tricks',
  title: timing ? 'Build tricks: time to the first chart with and without each' : "Build tricks: the dashboard's first-load JS with and without each",
  command: `node tools/federation/bench/tricks.mjs${timing ? ` --timing --runs ${runs}` : ''}${only.length ? ` --only ${only.join(',')}` : ''}`,
  note:
    `Each row builds the shell and the Analytics remote with that trick left out (GA_BUILD_WITHOUT, docs/build-tricks.md) and loads the dashboard in Chromium ` +
    `(e2e/perf/dashboard-load.mjs): the gzip bytes (level 9, as stored) of every script from opening the shell to the four charts drawn. ` +
    `A trick is kept when it saves at least ${KEEP_BYTES / 1000} kB, or ${KEEP_MS} ms from the sign-in click to the four charts. ` +
    (timing
      ? `Times are medians of ${runs} cold loads on this machine (load ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end): a shared 2-core machine moves them by tens of ms, so only the bytes are exact.`
      : 'Bytes only (deterministic); run with --timing for the times.'),
  columns,
  rows,
});
console.log(`written to ${file}`);
