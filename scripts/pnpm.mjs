#!/usr/bin/env node
// Runs pnpm on a machine that may only have Node.js and npm: the global pnpm 10 when present,
// else `npx -y pnpm@<pinned>` (corepack's download does not work everywhere). Also installs the
// workspace's dependencies when they are missing or older than the lockfile.
//   node scripts/pnpm.mjs <pnpm args...>
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitIfNodeTooOld } from './node-version.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).packageManager; // pnpm@x.y.z

let resolved = null;
/** The command (and leading args) that runs pnpm 10 here. */
export function pnpmCommand() {
  if (resolved) return resolved;
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  resolved =
    probe.status === 0 && probe.stdout.trim().startsWith('10.')
      ? ['pnpm']
      : ['npx', '-y', pinned];
  return resolved;
}

/**
 * The command line of `pnpm <args>` run in `cwd`. `exec <tool>` runs `cwd`'s node_modules/.bin/<tool>
 * itself when pnpm is on PATH: `pnpm exec` cost a Node start (0.4 s of CPU) per call, and `npm test`
 * makes twenty. Under `npx pnpm` it stays `pnpm exec`: turbo runs each task through pnpm, which only
 * npx puts on PATH then.
 */
export function pnpmArgv(args, cwd = repoRoot) {
  const [cmd, ...lead] = pnpmCommand();
  if (cmd === 'pnpm' && args[0] === 'exec' && process.platform !== 'win32') {
    const bin = join(cwd, 'node_modules', '.bin', args[1]);
    if (existsSync(bin)) return [bin, ...args.slice(2)];
  }
  return [cmd, ...lead, ...args];
}

/** Runs pnpm with inherited stdio; returns the exit status. */
export function runPnpm(args, options = {}) {
  const [cmd, ...rest] = pnpmArgv(args, options.cwd);
  const result = spawnSync(cmd, rest, { stdio: 'inherit', cwd: repoRoot, ...options });
  return result.status ?? 1;
}

/** How to run a command only on CPU time nothing else wants (Linux's SCHED_IDLE, else nice 19), or none. */
function idlePriority() {
  if (process.platform === 'win32') return [];
  if (spawnSync('chrt', ['--idle', '0', 'true']).status === 0) return ['chrt', '--idle', '0'];
  return spawnSync('nice', ['true']).status === 0 ? ['nice', '-n', '19'] : [];
}

/** Runs a command with inherited stdio (in the repository's root) without waiting: resolves with its exit status. */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * runPnpm without waiting, for steps that run side by side: resolves with the exit status.
 * `idle`: only on CPU time nothing else wants, so what runs beside it is not slowed by it.
 */
export function runPnpmAsync(args, { idle = false, ...options } = {}) {
  const [cmd, ...rest] = [...(idle ? idlePriority() : []), ...pnpmArgv(args, options.cwd)];
  return runAsync(cmd, rest, options);
}

/** `pnpm install --frozen-lockfile` unless node_modules is already up to date with the lockfile. */
export function ensureInstalled() {
  const marker = join(repoRoot, 'node_modules', '.pnpm', 'lock.yaml');
  const lock = join(repoRoot, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (pnpm install --frozen-lockfile)...');
  const status = runPnpm(['install', '--frozen-lockfile']);
  if (status !== 0) throw new Error(`pnpm install failed with exit code ${status}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  exitIfNodeTooOld(); // (npm run build / typecheck / lint / format)
  ensureInstalled();
  process.exit(runPnpm(process.argv.slice(2)));
}
