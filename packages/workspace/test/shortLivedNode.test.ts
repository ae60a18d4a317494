// The `node` npm test puts first on PATH (scripts/short-lived-node.mjs): whatever starts `node` by
// name, with the whole environment or only PATH, runs this Node without V8's optimizing compiler, and a
// worker it forks inherits that; a process started by its full path keeps V8's defaults.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');
let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'short-lived-node-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** withShortLivedNode(dir, env, nodePath), run by node itself: the environment and the `node` it answers. */
function shortLived(dir: string, env: Record<string, string>, nodePath = process.execPath): { env: Record<string, string>; node: string } {
  const program = `
    import { withShortLivedNode } from ${JSON.stringify(join(REPO, 'scripts/short-lived-node.mjs'))};
    console.log(JSON.stringify(withShortLivedNode(process.argv[1], JSON.parse(process.argv[2]), process.argv[3])));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', program, dir, JSON.stringify(env), nodePath], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/** What `node` by name is, under `env`: its flags, its binary, and the flags of a worker it forks. */
function nodeByName(env: Record<string, string>) {
  const worker = join(work, 'worker.js');
  writeFileSync(worker, 'process.send(process.execArgv, () => process.exit(0));\n');
  const parent = join(work, 'parent.js');
  writeFileSync(
    parent,
    `require('node:child_process').fork(${JSON.stringify(worker)}).on('message', (forked) => console.log(JSON.stringify({ flags: process.execArgv, binary: process.execPath, forked })));\n`,
  );
  const r = spawnSync('node', [parent], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

(process.platform === 'win32' ? test.skip : test)('node by name runs this Node with --max-opt=2, with the whole environment or only PATH; its forked workers too', () => {
  const { env, node } = shortLived(join(work, 'bin'), { PATH: process.env.PATH!, KEPT: 'yes' });
  expect(node).toBe(join(work, 'bin', 'node'));
  // Started by that file's path, as test-all starts its own scripts (the type checks, the byte budget).
  const byFile = spawnSync(node, ['-p', 'JSON.stringify(process.execArgv)'], { encoding: 'utf8' });
  expect(JSON.parse(byFile.stdout)).toContain('--max-opt=2');
  expect(env.KEPT).toBe('yes');
  expect(env.PATH.split(':')[0]).toBe(join(work, 'bin'));
  for (const seen of [{ ...process.env, PATH: env.PATH } as Record<string, string>, { PATH: env.PATH }]) {
    expect(nodeByName(seen)).toEqual({ flags: ['--max-opt=2'], binary: process.execPath, forked: ['--max-opt=2'] });
  }
  // Started by its full path, as the journeys' admin API is: V8's defaults.
  const direct = spawnSync(process.execPath, ['-p', 'JSON.stringify(process.execArgv)'], { env: { PATH: env.PATH }, encoding: 'utf8' });
  expect(JSON.parse(direct.stdout)).not.toContain('--max-opt=2');
});

(process.platform === 'win32' ? test.skip : test)("a Node whose path has a space and a quote in it", () => {
  mkdirSync(join(work, "it's here"));
  const odd = join(work, "it's here", 'node');
  symlinkSync(process.execPath, odd);
  const { env } = shortLived(join(work, 'bin'), { PATH: process.env.PATH! }, odd);
  expect(nodeByName({ PATH: env.PATH }).flags).toEqual(['--max-opt=2']);
});
