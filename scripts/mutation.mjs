#!/usr/bin/env node
// `npm run mutation`: StrykerJS on the security and money paths (shared-client's signed client;
// admin-api's signature check, request guard, sign-in, sessions, add-money, refunds and idempotency),
// one package after the other, then one score per file. A program that prints figures, not a test:
// it is not part of `npm test`. `npm run mutation -- admin-api` runs one package.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, repoRoot, runPnpm } from './pnpm.mjs';

const PACKAGES = ['shared-client', 'admin-api'];
const only = process.argv.slice(2);
const chosen = only.length ? PACKAGES.filter((p) => only.includes(p)) : PACKAGES;

ensureInstalled();
// admin-api's tests import the built contract; Stryker runs the sources through jest itself.
if (runPnpm(['exec', 'turbo', 'run', 'build', '--filter=@growth-admin/api-contract']) !== 0) process.exit(1);

const rows = [];
let failed = false;
for (const pkg of chosen) {
  const dir = join(repoRoot, 'packages', pkg);
  const started = Date.now();
  if (runPnpm(['exec', 'stryker', 'run'], { cwd: dir }) !== 0) failed = true;
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
