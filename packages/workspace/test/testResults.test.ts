// What `npm test` (scripts/test-all.mjs) sums into its closing line `N passed, N failed, N skipped`
// (scripts/test-results.mjs): the reports of every workspace package, the examples' and the build
// tools' as much as the packages', and the journeys'; on a temporary workspace where each report's
// figures are known, and on this repository's own package list.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');
const MODULE = JSON.stringify(join(REPO, 'scripts/test-results.mjs'));

/** Runs `body` (an ES module's code, with `m` the module's exports) and returns what it printed as JSON. */
function inNode(body: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', `const m = await import(${MODULE}); ${body}`, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/**
 * A temporary workspace with this repository's globs, a package, the API's two runs, an example, the
 * build tools and the journeys, each with known figures, and a report outside every package.
 */
function workspaceWithReports(): string {
  const dir = mkdtempSync(join(tmpdir(), 'growth-admin-results-'));
  writeFileSync(join(dir, 'pnpm-workspace.yaml'), readFileSync(join(REPO, 'pnpm-workspace.yaml'), 'utf8'));
  const report = (folder: string, file: string, counts: object) => {
    mkdirSync(join(dir, folder, 'reports'), { recursive: true });
    writeFileSync(join(dir, folder, 'reports', file), JSON.stringify(counts));
  };
  for (const folder of ['packages/api', 'packages/shell', 'examples/tickets', 'tools/federation', 'e2e']) {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'package.json'), JSON.stringify({ name: `@t/${folder.replace(/\W/g, '-')}` }));
  }
  report('packages/api', 'jest.json', { passed: 10, failed: 0, skipped: 1, failures: [] });
  report('packages/api', 'jest-postgres.json', { passed: 9, failed: 0, skipped: 2, failures: [] });
  report('packages/shell', 'jest.json', { passed: 20, failed: 0, skipped: 0, failures: [] });
  report('examples/tickets', 'jest.json', { passed: 300, failed: 2, skipped: 4, failures: ['src/Section.test.tsx › lists the open tickets', 'src/TicketsCard.test.tsx › counts'] });
  report('tools/federation', 'jest.json', { passed: 4000, failed: 0, skipped: 0, failures: [] });
  report('e2e', 'e2e.json', { passed: 50000, failed: 0, skipped: 0, failures: [] });
  report('scripts', 'jest.json', { passed: 600000, failed: 0, skipped: 0 }); // not a workspace package
  return dir;
}

describe('on a temporary workspace', () => {
  const dirs: string[] = [];
  const fresh = () => {
    dirs.push(workspaceWithReports());
    return dirs.at(-1)!;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("every workspace package's runs count, the example's and the build tools' too; the closing line sums them all", () => {
    const r = inNode('console.log(JSON.stringify(m.testResults(process.argv[1])));', fresh());
    expect(r.runs.map((run: { file: string; kind: string }) => `${run.kind} ${run.file}`).sort()).toEqual([
      'Playwright e2e/reports/e2e.json',
      'jest examples/tickets/reports/jest.json',
      'jest packages/api/reports/jest-postgres.json',
      'jest packages/api/reports/jest.json',
      'jest packages/shell/reports/jest.json',
      'jest tools/federation/reports/jest.json',
    ]);
    expect(r.jest).toEqual({ passed: 4339, failed: 2, skipped: 7 });
    expect(r.summary).toBe('54339 passed, 2 failed, 7 skipped');
    expect(r.failures).toEqual([
      'examples/tickets/reports/jest.json: src/Section.test.tsx › lists the open tickets',
      'examples/tickets/reports/jest.json: src/TicketsCard.test.tsx › counts',
    ]);
  });

  test("a failed step that ran no test counts as one failure; clearing removes every package's reports, the example's too", () => {
    const r = inNode(
      `const root = process.argv[1];
       const withFailures = m.testResults(root, { stepFailed: true }).summary;
       m.clearReports(root);
       console.log(JSON.stringify({ withFailures, cleared: m.testResults(root).summary, failedStep: m.testResults(root, { stepFailed: true }).summary }));`,
      fresh(),
    );
    expect(r).toEqual({ withFailures: '54339 passed, 2 failed, 7 skipped', cleared: '0 passed, 0 failed, 0 skipped', failedStep: '0 passed, 1 failed, 0 skipped' });
  });
});

test("this repository: the report folders are every workspace package's, examples/tickets and tools/federation among them; e2e's are the journeys'", () => {
  const { suites, journeys } = inNode('console.log(JSON.stringify(m.reportFolders(process.argv[1])));', REPO);
  const relative = suites.map((d: string) => d.slice(REPO.length + 1));
  expect(relative).toEqual(expect.arrayContaining(['examples/tickets', 'tools/federation', 'packages/admin-api', 'packages/shell', 'packages/workspace']));
  expect(relative).not.toContain('e2e');
  expect(journeys).toBe(join(REPO, 'e2e'));
  // Every package with a test script writes a report there (jest.base.cjs): none is left out.
  const listed = spawnSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: REPO, encoding: 'utf8' });
  const tested = (JSON.parse(listed.stdout) as Array<{ path: string }>)
    .map((p) => p.path)
    .filter((path) => path !== REPO && path !== join(REPO, 'e2e'))
    .filter((path) => JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')).scripts?.test);
  expect(tested.length).toBeGreaterThan(10);
  expect(suites).toEqual(expect.arrayContaining(tested));
});
