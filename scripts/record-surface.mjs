#!/usr/bin/env node
// Records the exported surface of the package it is run in (its `surface` script: shared-client,
// the UI kit) into its surface.json, once package.json's version says what changed: an export
// removed needs a new major, one added a new minor (scripts/package-surface.ts). The names come
// from the package's own src/surface.test.ts, run through jest with RECORD_SURFACE=1 (it is TS).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const dir = process.cwd();
// pnpm's bin shim, which sets the NODE_PATH the shared jest setup resolves its helpers from.
const run = spawnSync(join(dir, 'node_modules', '.bin', 'jest'), ['--ci', 'src/surface.test.ts', '--reporters=default'], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, RECORD_SURFACE: '1' },
});
process.exit(run.status ?? 1);
