#!/usr/bin/env node
// The byte budget of what the browser is shipped: each web package's JS in `dist/` (every build
// with an `mf-manifest.json`: the shell and the remotes), summed gzip, against the committed
// baseline `bundle-budget.json`. The test command runs `check` after the build: a package that grew
// more than 10% over its baseline fails it, unless the same change updates the baseline (`update`),
// which makes the growth a reviewed decision rather than an accident.
//   node scripts/bundle-budget.mjs check    compare dist/ with bundle-budget.json (exit 1 on a breach)
//   node scripts/bundle-budget.mjs update   write the current figures into bundle-budget.json
//   --root <dir>  another workspace root (the tests use a temporary one)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BASELINE_FILE = 'bundle-budget.json';
/** Growth allowed over the baseline before the check fails. */
export const TOLERANCE = 0.1;

function jsFilesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsFilesUnder(path));
    else if (/\.m?js$/.test(name)) out.push(path);
  }
  return out.sort();
}

/** Package name → summed gzip bytes of its dist/ JS, for every web build under `<root>/packages`. */
export function measure(root) {
  const sizes = {};
  const packagesDir = join(root, 'packages');
  for (const dir of readdirSync(packagesDir).sort()) {
    const dist = join(packagesDir, dir, 'dist');
    if (!existsSync(join(dist, 'mf-manifest.json'))) continue;
    const { name } = JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8'));
    sizes[name] = jsFilesUnder(dist).reduce(
      (n, file) => n + gzipSync(readFileSync(file), { level: 9 }).length,
      0,
    );
  }
  return sizes;
}

/**
 * Compares measured sizes with the baseline. A package over baseline × (1 + tolerance), or one
 * with no baseline at all, is a breach; a baseline whose package is gone is only reported.
 */
export function compare(baseline, current, tolerance = TOLERANCE) {
  const rows = [];
  for (const [pkg, bytes] of Object.entries(current)) {
    const base = baseline[pkg];
    if (base === undefined) {
      rows.push({ pkg, base: null, bytes, change: null, breach: true, note: 'no baseline' });
      continue;
    }
    const change = (bytes - base) / base;
    rows.push({ pkg, base, bytes, change, breach: bytes > base * (1 + tolerance), note: '' });
  }
  for (const pkg of Object.keys(baseline)) {
    if (!(pkg in current))
      rows.push({
        pkg,
        base: baseline[pkg],
        bytes: null,
        change: null,
        breach: false,
        note: 'not built',
      });
  }
  return rows;
}

const kB = (bytes) => (bytes === null ? '-' : `${(bytes / 1000).toFixed(1)} kB`);
const pct = (change) =>
  change === null ? '' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`;

function readBaseline(root) {
  const file = join(root, BASELINE_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')).gzipBytes ?? {};
}

export function main(argv = process.argv.slice(2), log = console.log) {
  const rootAt = argv.indexOf('--root');
  const root = rootAt >= 0 ? argv[rootAt + 1] : join(dirname(fileURLToPath(import.meta.url)), '..');
  const command = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--root') ?? 'check';
  const current = measure(root);
  if (!Object.keys(current).length) {
    log('bundle budget: no web build found (run the build first)');
    return 1;
  }
  if (command === 'update') {
    const body = {
      $comment: `Summed gzip bytes of each web package's dist/*.js. The test command fails when one grows more than ${TOLERANCE * 100}% over this; after a reviewed growth run: node scripts/bundle-budget.mjs update`,
      gzipBytes: current,
    };
    writeFileSync(join(root, BASELINE_FILE), `${JSON.stringify(body, null, 2)}\n`);
    for (const [pkg, bytes] of Object.entries(current))
      log(`${pkg.padEnd(32)} ${kB(bytes).padStart(10)}`);
    log(`bundle budget: baseline written to ${BASELINE_FILE}`);
    return 0;
  }
  if (command !== 'check') {
    log(`unknown command "${command}": use check or update`);
    return 2;
  }
  const rows = compare(readBaseline(root), current);
  for (const r of rows) {
    log(
      `${r.pkg.padEnd(32)} ${kB(r.base).padStart(10)} → ${kB(r.bytes).padStart(10)} ${pct(r.change).padStart(9)}${r.breach ? '  OVER BUDGET' : ''}${r.note ? `  (${r.note})` : ''}`,
    );
  }
  const breaches = rows.filter((r) => r.breach);
  if (breaches.length) {
    log(
      `bundle budget: ${breaches.map((r) => r.pkg).join(', ')} grew more than ${TOLERANCE * 100}% over ${BASELINE_FILE} ` +
        `(or has no baseline). Shrink it, or, if the growth is wanted, run \`node scripts/bundle-budget.mjs update\` and commit ${BASELINE_FILE} with the change.`,
    );
    return 1;
  }
  log(`bundle budget: every web package within ${TOLERANCE * 100}% of ${BASELINE_FILE}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
