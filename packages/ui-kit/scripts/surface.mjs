#!/usr/bin/env node
// Records the UI kit's exported surface in surface.json, once package.json's version says what
// changed: an export removed needs a new major, one added a new minor (semver of the surface, so a
// remote's `requiredVersion` means something). `pnpm --filter @growth-admin/ui-kit surface`.
// The names come from surface.test.ts's own reading of src/index.ts (run through jest: it is TS).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..');
// pnpm's bin shim, which sets the NODE_PATH the shared jest setup resolves its helpers from.
const run = spawnSync(join(dir, 'node_modules', '.bin', 'jest'), ['--ci', 'src/surface.test.ts', '--reporters=default'], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, RECORD_SURFACE: '1' },
});
process.exit(run.status ?? 1);
