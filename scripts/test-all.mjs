#!/usr/bin/env node
// `npm test`: every test of the workspace (`npm test -- --affected [--base REF]`: only what changed
// since REF, default main, and what depends on it; scripts/affected.mjs). Installs what is missing (pnpm, dependencies,
// Debian's Chromium headless shell for the browser journeys and Prometheus for the metrics test), builds, type-checks and lints, checks the dashboard's
// first-load byte budget (scripts/bundle-budget.mjs), runs each package's
// jest suite and the Playwright journeys through turbo, then prints the summed counts. The last line is
// `N passed, N failed, N skipped` summed over the jest runs of every workspace package (packages/*,
// examples/*, tools/federation) and the Playwright run (scripts/test-results.mjs; .ci/run relies on it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { changedFiles, journeyEnv, planAffected } from './affected.mjs';
import { exitIfNodeTooOld } from './node-version.mjs';
import { ensureInstalled, pnpmArgv, repoRoot, runAsync, runPnpm, runPnpmAsync } from './pnpm.mjs';
import { withShortLivedNode } from './short-lived-node.mjs';
import { clearReports, testResults } from './test-results.mjs';

exitIfNodeTooOld();

// Debian's old headless shell of Chromium: what the journeys drive (e2e/playwright.config.ts).
const CHROMIUM = '/usr/bin/chromium-headless-shell';

const PROMETHEUS = '/usr/bin/prometheus';

