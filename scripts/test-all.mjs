#!/usr/bin/env node
// `npm test`: every test of the workspace. Installs what is missing (pnpm, dependencies,
// Debian's Chromium for the browser journeys), builds, type-checks and lints, checks the web builds'
// byte budget (scripts/bundle-budget.mjs), runs each package's
// jest suite and the Playwright journeys through turbo, then prints the summed counts. The last line is
// `N passed, N failed` summed over all jest and Playwright runs (.ci/run relies on it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureInstalled, repoRoot, runPnpm } from './pnpm.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium)`);
  }
  console.log("Installing Debian's Chromium for the browser tests (apt-get)...");
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

/** Every reports/*.json under the workspace's packages: { passed, failed, skipped } per run. */
function collectReports(dir) {
  const out = [];
  const reportsDir = join(dir, 'reports');
  if (!existsSync(reportsDir)) return out;
  for (const file of readdirSync(reportsDir)) {
    if (!file.endsWith('.json')) continue;
    try {
      out.push({ file: join(reportsDir, file), ...JSON.parse(readFileSync(join(reportsDir, file), 'utf8')) });
    } catch {
      /* a half-written report counts as nothing */
    }
  }
  return out;
}

// Every workspace package's jest reports: packages/* and the build tools (tools/federation).
const packageDirs = [...readdirSync(join(repoRoot, 'packages')).map((p) => join(repoRoot, 'packages', p)), join(repoRoot, 'tools', 'federation')];
const e2eDir = join(repoRoot, 'e2e');
for (const dir of [...packageDirs, e2eDir]) rmSync(join(dir, 'reports'), { recursive: true, force: true });

ensureInstalled();
ensureChromium();

// Type checks and lint gate the run too: a test suite over code that does not type-check proves little.
const build = runPnpm(['exec', 'turbo', 'run', 'build', 'typecheck', 'lint', '--concurrency=2']);
// The byte budget of the web builds just made (bundle-budget.json): more than 10% growth fails the run.
const budget = build === 0 ? (spawnSync(process.execPath, [join(repoRoot, 'scripts/bundle-budget.mjs'), 'check'], { stdio: 'inherit' }).status ?? 1) : 0;
const test = build === 0 ? runPnpm(['exec', 'turbo', 'run', 'test', '--continue', '--concurrency=2']) : 1;

const jest = { passed: 0, failed: 0, skipped: 0 };
console.log('\nTest results:');
for (const dir of packageDirs) {
  for (const r of collectReports(dir)) {
    console.log(`  ${relative(repoRoot, r.file)}: ${r.passed} passed, ${r.failed} failed, ${r.skipped ?? 0} skipped`);
    jest.passed += r.passed;
    jest.failed += r.failed;
    jest.skipped += r.skipped ?? 0;
  }
}
const e2e = collectReports(e2eDir);
for (const r of e2e) console.log(`  ${relative(repoRoot, r.file)} (Playwright): ${r.passed} passed, ${r.failed} failed, ${r.skipped ?? 0} skipped`);
if (build !== 0) console.log('  build, typecheck or lint FAILED');
if (budget !== 0) console.log('  bundle budget FAILED (see above: a web package grew more than 10% over bundle-budget.json)');
if (test !== 0) console.log('  at least one test task FAILED');

// The last line counts every test, jest's and Playwright's, and a failed step that ran no test (a
// build, the budget, a crashed task) as one failure: it never reads "0 failed" for a failing run.
const total = { ...jest };
for (const r of e2e) {
  total.passed += r.passed;
  total.failed += r.failed;
  total.skipped += r.skipped ?? 0;
}
const stepFailed = build !== 0 || budget !== 0 || test !== 0;
if (stepFailed && total.failed === 0) total.failed = 1;
console.log(`jest: ${jest.passed} passed, ${jest.failed} failed, ${jest.skipped} skipped`);
const summary = `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
mkdirSync(join(repoRoot, 'reports'), { recursive: true });
writeFileSync(join(repoRoot, 'reports', 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(stepFailed || total.failed > 0 ? 1 : 0);
