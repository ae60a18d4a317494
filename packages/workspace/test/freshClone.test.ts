// A package's own commands on a fresh clone: `pnpm --filter <pkg> build | typecheck` builds what the
// package needs first (turbo's graph, scripts/deps.mjs) instead of failing on a dependency's missing
// dist/. The clone is of the current commit (what is committed, not the work tree's edits), installed
// from pnpm's store without the network; the shared client and the API (tsc: a remote's webpack
// build from nothing is the remote kit's proof, packages/remote-kit/test/outside.test.ts).
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');
let clone: string;

// Not the environment of the run this test is part of: turbo's task variables (TURBO_HASH would make
// the clone's scripts take their dependencies as built) and npm's script variables.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TURBO_') && !k.startsWith('npm_')));

function run(cmd: string, args: string[], options: SpawnSyncOptions = {}) {
  const r = spawnSync(cmd, args, { cwd: clone, env, encoding: 'utf8', timeout: 8 * 60_000, ...options });
  const output = `${r.stdout}${r.stderr}`;
  return { status: r.status, output, tail: output.split('\n').slice(-40).join('\n') };
}

const built = (...path: string[]) => existsSync(join(clone, 'packages', ...path));

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'growth-admin-clone-'));
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).stdout.trim();
  expect(run('git', ['clone', '--quiet', '--no-checkout', REPO, clone], { cwd: REPO }).status).toBe(0);
  expect(run('git', ['checkout', '--quiet', '--detach', head]).status).toBe(0);
  const install = run('pnpm', ['install', '--frozen-lockfile', '--offline', '--reporter=append-only']);
  if (install.status !== 0) throw new Error(`pnpm install in the clone failed:\n${install.tail}`);
}, 12 * 60_000); // (hang guards: `npm test` runs this suite at idle priority, where its wall time follows the machine's load)

afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

// One story in one test (tests are shuffled): the shared client first, on a clone with nothing built,
// then the API, which finds what that build made in turbo's cache.
test('the shared client builds on a fresh clone with its dependencies first; then the API builds from cache what it shares; the shared client type-checks on them', () => {
  expect(built('api-contract/dist')).toBe(false); // nothing is built in a clone
  const r = run('pnpm', ['--filter', '@growth-admin/shared-client', 'build']);
  expect({ status: r.status, tail: r.tail }).toEqual({ status: 0, tail: expect.any(String) });
  expect(r.output).toContain('@growth-admin/shared-client: building what build needs first');
  expect(built('api-contract/dist/index.js')).toBe(true); // (shared-client's build compiles against its types)
  // Only what it needs: the API and the remotes are not built.
  expect(built('admin-api/dist')).toBe(false);
  expect(built('orders-mfe/dist')).toBe(false);

  const build = run('pnpm', ['--filter', '@growth-admin/admin-api', 'build']);
  expect({ status: build.status, tail: build.tail }).toEqual({ status: 0, tail: expect.any(String) });
  expect(built('web-security/dist/index.js')).toBe(true);
  expect(built('admin-api/dist/main.js')).toBe(true);
  expect(built('admin-api/dist/db/migrations')).toBe(true);
  expect(built('admin-api/dist/controlPlane/migrations')).toBe(true); // (both migrations folders: scripts/copy-migrations.cjs)
  // api-contract was built for the remote: turbo takes it from its cache.
  expect(build.output).toMatch(/Cached:\s+[1-9]\d* cached, 2 total/);

  // The shared client's type check (half the API's CPU, the same wiring): its dependencies are current.
  const typecheck = run('pnpm', ['--filter', '@growth-admin/shared-client', 'typecheck']);
  expect({ status: typecheck.status, tail: typecheck.tail }).toEqual({ status: 0, tail: expect.any(String) });
  expect(typecheck.output).toMatch(/FULL TURBO/); // nothing rebuilt
}, 12 * 60_000);
