// What `npm test -- --affected` selects (scripts/affected.mjs), on this workspace's real package
// graph and journeys: a change in one remote runs that remote and the journeys that open its
// sections, naming everything skipped; a change in the API runs every journey; shared-client, the
// shell or anything outside a package is a full run. And which files count as changed: committed
// since the merge base, staged, unstaged and untracked (a temporary git repository).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');

/**
 * Runs scripts/affected.mjs's `planAffected` on `files` (an ES module, run by node itself); with
 * `env`, the journeys' environment `journeyEnv` makes of that plan instead.
 */
function plan(files: string[], env?: Record<string, string>) {
  const program = `
    import { journeyEnv, planAffected } from ${JSON.stringify(join(REPO, 'scripts/affected.mjs'))};
    const { localRemotes } = await import(${JSON.stringify(join(REPO, 'tools/federation/local-remotes.mjs'))});
    const sectionsOf = (n) => Object.values(localRemotes(${JSON.stringify(REPO)})).slice(1).find((r) => '@growth-admin/' + r.pkg === n)?.def.sections.map((s) => ({ id: s.path, label: s.label })) ?? null;
    const plan = planAffected({ repoRoot: ${JSON.stringify(REPO)}, files: JSON.parse(process.argv[1]), sectionsOf });
    const env = process.argv[2] ? JSON.parse(process.argv[2]) : null;
    console.log(JSON.stringify(env ? journeyEnv(plan.full ? null : plan, env) : plan));`;
  const args = [JSON.stringify(files), ...(env ? [JSON.stringify(env)] : [])];
  const r = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', program, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const all = (names: string[]) => names.map((n) => `@growth-admin/${n}`);
/** `<file>:<line>` of every journey of e2e/tests/<file> (each `test(` opening a line). */
const journeysOf = (file: string) =>
  readFileSync(join(REPO, 'e2e/tests', file), 'utf8')
    .split('\n')
    .flatMap((line, i) => (/^\s*test\(/.test(line) ? [`${file}:${i + 1}`] : []));

test('a change inside one remote runs that remote and the journeys, only those opening its sections; the rest is named as skipped', () => {
  const p = plan(['packages/orders-mfe/src/OrderDetails.tsx']);
  expect(p.full).toBe(false);
  expect(p.changed).toEqual(all(['orders-mfe']));
  expect(p.affected).toEqual(all(['e2e', 'orders-mfe']));
  expect(p.skipped).toEqual(all(['admin-api', 'analytics-mfe', 'api-contract', 'lint-config', 'people-mfe', 'projects-mfe', 'remote-kit', 'settings-mfe', 'shared-client', 'shell', 'ui-kit', 'web-security', 'workspace']));
  expect(p.journeys).toContain('orders.spec.ts');
  expect(p.journeys).not.toContain('users.spec.ts');
  expect(p.journeys).not.toContain('analytics.spec.ts');
  // Test by test: every journey of orders.spec.ts (named after the section), of the others only those opening Orders or Payments.
  expect(journeysOf('orders.spec.ts').length).toBeGreaterThan(1);
  expect(p.journeyTests).toEqual(expect.arrayContaining(journeysOf('orders.spec.ts')));
  const sessionTests = p.journeyTests.filter((t: string) => t.startsWith('sessions.spec.ts:'));
  expect(sessionTests.length).toBeGreaterThan(0);
  expect(sessionTests.length).toBeLessThan(7);
});

test('a journey that signs in straight into a section (signInViaApi, signedInAt) counts as opening it', () => {
  const p = plan(['packages/projects-mfe/src/Section.tsx']);
  const line = (file: string, title: string) => {
    const i = readFileSync(join(REPO, 'e2e/tests', file), 'utf8').split('\n').findIndex((l) => l.startsWith(`test('${title}`) || l.startsWith(`test("${title}`));
    expect(i).toBeGreaterThanOrEqual(0);
    return `${file}:${i + 1}`;
  };
  // accessibility.spec.ts signs in at /projects for its Projects journey, at /users for its Users one.
  expect(p.journeyTests).toContain(line('accessibility.spec.ts', 'Projects: '));
  expect(p.journeyTests).not.toContain(line('accessibility.spec.ts', 'Users: '));
  // projects.spec.ts, named after the section, with `signedInAt: '/projects'`: every journey.
  expect(p.journeyTests).toEqual(expect.arrayContaining(journeysOf('projects.spec.ts')));
  // Orders' remote has two sections: its Orders and Payments journeys run, and no other remote's.
  const orders = plan(['packages/orders-mfe/src/OrderDetails.tsx']);
  expect(orders.journeyTests).toEqual(expect.arrayContaining([line('accessibility.spec.ts', 'Orders: '), line('accessibility.spec.ts', 'Payments: ')]));
  expect(orders.journeyTests).not.toContain(line('accessibility.spec.ts', 'Projects: '));
});

test("a journey file's tests, each from its test( to the }); at its indentation, and its code outside every test", () => {
  const source = [
    "import { test } from '../support';",
    'async function openOrders(page) {',
    "  await openSection(page, 'Orders');",
    '}',
    "test('lists', async ({ page }) => {",
    "  await openSection(page, 'Users');",
    '});',
    "test.describe('group', () => {",
    '  test(`nested ${1}`, async () => {',
    '    await openOrders(page);',
    '  });',
    '});',
  ].join('\n');
  const program = `import { testsOf } from ${JSON.stringify(join(REPO, 'scripts/affected.mjs'))}; console.log(JSON.stringify(testsOf(process.argv[1])));`;
  const r = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', program, source], { encoding: 'utf8' });
  const parsed = JSON.parse(r.stdout);
  expect(parsed.tests.map((t: { line: number }) => t.line)).toEqual([5, 9]);
  expect(parsed.tests[1].body).toContain('openOrders(page)');
  // The helper is outside every test: a file whose helpers open a section runs whole.
  expect(parsed.outside).toContain("openSection(page, 'Orders')");
  expect(parsed.outside).not.toContain("'Users'");
});

test('the remote every sign-in lands on (analytics), the API or the journeys themselves: every journey', () => {
  for (const file of ['packages/analytics-mfe/src/Section.tsx', 'packages/admin-api/src/app.ts', 'e2e/support/fixtures.ts']) {
    expect(plan([file]).journeys).toBe('all');
  }
});

test('the journeys of changed remotes run in two workers unless E2E_WORKERS says otherwise; every journey, or a full run, keeps the default', () => {
  const env = plan(['packages/orders-mfe/src/OrderDetails.tsx'], { PATH: '/bin' });
  expect(env).toMatchObject({ PATH: '/bin', E2E_WORKERS: '2', E2E_SPECS: expect.stringContaining('orders.spec.ts') });
  expect(env.E2E_TESTS.split(',')).toEqual(expect.arrayContaining(journeysOf('orders.spec.ts')));
  expect(plan(['packages/orders-mfe/src/OrderDetails.tsx'], { E2E_WORKERS: '1' }).E2E_WORKERS).toBe('1');
  expect(plan(['packages/admin-api/src/app.ts'], { PATH: '/bin' })).toEqual({ PATH: '/bin' });
  expect(plan(['packages/shell/src/App.tsx'], { PATH: '/bin' })).toEqual({ PATH: '/bin' });
});

test("a package's dependents run too: a change in api-contract reaches the API, the shared client, the UI kit, the shell, every remote, the remote kit and the journeys", () => {
  const p = plan(['packages/api-contract/src/routes.ts']);
  expect(p.affected).toEqual(all(['admin-api', 'analytics-mfe', 'api-contract', 'e2e', 'orders-mfe', 'people-mfe', 'projects-mfe', 'remote-kit', 'settings-mfe', 'shared-client', 'shell', 'ui-kit', 'web-security']));
  expect(p.skipped).toEqual(all(['lint-config', 'workspace']));
});

test('a change that touches no journey runs no journey', () => {
  expect(plan(['packages/lint-config/index.cjs'])).toMatchObject({ affected: all(['lint-config']), journeys: 'none' });
  // The remote kit's scaffold is its own (its jest preset is everyone's: a full run, below).
  expect(plan(['packages/remote-kit/scaffold/templates.mjs'])).toMatchObject({ affected: all(['remote-kit']), journeys: 'none' });
});

test.each([
  ['packages/shared-client/src/index.ts', '@growth-admin/shared-client changed (packages/shared-client/src/index.ts): every remote runs on it'],
  ['packages/ui-kit/src/lists/Pager.tsx', '@growth-admin/ui-kit changed (packages/ui-kit/src/lists/Pager.tsx): every remote runs on it'],
  ['packages/shell/src/sections/integrity.ts', '@growth-admin/shell changed (packages/shell/src/sections/integrity.ts): every remote runs on it'],
  ['tools/federation/antd-shared.mjs', 'tools/federation/antd-shared.mjs is outside every package'],
  ['pnpm-lock.yaml', 'pnpm-lock.yaml is outside every package'],
  ['packages/remote-kit/jest/setup-dom.cjs', 'packages/remote-kit/jest/setup-dom.cjs changed: every package tests with it'],
])('%s: a full run', (file, reason) => {
  expect(plan(['packages/orders-mfe/src/a.ts', file])).toEqual({ full: true, reason });
});

test('changed files: committed since the merge base with the base, staged, unstaged and untracked; not the base branch\'s own later commits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'growth-admin-affected-'));
  try {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    for (const f of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) writeFileSync(join(dir, f), f);
    git('add', '.');
    git('commit', '-qm', 'base');
    git('checkout', '-qb', 'work');
    writeFileSync(join(dir, 'a.txt'), 'committed');
    git('commit', '-qam', 'a');
    writeFileSync(join(dir, 'b.txt'), 'staged');
    git('add', 'b.txt');
    writeFileSync(join(dir, 'c.txt'), 'unstaged');
    writeFileSync(join(dir, 'new.txt'), 'untracked');
    git('checkout', '-q', 'main');
    // (main moves on after the branch: its own change is not the branch's)
    git('stash', '-q', '-u');
    writeFileSync(join(dir, 'd.txt'), 'on main later');
    git('commit', '-qam', 'd');
    git('checkout', '-q', 'work');
    git('stash', 'pop', '-q');
    const program = `import { changedFiles } from ${JSON.stringify(join(REPO, 'scripts/affected.mjs'))}; console.log(JSON.stringify(changedFiles(process.argv[1], 'main').files));`;
    expect(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program, dir], { encoding: 'utf8' }))).toEqual(['a.txt', 'b.txt', 'c.txt', 'new.txt']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
