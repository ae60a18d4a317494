#!/usr/bin/env node
// The first step of each package's build, test, typecheck, lint and dev scripts, so that
// `pnpm --filter <pkg> <script>` works on a fresh clone: it checks the Node version
// (scripts/node-version.mjs), then, when turbo.json says the task needs its dependencies built
// (`dependsOn: ["^build"]`), builds them through turbo (`turbo run build --filter=<pkg>^...`: turbo's
// graph and cache, so nothing is rebuilt that is current). Inside a task turbo runs it does nothing
// more (turbo sets TURBO_HASH there and has built the dependencies already).
//   "build": "node ../../scripts/deps.mjs && node webpack.build.mjs"
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitIfNodeTooOld } from './node-version.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Whether turbo.json's `task` builds its dependencies first. */
export function needsDependenciesBuilt(task, turbo = JSON.parse(readFileSync(join(repoRoot, 'turbo.json'), 'utf8'))) {
  return (turbo.tasks[task]?.dependsOn ?? []).includes('^build');
}

function main() {
  exitIfNodeTooOld();
  if (process.env.TURBO_HASH) return; // a task of turbo's own run: it built the dependencies
  // pnpm (and npm) name the running script and its package.
  const task = process.env.npm_lifecycle_event;
  const pkg = process.env.npm_package_name ?? JSON.parse(readFileSync('package.json', 'utf8')).name;
  if (!task || !needsDependenciesBuilt(task)) return;
  const turbo = join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
  const args = ['run', 'build', `--filter=${pkg}^...`, '--output-logs=errors-only'];
  console.log(`${pkg}: building what ${task} needs first (turbo ${args.join(' ')})`);
  const result = spawnSync(turbo, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${pkg}: building its dependencies failed (turbo exit code ${result.status ?? result.signal}), so ${task} does not run`);
    process.exit(result.status || 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
