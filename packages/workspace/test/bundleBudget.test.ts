/**
 * @jest-environment node
 */
// The byte budget the test command enforces (scripts/bundle-budget.mjs), run as the CLI it is, on a
// temporary folder (its bundle-budget.json, CHANGELOG.md and docs/performance.md) and a given
// measurement of the dashboard's first-load JS (the measurement itself, Chromium on the built system,
// is e2e/perf/dashboard-load.mjs, which the perf script and the build tricks' bench use too). The
// baseline holds the line: one byte over it fails the check, and `update` raises it only when
// CHANGELOG.md's [Unreleased] section names the new figure; lowering it needs nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function budget(command: string, bytes: number, ...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, command, '--root', root, '--measured', measured(bytes), ...args], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

const baseline = () => JSON.parse(readFileSync(join(root, 'bundle-budget.json'), 'utf8'));
const changelog = (unreleased: string) =>
  writeFileSync(join(root, 'CHANGELOG.md'), `# Changelog\n\n## [Unreleased]\n\n### Changed\n\n${unreleased}\n\n## [0.1.0] - 2026-01-01\n\n- 452,310 bytes, an old figure.\n`);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  changelog('- Something else.');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("update records the dashboard's first-load gzip bytes, with a comment that says the rule", () => {
  expect(budget('update', 450_000).status).toBe(0);
  expect(baseline().dashboardFirstLoadGzipBytes).toBe(450_000);
  expect(baseline().$comment).toMatch(/fails when the first load is over this figure, by any amount/);
  expect(baseline().$comment).toMatch(/CHANGELOG\.md under \[Unreleased\] naming the new figure/);
});

test('one byte over the baseline fails the check, listing the files and what to do', () => {
  budget('update', 450_000);
  const { status, out } = budget('check', 450_001);
  expect(status).toBe(1);
  expect(out).toMatch(/OVER BUDGET/);
  expect(out).toContain(':3001/remoteEntry.js');
  expect(out).toContain('1 bytes over bundle-budget.json');
  expect(out).toContain('CHANGELOG.md under [Unreleased], naming the new figure (450,001 bytes)');
});

test('the baseline itself and anything under it pass; well under it, the check says to keep the gain', () => {
  budget('update', 450_000);
  expect(budget('check', 450_000)).toMatchObject({ status: 0, out: expect.stringContaining('0 bytes to spare') });
  const smaller = budget('check', 440_000);
  expect(smaller.status).toBe(0);
  expect(smaller.out).toMatch(/-2\.2 %/);
  expect(smaller.out).toMatch(/budget:update` keeps the gain/);
});

test('a raise that CHANGELOG.md does not name is refused and changes nothing; naming the figure under [Unreleased] lets it through', () => {
  budget('update', 450_000);
  const refused = budget('update', 452_310);
  expect(refused.status).toBe(1);
  expect(refused.out).toMatch(/refused: raising the baseline from 450,000 to 452,310 bytes \(\+2,310\)/);
  expect(refused.out).toContain("- The dashboard's first-load JS budget: 450,000 → 452,310 bytes (gzip), for <what the 2,310 bytes bought>.");
  expect(baseline().dashboardFirstLoadGzipBytes).toBe(450_000);
  expect(budget('check', 452_310).status).toBe(1);

  // (the figure in a released section, or another figure, does not count)
  changelog("- The dashboard's first-load JS budget: 450,000 → 452,311 bytes, for the date-range presets.");
  expect(budget('update', 452_310).status).toBe(1);

  changelog("- Date-range presets on the dashboard (the first-load JS budget: 450,000 → 452,310 bytes gzip, which they cost).");
  const accepted = budget('update', 452_310);
  expect(accepted.status).toBe(0);
  expect(baseline().dashboardFirstLoadGzipBytes).toBe(452_310);
  expect(budget('check', 452_310).status).toBe(0);
});

test('the new figure may be written grouped or not; a longer number that contains it does not count', () => {
  budget('update', 450_000);
  changelog('- The budget is 1452310 bytes now.');
  expect(budget('update', 452_310).status).toBe(1);
  changelog('- The budget is 452310 bytes now.');
  expect(budget('update', 452_310).status).toBe(0);
  changelog('- The budget is 453 000 bytes now.');
  expect(budget('update', 453_000).status).toBe(0);
});

test('lowering the baseline needs no changelog line; --set writes a goal above the measurement, never under it', () => {
  budget('update', 463_866);
  changelog('');
  expect(budget('update', 449_827, '--set', '450000').status).toBe(0);
  expect(baseline().dashboardFirstLoadGzipBytes).toBe(450_000);
  const under = budget('update', 450_500, '--set', '450000');
  expect(under.status).toBe(1);
  expect(under.out).toMatch(/under the first load measured now/);
  expect(baseline().dashboardFirstLoadGzipBytes).toBe(450_000);
  expect(budget('update', 449_000).status).toBe(0);
  expect(baseline().dashboardFirstLoadGzipBytes).toBe(449_000);
});

test("update writes the bundle-budget section of the folder's docs/performance.md, where there is one", () => {
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs/performance.md'), '# Performance figures\n');
  budget('update', 449_827, '--set', '450000');
  const doc = readFileSync(join(root, 'docs/performance.md'), 'utf8');
  expect(doc).toContain('<!-- section:bundle-budget -->');
  expect(doc).toContain('| baseline | 450,000 bytes (450.0 kB) |');
  expect(doc).toContain('| measured: 2 files | 449,827 bytes (449.8 kB) |');
  expect(doc).toContain('| shell main.1234.js | 224,913 bytes |');
  expect(doc).toContain('| remote remoteEntry.js | 224,914 bytes |');
});

test('without a baseline the check fails until one is recorded', () => {
  const { status, out } = budget('check', 447_000);
  expect(status).toBe(1);
  expect(out).toMatch(/no baseline/);
  expect(budget('update', 447_000).status).toBe(0);
  expect(budget('check', 447_000).status).toBe(0);
});

test('a load that cannot be measured fails with what to do', () => {
  const run = spawnSync(process.execPath, [SCRIPT, 'check', '--root', root, '--measured', join(root, 'missing.json')], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/could not load the dashboard .*build first/);
});
