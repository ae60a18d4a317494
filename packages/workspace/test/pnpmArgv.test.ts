// How the workspace's scripts run pnpm (scripts/pnpm.mjs's pnpmArgv): `pnpm exec <tool>` runs the
// tool's own file in node_modules/.bin when pnpm 10 is on PATH (no Node start for pnpm itself),
// and stays `pnpm exec` for a tool that folder does not have; anything else is pnpm's.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');

function argv(args: string[], cwd?: string): string[] {
  const program = `
    import { pnpmArgv } from ${JSON.stringify(join(REPO, 'scripts/pnpm.mjs'))};
    console.log(JSON.stringify(pnpmArgv(JSON.parse(process.argv[1]), process.argv[2] || undefined)));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', program, JSON.stringify(args), cwd ?? ''], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const pnpm = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
const onPath = pnpm.status === 0 && pnpm.stdout.startsWith('10.');

(onPath ? test : test.skip)('exec of a workspace tool runs its node_modules/.bin file; of the folder given, when one is', () => {
  expect(argv(['exec', 'turbo', 'run', 'build'])).toEqual([join(REPO, 'node_modules/.bin/turbo'), 'run', 'build']);
  const pkg = join(REPO, 'packages/admin-api');
  expect(argv(['exec', 'jest', '--ci'], pkg)).toEqual([join(pkg, 'node_modules/.bin/jest'), '--ci']);
});

(onPath ? test : test.skip)('a tool the folder does not have, and every other command, go through pnpm', () => {
  expect(argv(['exec', 'no-such-tool', '--x'])).toEqual(['pnpm', 'exec', 'no-such-tool', '--x']);
  expect(argv(['install', '--frozen-lockfile'])).toEqual(['pnpm', 'install', '--frozen-lockfile']);
  expect(argv(['--filter', '@growth-admin/shell', 'exec', 'turbo'])).toEqual(['pnpm', '--filter', '@growth-admin/shell', 'exec', 'turbo']);
});
