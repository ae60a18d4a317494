// What `npm test` (scripts/test-all.mjs) sums into its closing line `N passed, N failed, N skipped`:
// the reports every run writes under its package's `reports/` folder (each jest run's
// `reports/jest.json`, scripts/jest-json-reporter.cjs; the journeys' `e2e/reports/e2e.json`), in
// every workspace package: packages/*, examples/*, tools/federation and e2e (pnpm-workspace.yaml).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { workspacePackages } from './workspace-packages.mjs';

/** The journeys' package folder (its report is Playwright's, not jest's). */
export const E2E_DIR = 'e2e';

/** The folders whose `reports/` are read: every workspace package's; `journeys` is the e2e one. */
export function reportFolders(repoRoot) {
  const e2e = join(repoRoot, E2E_DIR);
  const dirs = workspacePackages(repoRoot).map((p) => p.dir);
  return { suites: dirs.filter((dir) => dir !== e2e), journeys: e2e };
}

/** Empties every report folder: a run counts only what it wrote itself. */
export function clearReports(repoRoot) {
  const { suites, journeys } = reportFolders(repoRoot);
  for (const dir of [...suites, journeys]) rmSync(join(dir, 'reports'), { recursive: true, force: true });
}

/** Every reports/*.json of `dir`: { file, passed, failed, skipped, failures } per run. */
export function collectReports(dir) {
  const out = [];
  const reportsDir = join(dir, 'reports');
  if (!existsSync(reportsDir)) return out;
  for (const file of readdirSync(reportsDir).sort()) {
    if (!file.endsWith('.json')) continue;
    try {
      out.push({ file: join(reportsDir, file), ...JSON.parse(readFileSync(join(reportsDir, file), 'utf8')) });
    } catch {
      /* a half-written report counts as nothing */
    }
  }
  return out;
}

const add = (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + (r.skipped ?? 0) });
const NONE = { passed: 0, failed: 0, skipped: 0 };

/**
 * The runs' results: each run (`file` relative to the repository, `kind` jest or Playwright), jest's
 * sum, the total over every run, and each failed test by name. `stepFailed`: a step that ran no test
 * failed (a build, lint, type check, the budget, a crashed task), so the total never reads 0 failed.
 */
export function testResults(repoRoot, { stepFailed = false } = {}) {
  const { suites, journeys } = reportFolders(repoRoot);
  const named = (kind) => (r) => ({ ...r, kind, file: relative(repoRoot, r.file) });
  const jestRuns = suites.flatMap((dir) => collectReports(dir)).map(named('jest'));
  const e2eRuns = collectReports(journeys).map(named('Playwright'));
  const runs = [...jestRuns, ...e2eRuns];
  const jest = jestRuns.reduce(add, NONE);
  const total = runs.reduce(add, NONE);
  if (stepFailed && total.failed === 0) total.failed = 1;
  const failures = runs.flatMap((r) => (r.failures ?? []).map((f) => `${r.file}: ${f}`));
  return { runs, jest, total, failures, summary: `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped` };
}
