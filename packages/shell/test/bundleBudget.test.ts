/**
 * @jest-environment node
 */
// The byte budget the test command enforces (scripts/bundle-budget.mjs), run as the CLI it is on a
// temporary workspace: a web package whose gzip JS grew more than 10% over the committed baseline
// fails the check, a smaller growth passes, and `update` (the same change committing the new
// baseline) makes the bigger build pass.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const SCRIPT = join(__dirname, '../../../scripts/bundle-budget.mjs');
let root: string;

/** Writes a web build (dist/ with a manifest) of `name` whose JS is `bytes` of incompressible data. */
function writeBuild(dir: string, name: string, bytes: number): number {
  const dist = join(root, 'packages', dir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  writeFileSync(join(root, 'packages', dir, 'package.json'), JSON.stringify({ name }));
  writeFileSync(join(dist, 'mf-manifest.json'), '{}');
  // Split over two files, one in a subfolder: both count.
  const a = `/*${randomBytes(bytes / 2).toString('base64')}*/`;
  const b = `/*${randomBytes(bytes / 2).toString('base64')}*/`;
  writeFileSync(join(dist, 'main.1234.js'), a);
  writeFileSync(join(dist, 'chunks', '12.abcd.js'), b);
  writeFileSync(join(dist, 'main.1234.js.LICENSE.txt'), 'not JS: not counted');
  return gzipSync(a, { level: 9 }).length + gzipSync(b, { level: 9 }).length;
}

function budget(command: string) {
  const run = spawnSync(process.execPath, [SCRIPT, command, '--root', root], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  mkdirSync(join(root, 'packages', 'api'), { recursive: true });
  // A package without a web build (no mf-manifest.json) is not budgeted.
  mkdirSync(join(root, 'packages', 'api', 'dist'));
  writeFileSync(join(root, 'packages', 'api', 'package.json'), JSON.stringify({ name: '@x/api' }));
  writeFileSync(join(root, 'packages', 'api', 'dist', 'server.js'), 'x'.repeat(100));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('update records each web package’s summed gzip JS', () => {
  const shell = writeBuild('shell', '@x/shell', 20_000);
  const remote = writeBuild('remote', '@x/remote', 10_000);
  expect(budget('update').status).toBe(0);
  const baseline = JSON.parse(readFileSync(join(root, 'bundle-budget.json'), 'utf8'));
  expect(baseline.gzipBytes).toEqual({ '@x/remote': remote, '@x/shell': shell });
});

test('a growth of more than 10% fails, naming the package and the way to accept it', () => {
  writeBuild('shell', '@x/shell', 20_000);
  writeBuild('remote', '@x/remote', 10_000);
  budget('update');
  writeBuild('remote', '@x/remote', 11_400); // ≈ +14 % gzip
  const { status, out } = budget('check');
  expect(status).toBe(1);
  expect(out).toMatch(/@x\/remote .* OVER BUDGET/);
  expect(out).not.toMatch(/@x\/shell .* OVER BUDGET/);
  expect(out).toContain('node scripts/bundle-budget.mjs update');
});

test('a growth under 10% passes', () => {
  writeBuild('remote', '@x/remote', 10_000);
  budget('update');
  writeBuild('remote', '@x/remote', 10_600); // ≈ +6 % gzip
  const { status, out } = budget('check');
  expect(out).toMatch(/@x\/remote .*\+[0-9.]+ %/);
  expect(status).toBe(0);
});

test('the growth passes once the same change updates the baseline', () => {
  writeBuild('remote', '@x/remote', 10_000);
  budget('update');
  writeBuild('remote', '@x/remote', 14_000);
  expect(budget('check').status).toBe(1);
  budget('update');
  expect(budget('check').status).toBe(0);
});

test('a new web package without a baseline fails until it is recorded', () => {
  writeBuild('remote', '@x/remote', 10_000);
  budget('update');
  writeBuild('newcomer', '@x/newcomer', 4_000);
  const { status, out } = budget('check');
  expect(status).toBe(1);
  expect(out).toMatch(/@x\/newcomer .*no baseline/);
});
