#!/usr/bin/env node
// The byte budget of the dashboard's first load: the gzip bytes of every script Chromium downloads
// from opening the shell to the Analytics dashboard's four charts drawn (e2e/perf/dashboard-load.mjs,
// the set the perf script counts), on the built system, against the committed baseline
// `bundle-budget.json`. The test command runs `check` after the build: more than 2% over the
// baseline fails it, unless the same change updates the baseline (`update`), which makes the growth
// a reviewed decision rather than an accident. 2% of the dashboard is less than any build trick
// saves (docs/build-tricks.md), so a trick that silently stops working fails the check.
//   node scripts/bundle-budget.mjs check    measure and compare with bundle-budget.json (exit 1 on a breach)
//   node scripts/bundle-budget.mjs update   measure and write the figure into bundle-budget.json
//   --measured <file>  take the measurement from a JSON file ({ gzipBytes, files }) instead of
//                      loading the dashboard (figures measured elsewhere; the tests use it)
//   --root <dir>       where bundle-budget.json is (default: the repository root)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BASELINE_FILE = 'bundle-budget.json';
/** Growth allowed over the baseline before the check fails. */
export const TOLERANCE = 0.02;

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The dashboard's first-load JS on the built system: `{ gzipBytes, files: [{ url, gzip }] }`. */
async function measure() {
  const { measureDashboardLoad } = await import(pathToFileURL(join(repoRoot, 'e2e/perf/dashboard-load.mjs')).href);
  return measureDashboardLoad();
}

/** The check's verdict: over baseline × (1 + tolerance), or no baseline at all, is a breach. */
export function compare(base, bytes, tolerance = TOLERANCE) {
  if (base === undefined || base === null) return { base: null, bytes, change: null, breach: true, note: 'no baseline' };
  const change = (bytes - base) / base;
  return { base, bytes, change, breach: bytes > base * (1 + tolerance), note: change < -tolerance ? 'smaller: update the baseline to keep the gain' : '' };
}

const kB = (bytes) => (bytes === null ? '-' : `${(bytes / 1000).toFixed(1)} kB`);
const pct = (change) => (change === null ? '' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`);
const fileName = (url) => {
  const u = new URL(url);
  return `:${u.port}${u.pathname}`;
};

export async function main(argv = process.argv.slice(2), log = console.log) {
  const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const root = option('--root') ?? repoRoot;
  const measuredFile = option('--measured');
  const command = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? 'check';
  if (command !== 'check' && command !== 'update') {
    log(`unknown command "${command}": use check or update`);
    return 2;
  }
  let measured;
  try {
    measured = measuredFile ? JSON.parse(readFileSync(measuredFile, 'utf8')) : await measure();
  } catch (error) {
    log(`bundle budget: could not load the dashboard (${error.message.split('\n')[0]}): build first (pnpm exec turbo run build)`);
    return 1;
  }
  const baselinePath = join(root, BASELINE_FILE);
  if (command === 'update') {
    const body = {
      $comment: `Gzip bytes of the dashboard's first-load JS (scripts/bundle-budget.mjs). The test command fails when it grows more than ${TOLERANCE * 100}% over this; after a reviewed growth run: node scripts/bundle-budget.mjs update`,
      dashboardFirstLoadGzipBytes: measured.gzipBytes,
    };
    writeFileSync(baselinePath, `${JSON.stringify(body, null, 2)}\n`);
    log(`bundle budget: ${kB(measured.gzipBytes)} (${measured.files.length} files) written to ${BASELINE_FILE}`);
    return 0;
  }
  const base = existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')).dashboardFirstLoadGzipBytes : undefined;
  const r = compare(base, measured.gzipBytes);
  log(`dashboard first-load JS: ${kB(r.base)} → ${kB(r.bytes)} ${pct(r.change)}${r.breach ? '  OVER BUDGET' : ''}${r.note ? `  (${r.note})` : ''}`);
  if (!r.breach) {
    log(`bundle budget: within ${TOLERANCE * 100}% of ${BASELINE_FILE}`);
    return 0;
  }
  for (const f of measured.files) log(`  ${kB(f.gzip).padStart(9)}  ${fileName(f.url)}`);
  log(
    `bundle budget: the dashboard's first-load JS grew more than ${TOLERANCE * 100}% over ${BASELINE_FILE} (or it has no baseline). ` +
      `Shrink it (a build trick that stopped working? node tools/federation/bench/tricks.mjs), or, if the growth is wanted, ` +
      `run \`node scripts/bundle-budget.mjs update\` and commit ${BASELINE_FILE} with the change.`,
  );
  return 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(await main());
