// What `npm test -- --affected` runs: the packages changed since a base commit (committed, staged,
// unstaged and untracked files) and every package that depends on them, through the workspace's
// package.json dependencies (turbo's graph). A run is full instead when a change is outside every
// package (root configuration, scripts/, tools/: the federation setup and the antd contract the shell
// gives every remote), in shared-client or the shell (the contract every remote runs on), or in the
// remote kit's jest preset (every package tests with it).
// The journeys: a change only in remotes runs the journeys that open one of their sections; any other
// change that reaches e2e runs them all.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Packages whose change always means a full run: the contract every remote runs on. */
export const FULL_RUN_PACKAGES = ['@growth-admin/shared-client', '@growth-admin/shell'];
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

/** The journeys (e2e/tests/*.spec.ts) that open one of `sections`: named after it, `openSection(page, '<Label>')` or `page.goto('/<id>…')`. */
export function journeysOf(repoRoot, sections) {
  const dir = join(repoRoot, 'e2e/tests');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .filter((f) => {
      const source = readFileSync(join(dir, f), 'utf8');
      return sections.some(({ id, label }) => f === `${id}.spec.ts` || new RegExp(`openSection\\([^,]+, '${label}'\\)|goto\\(['\`]/${id}\\b`).test(source));
    })
    .sort();
}

/**
 * @param {{ repoRoot: string, base: string, files?: string[], sectionsOf: (pkgName: string) => Array<{ id: string, label: string }> | null }} o
 *   `sectionsOf`: a remote package's sections (null for a package that is no remote)
 * @returns {{ full: true, reason: string } | { full: false, changed: string[], affected: string[], skipped: string[], journeys: string[] | 'all' | 'none' }}
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
  if (affected.has('@growth-admin/e2e')) {
    const sections = [...changed].filter((n) => n !== '@growth-admin/e2e').map(sectionsOf);
    journeys = changed.has('@growth-admin/e2e') || sections.some((s) => s === null) ? 'all' : journeysOf(repoRoot, sections.flat());
  }
  return {
    full: false,
    changed: [...changed].sort(),
    affected: [...affected].sort(),
    skipped: pkgs.map((p) => p.name).filter((n) => !affected.has(n)).sort(),
    journeys,
  };
}
