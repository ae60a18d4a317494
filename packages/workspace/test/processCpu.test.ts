// Where a run's CPU goes (scripts/process-cpu.mjs, `node scripts/test-timings.mjs --cpu`): each process
// goes to the part of the outermost process on its way up to the command that owns one, the journeys'
// split by what each process is; the machine's busy time is read from /proc/stat's fields; and the
// command-line tool, on a real command that burns CPU in a child, counts that CPU to the command.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');
const SCRIPT = join(REPO, 'scripts/process-cpu.mjs');
const MODULE = JSON.stringify(SCRIPT);

interface Proc {
  pid: number;
  args: string[];
  cwd: string;
  /** The binary /proc/PID/exe names, where the command line does not (Chromium's /proc/self/exe). */
  binary?: string;
}
const NODE = '/usr/bin/node';
/** Runs `expression` (JavaScript, with `m` the module's exports) in a Node of its own; answers its value. */
function inModule<T>(expression: string): T {
  const r = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', `const m = await import(${MODULE}); console.log(JSON.stringify(${expression}))`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as T;
}
/** Each lineage (a process, then its parent...) → its part. */
const partsOf = (lineages: Proc[][], commandPid = 1000) => inModule<string[]>(`${JSON.stringify(lineages)}.map((l) => m.partOf(l, ${JSON.stringify(REPO)}, ${commandPid}))`);

const npmTest: Proc = { pid: 1000, args: [NODE, '/usr/bin/npm', 'test'], cwd: REPO };
const turboTest: Proc = { pid: 1001, args: [`${REPO}/node_modules/turbo-linux-64/bin/turbo`, 'run', 'test', '--only', '--filter=@growth-admin/shell'], cwd: REPO };
const runner: Proc = { pid: 1100, args: [NODE, './node_modules/.bin/../@playwright/test/cli.js', 'test'], cwd: join(REPO, 'e2e') };
const worker: Proc = { pid: 1101, args: [NODE, `${REPO}/node_modules/.pnpm/playwright@1.65.1/node_modules/playwright/lib/worker/workerProcessEntry.js`], cwd: join(REPO, 'e2e') };
const browser: Proc = { pid: 1102, args: ['/usr/lib/chromium/chromium-headless-shell', '--no-sandbox', '--remote-debugging-pipe'], cwd: join(REPO, 'e2e') };

test('a jest worker and what its tests start go to their suite, named by its folder', () => {
  const jest: Proc = { pid: 1200, args: [NODE, `${REPO}/packages/admin-api/node_modules/jest/bin/jest.js`, '--ci'], cwd: join(REPO, 'packages/admin-api') };
  const jestWorker: Proc = { pid: 1201, args: [NODE, `${REPO}/node_modules/.pnpm/jest-worker@30.0.0/node_modules/jest-worker/build/processChild.js`], cwd: join(REPO, 'packages/admin-api') };
  const server: Proc = { pid: 1202, args: [NODE, '--import', 'tsx', 'src/main.ts'], cwd: join(REPO, 'packages/admin-api') };
  const shellJest: Proc = { pid: 1300, args: [NODE, `${REPO}/packages/shell/node_modules/.bin/../jest/bin/jest.js`, '--ci'], cwd: join(REPO, 'packages/shell') };
  expect(partsOf([[server, jestWorker, jest, turboTest, npmTest], [jestWorker, jest, turboTest, npmTest], [shellJest, turboTest, npmTest]])).toEqual([
    'suite: packages/admin-api',
    'suite: packages/admin-api',
    'suite: packages/shell',
  ]);
});

test("the journeys are split by what each process is: Chromium's kinds, the API, Playwright, a team's build and install", () => {
  const renderer: Proc = { pid: 1103, args: ['/usr/lib/chromium/chromium-headless-shell', '--type=renderer', '--lang=en-US'], cwd: '/' };
  const gpu: Proc = { pid: 1104, args: ['/proc/self/exe', '--type=gpu-process'], cwd: '/', binary: '/usr/lib/chromium/chromium-headless-shell' };
  const api: Proc = { pid: 1105, args: [NODE, `${REPO}/packages/admin-api/dist/main.js`], cwd: join(REPO, 'packages/admin-api') };
  const install: Proc = { pid: 1106, args: [NODE, '/usr/bin/pnpm', 'install', '--prefer-offline'], cwd: '/tmp/growth-admin-outside-remote-x/insights' };
  const build: Proc = { pid: 1107, args: [NODE, 'webpack.build.mjs', '--', '--out', '/tmp/growth-admin-release-orders-x'], cwd: join(REPO, 'packages/orders-mfe') };
  const outsideJest: Proc = { pid: 1108, args: [NODE, '/tmp/growth-admin-outside-remote-x/insights/node_modules/.bin/../jest/bin/jest.js', '--ci'], cwd: '/tmp/growth-admin-outside-remote-x/insights' };
  expect(
    partsOf([
      [renderer, browser, worker, runner, npmTest],
      [gpu, browser, worker, runner, npmTest],
      [browser, worker, runner, npmTest],
      [worker, runner, npmTest],
      [runner, npmTest],
      [api, runner, npmTest],
      [install, worker, runner, npmTest],
      [build, worker, runner, npmTest],
      [outsideJest, worker, runner, npmTest],
    ]),
  ).toEqual([
    'journeys: Chromium: renderers',
    'journeys: Chromium: GPU process',
    'journeys: Chromium: browser process',
    'journeys: Playwright: worker',
    "journeys: Playwright: runner and the journeys' static servers",
    "journeys: admin API (the journeys' system)",
    'journeys: pnpm and npm',
    'journeys: webpack builds',
    "journeys: jest (an outside remote's test)",
  ]);
});

