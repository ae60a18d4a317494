// What `npm test -- --affected` runs: the packages changed since a base commit (committed, staged,
// unstaged and untracked files) and every package that depends on them, through the workspace's
// package.json dependencies (turbo's graph). A run is full instead when a change is outside every
// package (root configuration, scripts/, tools/: the federation setup and the antd contract the shell
// gives every remote), in shared-client, the UI kit or the shell (what every remote runs on), or in the
// remote kit's jest preset (every package tests with it).
// The journeys: a change only in remotes runs the journeys that open one of their sections (test by
// test, where a file's other tests open none); any other change that reaches e2e runs them all.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Packages whose change always means a full run: the contract every remote runs on. */
export const FULL_RUN_PACKAGES = ['@growth-admin/shared-client', '@growth-admin/ui-kit', '@growth-admin/shell'];
/** Folders inside a package whose change also means a full run: the jest preset every package tests with (jest.base.cjs). */
export const FULL_RUN_FOLDERS = ['packages/remote-kit/jest/'];

function git(repoRoot, args) {
  const r = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout;
}

/** Files changed since the merge base of `base` and HEAD, including uncommitted and untracked ones. */
export function changedFiles(repoRoot, base) {
  const mergeBase = git(repoRoot, ['merge-base', base, 'HEAD']).trim();
  const lines = [...git(repoRoot, ['diff', '--name-only', mergeBase]).split('\n'), ...git(repoRoot, ['ls-files', '--others', '--exclude-standard']).split('\n')];
  return { mergeBase, files: [...new Set(lines.filter(Boolean))].sort() };
}

/** Every workspace package: directory (relative), name, workspace dependencies. */
export function workspacePackages(repoRoot) {
  const dirs = [...readdirSync(join(repoRoot, 'packages')).map((d) => `packages/${d}`), 'e2e'].filter((d) => existsSync(join(repoRoot, d, 'package.json')));
  const pkgs = dirs.map((dir) => {
    const json = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
    const deps = { ...json.dependencies, ...json.devDependencies };
    return { dir, name: json.name, deps: Object.keys(deps).filter((d) => String(deps[d]).startsWith('workspace:')) };
  });
  return pkgs;
}

/** The line (1-based) where a journey starts: `test('…'`, `test.only(\`…\``, at any indentation. */
const TEST_START = /^(\s*)test(?:\.(?:only|skip|fixme))?\(\s*['"`]/;

/**
 * A journey file's tests, each with its lines (from its `test(` to the `});` at the same indentation),
 * and the file's code outside every test (imports, helpers). Null where a test's end is not found
 * (the caller then takes the whole file).
 */
export function testsOf(source) {
  const lines = source.split('\n');
  const tests = [];
  const outside = [];
  for (let i = 0; i < lines.length; i++) {
    const start = TEST_START.exec(lines[i]);
    if (!start) {
      outside.push(lines[i]);
      continue;
    }
    const end = lines.findIndex((line, j) => j > i && line === `${start[1]}});`);
    if (end < 0) return null;
    tests.push({ line: i + 1, body: lines.slice(i, end + 1).join('\n') });
    i = end;
  }
  return { tests, outside: outside.join('\n') };
}

/**
 * The journeys (e2e/tests/*.spec.ts) that open one of `sections`: named after it, `openSection(page,
 * '<Label>')`, `page.goto('/<id>…')`, `signInViaApi(page, '/<id>…')` or `signedInAt: '/<id>…'`.
 * `files`, the spec files to load; `tests`, each journey to run as `<file>:<line>`: every test of a
 * file named after a section or whose helpers open one, else the tests that open one themselves.
 */
export function journeysOf(repoRoot, sections) {
  const dir = join(repoRoot, 'e2e/tests');
  const opens = (text) =>
    sections.some(({ id, label }) => new RegExp(`openSection\\([^,]+, '${label}'\\)|(goto\\(|signInViaApi\\([^,]+, |signedInAt: )['\`]/${id}\\b`).test(text));
  const files = [];
  const tests = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.spec.ts')).sort()) {
    const source = readFileSync(join(dir, file), 'utf8');
    const named = sections.some(({ id }) => file === `${id}.spec.ts`);
    if (!named && !opens(source)) continue;
    files.push(file);
    const parsed = testsOf(source);
    const whole = named || parsed === null || opens(parsed.outside);
    const chosen = parsed === null ? [] : whole ? parsed.tests : parsed.tests.filter((t) => opens(t.body));
    tests.push(...(parsed === null ? [`${file}:*`] : chosen.map((t) => `${file}:${t.line}`)));
  }
  return { files, tests };
}

/**
 * @param {{ repoRoot: string, base: string, files?: string[], sectionsOf: (pkgName: string) => Array<{ id: string, label: string }> | null }} o
 *   `sectionsOf`: a remote package's sections (null for a package that is no remote)
 * @returns {{ full: true, reason: string } | { full: false, changed: string[], affected: string[], skipped: string[], journeys: string[] | 'all' | 'none', journeyTests: string[] | null }}
 */
export function planAffected({ repoRoot, files, sectionsOf }) {
  const pkgs = workspacePackages(repoRoot);
  const changed = new Set();
  for (const file of files) {
    const pkg = pkgs.find((p) => file.startsWith(`${p.dir}/`));
    if (!pkg) return { full: true, reason: `${file} is outside every package` };
    if (FULL_RUN_FOLDERS.some((dir) => file.startsWith(dir))) return { full: true, reason: `${file} changed: every package tests with it` };
    if (FULL_RUN_PACKAGES.includes(pkg.name)) return { full: true, reason: `${pkg.name} changed (${file}): every remote runs on it` };
    changed.add(pkg.name);
  }
  // Dependents, transitively: what builds or runs with a changed package.
  const affected = new Set(changed);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of pkgs) {
      if (!affected.has(p.name) && p.deps.some((d) => affected.has(d))) {
        affected.add(p.name);
        grew = true;
      }
    }
  }
  let journeys = 'none';
  let journeyTests = null;
  if (affected.has('@growth-admin/e2e')) {
    const sections = [...changed].filter((n) => n !== '@growth-admin/e2e').map(sectionsOf);
    if (changed.has('@growth-admin/e2e') || sections.some((s) => s === null)) journeys = 'all';
    else ({ files: journeys, tests: journeyTests } = journeysOf(repoRoot, sections.flat()));
  }
  return {
    full: false,
    changed: [...changed].sort(),
    affected: [...affected].sort(),
    skipped: pkgs.map((p) => p.name).filter((n) => !affected.has(n)).sort(),
    journeys,
    // Each journey of those files to run (`<file>:<line>`, `<file>:*` for all of a file); null: all of them.
    journeyTests,
  };
}

/**
 * The journeys' environment for a plan (or null, a full run): where it chose journey files (a change
 * only in remotes), those files (E2E_SPECS, read by e2e/playwright.config.ts) and, in them, the
 * journeys chosen (E2E_TESTS, e2e/support/fixtures.ts), in two workers, a system each, unless
 * E2E_WORKERS says otherwise: beside those few journeys run only the changed remotes' small suites,
 * so the second core is spare, where in a full run the suites need it.
 */
export function journeyEnv(plan, env) {
  if (!Array.isArray(plan?.journeys)) return env;
  return {
    ...env,
    E2E_SPECS: plan.journeys.join(','),
    ...(plan.journeyTests ? { E2E_TESTS: plan.journeyTests.join(',') } : {}),
    E2E_WORKERS: env.E2E_WORKERS || '2',
  };
}
