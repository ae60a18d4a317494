#!/usr/bin/env node
// `npm run mutation`: StrykerJS on the security and money paths (shared-client's signed client;
// admin-api's signature check, request guard, sign-in, sessions, add-money, refunds and idempotency),
// one package after the other, then one score per file. A program that prints figures, not a test:
// it is not part of `npm test`. `npm run mutation -- admin-api` runs one package.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, repoRoot, runPnpm } from './pnpm.mjs';

const PACKAGES = ['shared-client', 'admin-api'];
const only = process.argv.slice(2);
const chosen = only.length ? PACKAGES.filter((p) => only.includes(p)) : PACKAGES;

ensureInstalled();
// The tests import the workspace packages each package depends on (the contract, web-security…)
// from their builds; Stryker runs the package's own sources through jest itself.
const deps = chosen.map((p) => `--filter=@growth-admin/${p}^...`);
if (runPnpm(['exec', 'turbo', 'run', 'build', ...deps]) !== 0) process.exit(1);

const rows = [];
let failed = false;
for (const pkg of chosen) {
  const dir = join(repoRoot, 'packages', pkg);
  const started = Date.now();
  // Stryker starts jest once per mutant: admin-api's tests then share one migrated and seeded
  // database template for the whole run (test/globalSetup.ts) instead of building it each time.
  const template = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `growth-admin-mutation-template-${process.pid}`);
  const env = { ...process.env, ADMIN_API_TEST_SHARED_TEMPLATE: template };
  if (runPnpm(['exec', 'stryker', 'run'], { cwd: dir, env }) !== 0) failed = true;
  rmSync(template, { recursive: true, force: true });
  const report = join(dir, 'reports', 'mutation', 'mutation.json');
  if (!existsSync(report)) continue;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) {
    const count = (status) => mutants.filter((m) => m.status === status).length;
    const killed = count('Killed');
    const timeout = count('Timeout');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    const valid = killed + timeout + survived + noCoverage;
    rows.push({ file: `${pkg}/${file}`, killed, timeout, survived, noCoverage, score: valid ? ((100 * (killed + timeout)) / valid).toFixed(1) : 'n/a', minutes });
  }
}

console.log('\nMutation score per file (killed + timeout over all valid mutants)');
console.log('| file | score % | killed | timeout | survived | no coverage |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.file} | ${r.score} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} |`);
for (const pkg of chosen) {
  const row = rows.find((r) => r.file.startsWith(`${pkg}/`));
  if (row) console.log(`${pkg}: ${row.minutes} min`);
}
process.exit(failed ? 1 : 0);