/** Debian's `pkg` when `binary` is missing: apt-get as root, else a message saying how. */
function ensureDebianPackage(binary, pkg, what) {
  if (existsSync(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`${binary} is missing: install Debian's ${pkg} (sudo apt-get install -y --no-install-recommends ${pkg})`);
  }
  console.log(`Installing Debian's ${pkg} for ${what} (apt-get)...`);
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

const ensureChromium = () => ensureDebianPackage(CHROMIUM, 'chromium-headless-shell', 'the browser tests');
// The admin API's metrics test scrapes with a real Prometheus (started and stopped by the test).
const ensurePrometheus = () => ensureDebianPackage(PROMETHEUS, 'prometheus', "the admin API's metrics tests");
// web-security serves its rendered config through a real nginx (started and stopped by the test),
// with the brotli_static module the config uses.
const ensureNginx = () => {
  ensureDebianPackage('/usr/sbin/nginx', 'nginx', "web-security's nginx test");
  ensureDebianPackage('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so', 'libnginx-mod-http-brotli-static', "web-security's nginx test");
};

// Every workspace package's reports (packages/*, examples/*, tools/federation, e2e: scripts/test-results.mjs)
// are removed first: the closing line counts only what this run wrote.
clearReports(repoRoot);

ensureInstalled();
// From here on every Node process of the run is started without V8's optimizing compiler, which costs
// short-lived tools more than it saves them (scripts/short-lived-node.mjs).
const shortLived = withShortLivedNode(join(repoRoot, 'node_modules/.cache/short-lived-node'));
process.env.PATH = shortLived.env.PATH;

/** `--affected`: the turbo filters of the packages to run and the journeys' selection; null for a full run. */
async function affectedSelection(argv) {
  if (!argv.includes('--affected')) {
    if (argv.length) throw new Error(`npm test takes --affected [--base REF] only, not "${argv.join(' ')}"`);
    return null;
  }
  const at = argv.indexOf('--base');
  const base = at >= 0 ? argv[at + 1] : process.env.TURBO_SCM_BASE || 'main';
  if (!base) throw new Error('--base needs a commit, branch or tag');
  const { mergeBase, files } = changedFiles(repoRoot, base);
  const { localRemotes } = await import(pathToFileURL(join(repoRoot, 'tools/federation/local-remotes.mjs')).href);
  // (the first remote's section is where every sign-in lands: a change there reaches every journey)
  const sectionsOf = (pkgName) =>
    Object.values(localRemotes(repoRoot))
      .slice(1)
      .find((r) => `@growth-admin/${r.pkg}` === pkgName)
      ?.def.sections.map((s) => ({ id: s.path, label: s.label })) ?? null;
  const plan = planAffected({ repoRoot, files, sectionsOf });
  const since = `since ${base} (${mergeBase.slice(0, 10)}, ${files.length} files changed)`;
  if (plan.full) {
    console.log(`Affected run ${since}: a full run, because ${plan.reason}.`);
    return null;
  }
  console.log(`Affected run ${since}:`);
  console.log(`  changed: ${plan.changed.join(', ') || 'nothing'}`);
  console.log(`  run (changed and what depends on them): ${plan.affected.join(', ') || 'nothing'}`);
  console.log(`  skipped: ${plan.skipped.join(', ') || 'nothing'}`);
  if (plan.affected.includes('@growth-admin/e2e')) {
    const tests = plan.journeyTests ? ` (${plan.journeyTests.length} of their journeys: those that open the sections)` : '';
    console.log(`  journeys: ${plan.journeys === 'all' ? 'all' : plan.journeys.join(', ')}${tests}`);
  }
  // The dashboard's first load is the shell's and the first remote's code: only they move its bytes.
  const firstRemote = `@growth-admin/${Object.values(localRemotes(repoRoot))[0].pkg}`;
  const dashboard = plan.affected.some((name) => name === '@growth-admin/shell' || name === firstRemote);
  if (!dashboard) console.log(`  byte budget: not measured (the dashboard's first load is ${firstRemote}'s and the shell's, both unchanged)`);
  return { filters: plan.affected.map((name) => `--filter=${name}`), journeys: plan.journeys, journeyTests: plan.journeyTests, dashboard };
}

const affected = await affectedSelection(process.argv.slice(2)).catch((err) => {
  console.error(`npm test: ${err.message}`);
  process.exit(2);
});
if (!affected || affected.journeys !== 'none') ensureChromium();
ensurePrometheus();
ensureNginx();
const filters = affected?.filters ?? [];
// The journeys of the changed remotes only, in two workers (scripts/affected.mjs); turbo passes the
// selection and keys its cache on it.
const testEnv = journeyEnv(affected, process.env);
const nothing = affected !== null && filters.length === 0;

// Type checks and lint gate the run too: a test suite over code that does not type-check proves little.
/** Runs one step and remembers how long it took (printed with the results). */
const took = [];
async function timed(name, step) {
  const start = Date.now();
  const status = await step();
  const s = Math.round((Date.now() - start) / 1000);
  took.push(`${name} ${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`);
  return status;
}
/** Runs a script of this repository with this Node (without TurboFan, as above); resolves with its exit status. */
const runScript = (script, args) => runAsync(shortLived.node, [join(repoRoot, script), ...args]);
// The byte budget of the dashboard's first load on the builds just made (bundle-budget.json): a first
// load over the baseline, by any amount, fails the run.
const checkBudget = (name = 'byte budget') => timed(name, () => runScript('scripts/bundle-budget.mjs', ['check']));
/** The full run's byte budget, started beside its type checks. */
let budgetBesideTypecheck = null;
/**
 * The full run: the builds and, beside them, one eslint over the workspace; then the type checks,
 * one TypeScript program per set of packages with the same options (scripts/typecheck.mjs). Per
 * package, the same work cost twice the CPU: each of 17 eslint and 14 tsc processes loaded the
 * parser, the rules and the shared declarations (react, antd, the DOM) again. The byte budget runs
 * beside the type checks: each keeps about one core busy.
 */
async function buildTypecheckLintAll() {
  const [built, linted] = await Promise.all([
    runPnpmAsync(['exec', 'turbo', 'run', 'build', '--concurrency=2', '--output-logs=errors-only']),
    runPnpmAsync(['exec', 'eslint', '.']),
  ]);
  if (linted !== 0) console.log('eslint . FAILED');
  if (built !== 0) return built;
  budgetBesideTypecheck = checkBudget('byte budget (beside the type checks)');
  const typed = await runScript('scripts/typecheck.mjs', ['--no-build']);
  return linted || typed;
}
const buildStep = affected ? () => runPnpm(['exec', 'turbo', 'run', 'build', 'typecheck', 'lint', '--concurrency=2', ...filters]) : buildTypecheckLintAll;
const build = nothing ? 0 : await timed('build, typecheck and lint', buildStep);
const budgetStatus = budgetBesideTypecheck ? await budgetBesideTypecheck : build === 0 && !nothing && (affected?.dashboard ?? true) ? await checkBudget() : 0;
// (the budget's figure holds only for builds that type-check and lint: a failed step fails the run anyway)
const budget = build === 0 ? budgetStatus : 0;
// The journeys and the packages' jest suites side by side, the suites (two at a time) only on CPU
// time the journeys leave (SCHED_IDLE): alone the journeys use about one core of two, in bursts
// (Chromium, the API, the static servers), and at equal priority beside the suites they took twice
// as long.
const E2E = '@growth-admin/e2e';
const runsJourneys = filters.length === 0 || filters.includes(`--filter=${E2E}`);
const jestFilters = filters.length === 0 ? [`--filter=!${E2E}`] : filters.filter((f) => f !== `--filter=${E2E}`);
/** The tasks `turbo run <args>` would run (its dry run). */
function turboTasks(args) {
  const [cmd, ...rest] = pnpmArgv(['exec', 'turbo', 'run', ...args, '--dry=json']);
  const r = spawnSync(cmd, rest, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`turbo run ${args.join(' ')} --dry=json failed: ${r.stderr}`);
  return JSON.parse(r.stdout).tasks;
}

/**
 * One digest of the build tasks' hashes. `--only` leaves a test's dependencies out of its cache key,
 * so a suite (or the journeys) would be replayed from the cache after a change in a package it runs
 * on; the tests' key carries this instead (turbo.json: GA_BUILDS), so any build change runs them again.
 */
function buildsDigest() {
  const hashes = turboTasks(['build', ...filters]).map((t) => `${t.taskId}=${t.hash}`).sort();
  return createHash('sha256').update(hashes.join('\n')).digest('hex').slice(0, 16);
}

/** The packages with a test task under these turbo filters. */
const suitePackages = (which) => turboTasks(['test', '--only', ...which]).map((t) => t.package);

/**
 * The suites that take longest (docs/performance.md: the API's, then the remote kit's and the
 * workspace's fresh-folder proofs) start first. turbo starts the tasks it may run in no set order,
 * and a run that started one of them last ended with it alone on one core for a minute or more.
 */
const LONGEST_SUITES = ['@growth-admin/admin-api', '@growth-admin/remote-kit', '@growth-admin/workspace'];
const startOrder = (pkg) => (LONGEST_SUITES.includes(pkg) ? LONGEST_SUITES.indexOf(pkg) : LONGEST_SUITES.length);

async function runTests() {
  // --only: the builds were made above (nothing is rebuilt or restored under a running suite).
  const env = { ...testEnv, GA_BUILDS: buildsDigest() };
  const turboTest = (which, idle = false) => runPnpmAsync(['exec', 'turbo', 'run', 'test', '--only', '--continue', ...which], { env, idle });
  /** Every suite, two at a time, the longest first. */
  async function suites() {
    const queue = suitePackages(jestFilters).sort((a, b) => startOrder(a) - startOrder(b) || a.localeCompare(b));
    let status = 0;
    const lane = async () => {
      for (let pkg = queue.shift(); pkg; pkg = queue.shift()) status = (await turboTest([`--filter=${pkg}`], runsJourneys)) || status;
    };
    await Promise.all([lane(), lane()]);
    return status;
  }
  const [journeys, suitesStatus] = await Promise.all([runsJourneys ? turboTest([`--filter=${E2E}`]) : 0, jestFilters.length ? suites() : 0]);
  return suitesStatus || journeys;
}
const test = build !== 0 ? 1 : nothing ? 0 : await timed('tests', runTests);

console.log(`\nTook: ${took.join(', ') || 'nothing to run'}`);
// The last line counts every test, jest's and Playwright's, of every workspace package, and a failed
// step that ran no test (a build, the budget, a crashed task) as one failure: it never reads "0
// failed" for a failing run.
const stepFailed = build !== 0 || budget !== 0 || test !== 0;
const results = testResults(repoRoot, { stepFailed });
console.log('Test results:');
for (const r of results.runs) {
  console.log(`  ${r.file}${r.kind === 'jest' ? '' : ` (${r.kind})`}: ${r.passed} passed, ${r.failed} failed, ${r.skipped ?? 0} skipped`);
}
if (build !== 0) console.log('  build, typecheck or lint FAILED');
if (budget !== 0) console.log("  bundle budget FAILED (see above: the dashboard's first-load JS is over bundle-budget.json)");
if (test !== 0) console.log('  at least one test task FAILED');

// What failed, by name, near the end of the output (CI shows its tail).
if (results.failures.length) {
  console.log('\nFailed:');
  for (const f of results.failures.slice(0, 30)) console.log(`  ${f}`);
  if (results.failures.length > 30) console.log(`  ... and ${results.failures.length - 30} more`);
}
const { jest, total, summary } = results;
console.log(`jest: ${jest.passed} passed, ${jest.failed} failed, ${jest.skipped} skipped`);
mkdirSync(join(repoRoot, 'reports'), { recursive: true });
writeFileSync(join(repoRoot, 'reports', 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(stepFailed || total.failed > 0 ? 1 : 0);
