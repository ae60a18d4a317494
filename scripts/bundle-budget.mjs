#!/usr/bin/env node
// The byte budget of the dashboard's first load: the gzip bytes of every script Chromium downloads
// from opening the shell to the Analytics dashboard's four charts drawn (e2e/perf/dashboard-load.mjs,
// the set the perf script counts), on the built system, against the committed baseline
// `bundle-budget.json`. The baseline holds the line: the test command runs `check` after the build,
// and a first load of even one byte over it fails. Growth is never absorbed by a tolerance, so it
// cannot ratchet the baseline up unnoticed: raising the baseline is a change of its own, and `update`
// makes it only when CHANGELOG.md's [Unreleased] section names the new figure in bytes (the line says
// what the bytes bought, in the same change). Lowering it never needs one: `update` after a saving
// keeps the gain.
//   node scripts/bundle-budget.mjs check    measure and compare with bundle-budget.json (exit 1 over it)
//   node scripts/bundle-budget.mjs update   measure and write the figure into bundle-budget.json (exit 1,
//                                           writing nothing, for a raise CHANGELOG.md does not name)
//   --set <bytes>      (update) write this baseline instead of the measured figure: a goal with a
//                      margin above the measurement; never below the measurement (the check would fail)
//   --measured <file>  take the measurement from a JSON file ({ gzipBytes, files }) instead of
//                      loading the dashboard (figures measured elsewhere; the tests use it)
//   --root <dir>       where bundle-budget.json and CHANGELOG.md are (default: the repository root);
//                      `update` also writes the `bundle-budget` section of <dir>/docs/performance.md
//                      when there is one
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writePerformanceSection } from './performance-doc.mjs';

export const BASELINE_FILE = 'bundle-budget.json';
export const CHANGELOG_FILE = 'CHANGELOG.md';
/** Below the baseline by more than this share, the check says so: `update` keeps the gain. */
export const GAIN_WORTH_KEEPING = 0.005;

const COMMENT =
  "Gzip bytes of the dashboard's first-load JS (scripts/bundle-budget.mjs). The test command fails when the first load is over this figure, by any amount. " +
  'Lower it after a saving with `npm run budget:update`; raising it takes a line in CHANGELOG.md under [Unreleased] naming the new figure in bytes and what they bought (the update refuses otherwise).';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The dashboard's first-load JS on the built system: `{ gzipBytes, files: [{ url, gzip }] }`. */
async function measure() {
  const { measureDashboardLoad } = await import(pathToFileURL(join(repoRoot, 'e2e/perf/dashboard-load.mjs')).href);
  return measureDashboardLoad();
}

/** The check's verdict: over the baseline, by any amount, or no baseline at all, is a breach. */
export function compare(base, bytes) {
  if (base === undefined || base === null) return { base: null, bytes, change: null, breach: true, note: 'no baseline' };
  const change = (bytes - base) / base;
  return { base, bytes, change, breach: bytes > base, note: change < -GAIN_WORTH_KEEPING ? 'smaller: `npm run budget:update` keeps the gain' : '' };
}

/** The text of CHANGELOG.md's `## [Unreleased]` section (up to the next `## ` heading), or null. */
export function unreleasedSection(changelog) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => /^## \[Unreleased\]/i.test(line));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/**
 * Whether `text` names `bytes` as a whole number: `452310`, or grouped by thousands with a comma,
 * a space (plain, no-break or thin) or an underscore (`452,310`, `452 310`); not inside a longer number.
 */
export function namesFigure(text, bytes) {
  const groups = String(bytes).replace(/\B(?=(\d{3})+$)/g, '\u0000').split('\u0000');
  const figure = groups.join('[,_ \\u00a0\\u202f]?');
  return new RegExp(`(?<![\\d.,])${figure}(?![\\d]|[.,]\\d)`).test(text);
}

