#!/usr/bin/env node
// Runs the suite on PGlite, then again on PostgreSQL when DATABASE_URL is set.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const jest = require.resolve('jest/bin/jest');
// --liftoff-only (inherited by jest's workers): V8 compiles PGlite's WebAssembly with its baseline
// compiler only. Each test server opens PGlite afresh, and the optimizing tier recompiled the
// whole module in the background every time, for servers that live seconds. The built server
// (`npm start`) keeps V8's defaults.
// --max-semi-space-size=32 (MB, V8's young generation): each test file loads the server and PGlite
// afresh in jest's module registry, and garbage collection was a tenth of the suite's CPU; a larger
// young generation collects less often (measured: 201 → 193 CPU s with `-i`).
const NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=32', '--experimental-vm-modules', '--no-warnings=ExperimentalWarning'];
const extra = process.argv.slice(2);
function run(target) {
  console.log(`\n=== admin-api tests on ${target} ===`);
  const r = spawnSync(process.execPath, [...NODE_FLAGS, jest, '--ci', '--maxWorkers=2', ...extra], {
    cwd: path.join(__dirname, '..'),
    stdio: 'inherit',
    env: { ...process.env, ADMIN_API_TEST_DB: target },
  });
  return r.status ?? 1;
}
let status = run('pglite');
if (process.env.DATABASE_URL) status = run('postgres') || status;
else console.log('\nDATABASE_URL is not set: the PostgreSQL run is skipped');
process.exit(status);