test('the build, the lint and the type checks own what they start; the rest of the command is its own part, and anything else on the machine another', () => {
  const turboBuild: Proc = { pid: 1400, args: [`${REPO}/node_modules/turbo-linux-64/bin/turbo`, 'run', 'build', '--concurrency=2'], cwd: REPO };
  const webpack: Proc = { pid: 1401, args: [NODE, 'webpack.build.mjs'], cwd: join(REPO, 'packages/shell') };
  const eslint: Proc = { pid: 1500, args: [NODE, '/usr/bin/pnpm', 'exec', 'eslint', '.'], cwd: REPO };
  const eslintNode: Proc = { pid: 1501, args: [NODE, `${REPO}/node_modules/.bin/../eslint/bin/eslint.js`, '.'], cwd: REPO };
  const typecheck: Proc = { pid: 1600, args: [NODE, `${REPO}/scripts/typecheck.mjs`, '--no-build'], cwd: REPO };
  const tsc: Proc = { pid: 1601, args: [NODE, `${REPO}/node_modules/typescript/bin/tsc`, '-p', 'tsconfig.json'], cwd: REPO };
  const deps: Proc = { pid: 1700, args: [NODE, '../../scripts/deps.mjs'], cwd: join(REPO, 'packages/shell') };
  const postgres: Proc = { pid: 50, args: ['postgres: 15/main: postgres test 127.0.0.1(5432) idle'], cwd: '/var/lib/postgresql' };
  const kernelThread: Proc = { pid: 2, args: [], cwd: '' };
  const zombie: Proc & { state: string } = { pid: 1800, args: [], cwd: '', state: 'Z' };
  expect(partsOf([[webpack, turboBuild, npmTest], [eslintNode, eslint, npmTest], [tsc, typecheck, npmTest], [deps, turboTest, npmTest], [postgres], [kernelThread], [zombie, turboTest, npmTest]])).toEqual([
    'build',
    'lint (eslint)',
    'type checks',
    'the command itself (npm, turbo, pnpm, node scripts)',
    'other processes: PostgreSQL server',
    'other processes: kernel threads and unnamed processes',
    'the command itself (npm, turbo, pnpm, node scripts)',
  ]);
});

test('the parts are summed in three groups: the journeys, the jest suites, and the steps before the tests', () => {
  const parts = ['journeys: Chromium: renderers', 'journeys', 'suite: packages/shell', 'build', 'lint (eslint)', 'type checks', 'byte budget', 'the command itself (npm, turbo, pnpm, node scripts)', 'other processes: beam.smp'];
  expect(inModule<(string | null)[]>(`${JSON.stringify(parts)}.map(m.groupOf)`)).toEqual([
    'the journeys',
    'the journeys',
    'the jest suites',
    ...Array(4).fill('the build, lint, type checks and byte budget'),
    null,
    null,
  ]);
});

test("the machine's busy time is user, nice, system, interrupt and soft-interrupt time: not idle, not I/O wait, not the hypervisor's steal", () => {
  //                                   user nice system idle iowait irq softirq steal guest guest_nice
  expect(inModule<number>("m.busySecondsOf('cpu  1000 200 300 99999 7777 40 60 5000 0 0')")).toBe(16);
});

// Reads /proc: on Linux only.
(existsSync('/proc/stat') ? test : test.skip)(
  "the command-line tool counts the CPU a command's child burns to the command, and passes its exit status on",
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'growth-admin-process-cpu-'));
    try {
      const json = join(dir, 'cpu.json');
      // The child burns 0.3 s of CPU, then waits 3 s without using any: the sampler (every 0.2 s, at
      // the idle priority `npm test` runs this suite at, beside the journeys) reads its whole time
      // however late its samples come on a loaded machine. The command exits 3.
      const burn = 'const until = process.cpuUsage().user + 3e5; while (process.cpuUsage().user < until); setTimeout(() => undefined, 3000);';
      const command = `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(burn)}]); process.exit(3)`;
      const r = spawnSync(process.execPath, [SCRIPT, '--json', json, '--', process.execPath, '-e', command], { cwd: REPO, encoding: 'utf8' });
      expect(r.status).toBe(3);
      const result = JSON.parse(readFileSync(json, 'utf8'));
      const own = result.parts.find((p: { part: string }) => p.part.startsWith('the command itself'));
      expect(own).toEqual({ part: 'the command itself (npm, turbo, pnpm, node scripts)', seconds: expect.any(Number) });
      expect(own.seconds).toBeGreaterThanOrEqual(0.3);
      expect(result.machineBusySeconds).toBeGreaterThanOrEqual(own.seconds - 0.05);
      expect(r.stderr).toContain('the command itself (npm, turbo, pnpm, node scripts)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  5 * 60_000, // (a guard against a hang: at idle priority on a loaded machine its wall time follows the load)
);

test('the command-line tool refuses a --json with no file, and says why a command cannot run', () => {
  const usage = spawnSync(process.execPath, [SCRIPT, '--json', '--', 'true'], { encoding: 'utf8' });
  expect({ status: usage.status, stderr: usage.stderr }).toEqual({ status: 2, stderr: expect.stringContaining('usage: node scripts/process-cpu.mjs') });
  const missing = spawnSync(process.execPath, [SCRIPT, '--', 'growth-admin-no-such-command'], { encoding: 'utf8' });
  expect({ status: missing.status, stderr: missing.stderr }).toEqual({ status: 127, stderr: expect.stringContaining('could not run growth-admin-no-such-command') });
});