const kB = (bytes) => (bytes === null ? '-' : `${(bytes / 1000).toFixed(1)} kB`);
const grouped = (bytes) => String(bytes).replace(/\B(?=(\d{3})+$)/g, ',');
const pct = (change) => (change === null ? '' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`);
const fileName = (url) => {
  const u = new URL(url);
  return `:${u.port}${u.pathname}`;
};

/** `shell main.<hash>.js` or `remote <file>`: the ports are the measuring run's own. The shell's file comes first. */
const origin = (url, first) => `${new URL(url).port === new URL(first).port ? 'shell' : 'remote'} ${new URL(url).pathname.slice(1)}`;

function readBaseline(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).dashboardFirstLoadGzipBytes : undefined;
}

/** The `bundle-budget` section of docs/performance.md: the baseline, the measurement it was set on, its files. */
function writeDocSection(root, baseline, measured) {
  const file = join(root, 'docs/performance.md');
  if (!existsSync(file)) return null;
  return writePerformanceSection({
    id: 'bundle-budget',
    title: "The byte budget: the dashboard's first-load JS",
    command: 'npm run budget:update',
    note:
      `The baseline (\`${BASELINE_FILE}\`) that \`npm run budget\` and the test command hold the first load to, with no tolerance above it, ` +
      'and the first load it was set on, by file (gzip level 9). Raising the baseline takes a line in CHANGELOG.md naming the new figure (scripts/bundle-budget.mjs).',
    columns: ['what', 'gzip'],
    rows: [
      ['baseline', `${grouped(baseline)} bytes (${kB(baseline)})`],
      [`measured: ${measured.files.length} files`, `${grouped(measured.gzipBytes)} bytes (${kB(measured.gzipBytes)})`],
      ...measured.files.map((f) => [origin(f.url, measured.files[0].url), `${grouped(f.gzip)} bytes`]),
    ],
    file,
  });
}

export async function main(argv = process.argv.slice(2), log = console.log) {
  const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const root = option('--root') ?? repoRoot;
  const measuredFile = option('--measured');
  const setTo = option('--set');
  const command = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? 'check';
  if (command !== 'check' && command !== 'update') {
    log(`unknown command "${command}": use check or update`);
    return 2;
  }
  if (setTo !== undefined && (command !== 'update' || !/^\d+$/.test(setTo))) {
    log('--set takes a whole number of bytes, with update');
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
  const base = readBaseline(baselinePath);

  if (command === 'update') {
    const next = setTo === undefined ? measured.gzipBytes : Number(setTo);
    if (next < measured.gzipBytes) {
      log(`bundle budget: refused: a baseline of ${grouped(next)} bytes is under the first load measured now (${grouped(measured.gzipBytes)} bytes); the check would fail at once`);
      return 1;
    }
    if (base !== undefined && next > base) {
      const changelogPath = join(root, CHANGELOG_FILE);
      const unreleased = existsSync(changelogPath) ? unreleasedSection(readFileSync(changelogPath, 'utf8')) : null;
      if (unreleased === null || !namesFigure(unreleased, next)) {
        log(
          `bundle budget: refused: raising the baseline from ${grouped(base)} to ${grouped(next)} bytes (+${grouped(next - base)}) takes a line ` +
            `in ${CHANGELOG_FILE} under [Unreleased] that names the new figure and says what the bytes bought, for example:\n` +
            `  - The dashboard's first-load JS budget: ${grouped(base)} → ${grouped(next)} bytes (gzip), for <what the ${grouped(next - base)} bytes bought>.\n` +
            `${BASELINE_FILE} is unchanged. (Or shrink the first load: node tools/federation/bench/tricks.mjs measures the build tricks.)`,
        );
        return 1;
      }
    }
    writeFileSync(baselinePath, `${JSON.stringify({ $comment: COMMENT, dashboardFirstLoadGzipBytes: next }, null, 2)}\n`);
    const was = base === undefined ? 'no baseline' : `${grouped(base)} bytes`;
    log(`bundle budget: ${grouped(next)} bytes (${kB(next)}; measured ${grouped(measured.gzipBytes)} bytes in ${measured.files.length} files) written to ${BASELINE_FILE} (was ${was})`);
    const doc = writeDocSection(root, next, measured);
    if (doc) log(`(and the bundle-budget section of ${doc})`);
    return 0;
  }

  const r = compare(base, measured.gzipBytes);
  log(`dashboard first-load JS: ${kB(r.bytes)} (${grouped(r.bytes)} bytes) against the baseline ${kB(r.base)} ${pct(r.change)}${r.breach ? '  OVER BUDGET' : ''}${r.note ? `  (${r.note})` : ''}`);
  if (!r.breach) {
    log(`bundle budget: within ${BASELINE_FILE} (${grouped(r.base - r.bytes)} bytes to spare)`);
    return 0;
  }
  for (const f of measured.files) log(`  ${kB(f.gzip).padStart(9)}  ${fileName(f.url)}`);
  log(
    r.base === null
      ? `bundle budget: ${BASELINE_FILE} has no baseline: run \`node scripts/bundle-budget.mjs update\` and commit it.`
      : `bundle budget: the dashboard's first-load JS is ${grouped(r.bytes - r.base)} bytes over ${BASELINE_FILE}. ` +
          `Shrink it (a build trick that stopped working? node tools/federation/bench/tricks.mjs), or, if the growth is wanted, ` +
          `say what the bytes buy in ${CHANGELOG_FILE} under [Unreleased], naming the new figure (${grouped(r.bytes)} bytes), ` +
          `run \`node scripts/bundle-budget.mjs update\` and commit ${BASELINE_FILE} with the change.`,
  );
  return 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(await main());
