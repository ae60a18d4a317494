// The Node version check (scripts/node-version.mjs) as each entry point runs it: `npm start`,
// `npm test` and a package's script, each under a Node that reports a fake version (set before the
// entry point loads), stop at once with the one line naming the version `engines` requires and how
// to get it; a version that satisfies it goes on.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');
const required = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).engines.node as string;

/** Runs `node <script>` from `cwd` as if this Node were `version`. */
function runAs(version: string, script: string, cwd = REPO, env: NodeJS.ProcessEnv = {}) {
  const fake = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TURBO_') && !k.startsWith('npm_')));
  return spawnSync(process.execPath, ['--import', fake, script], { cwd, encoding: 'utf8', env: { ...clean, ...env }, timeout: 30_000 });
}

const refusal = (version: string) =>
  `Growth Admin needs Node.js 22.18 or newer (engines "${required}"), this is ${version}: ` +
  'get Node 24 with `npm i --prefix ~/node24 node@24 && export PATH=~/node24/node_modules/.bin:$PATH` (or `nvm install`, which reads .nvmrc)\n';

test('engines asks for the 22.18 the build needs (type stripping on by default)', () => {
  expect(required).toBe('>=22.18');
});

describe.each([
  ['npm start', 'scripts/system.mjs', REPO, {}],
  ['npm test', 'scripts/test-all.mjs', REPO, {}],
  // a package's build script, as pnpm runs it
  ['pnpm --filter … build', '../../scripts/deps.mjs', join(REPO, 'packages/orders-mfe'), { npm_lifecycle_event: 'build', npm_package_name: '@growth-admin/orders-mfe' }],
])('%s', (_name, script, cwd, env) => {
  test.each(['20.20.2', '22.17.1', '21.99.0'])('on Node %s stops at once with one line: what is needed and how to get it', (version) => {
    const r = runAs(version, script, cwd, env);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(refusal(version));
    expect(r.status).toBe(1);
  });
});

test('a version that satisfies engines passes the check', () => {
  for (const version of ['22.18.0', '22.20.1', '24.0.0', '25.1.0']) {
    const r = runAs(version, 'scripts/node-version.mjs');
    expect({ version, status: r.status, stderr: r.stderr }).toEqual({ version, status: 0, stderr: '' });
  }
});

test('on a satisfying version a package script goes on: a task that needs nothing built runs at once', () => {
  // lint has no `^build` in turbo.json: deps.mjs checks the version and returns.
  const r = runAs('24.0.0', '../../scripts/deps.mjs', join(REPO, 'packages/orders-mfe'), { npm_lifecycle_event: 'lint', npm_package_name: '@growth-admin/orders-mfe' });
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe('');
  expect(r.status).toBe(0);
});
