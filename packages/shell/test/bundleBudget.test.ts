/**
 * @jest-environment node
 */
// The byte budget the test command enforces (scripts/bundle-budget.mjs), run as the CLI it is, on
// a temporary baseline and a given measurement of the dashboard's first-load JS (the measurement
// itself, Chromium on the built system, is e2e/perf/dashboard-load.mjs, which the perf script and
// the build tricks' bench use too): more than 2% over the committed baseline fails the check, a
// smaller growth passes, and `update` (the same change committing the new baseline) makes the
// bigger load pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '../../../scripts/bundle-budget.mjs');
let root: string;

/** A measured first load of `bytes` gzip, in two files. */
function measured(bytes: number): string {
  const file = join(root, `measured-${bytes}.json`);
  const files = [
    { url: 'http://localhost:3000/main.1234.js', gzip: Math.floor(bytes / 2) },
    { url: 'http://localhost:3001/remoteEntry.js', gzip: Math.ceil(bytes / 2) },
  ];
  writeFileSync(file, JSON.stringify({ gzipBytes: bytes, files }));
  return file;
}

function budget(command: string, bytes: number) {
  const run = spawnSync(process.execPath, [SCRIPT, command, '--root', root, '--measured', measured(bytes)], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("update records the dashboard's first-load gzip bytes", () => {
  expect(budget('update', 447_000).status).toBe(0);
  const baseline = JSON.parse(readFileSync(join(root, 'bundle-budget.json'), 'utf8'));
  expect(baseline.dashboardFirstLoadGzipBytes).toBe(447_000);
});

test('a growth of more than 2% fails, listing the files and the way to accept it', () => {
  budget('update', 447_000);
  const { status, out } = budget('check', 456_000); // +2.0 % and a little more (a trick of ≥ 10 kB that stopped working)
  expect(status).toBe(1);
  expect(out).toMatch(/OVER BUDGET/);
  expect(out).toContain(':3001/remoteEntry.js');
  expect(out).toContain('node scripts/bundle-budget.mjs update');
});

test('a growth of at most 2% passes', () => {
  budget('update', 447_000);
  const { status, out } = budget('check', 455_900); // +1.99 %
  expect(out).toMatch(/\+2\.0 %/);
  expect(out).not.toMatch(/OVER BUDGET/);
  expect(status).toBe(0);
});

test('the growth passes once the same change updates the baseline', () => {
  budget('update', 447_000);
  expect(budget('check', 470_000).status).toBe(1);
  budget('update', 470_000);
  expect(budget('check', 470_000).status).toBe(0);
});

test('without a baseline the check fails until one is recorded', () => {
  const { status, out } = budget('check', 447_000);
  expect(status).toBe(1);
  expect(out).toMatch(/no baseline/);
});

test('a load that cannot be measured fails with what to do', () => {
  const run = spawnSync(process.execPath, [SCRIPT, 'check', '--root', root, '--measured', join(root, 'missing.json')], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/could not load the dashboard .*build first/);
});
