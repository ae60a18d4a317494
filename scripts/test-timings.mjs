#!/usr/bin/env node
// Prints how long each package's jest suite takes run alone (one after the other, nothing else
// running), and with --full the whole `npm test` too, and writes them to docs/performance.md
// (unless --no-doc, or only some packages were named). Needs a build first (`npm run build`): a
// suite's own time, not turbo's.
//   node scripts/test-timings.mjs [--full] [--no-doc] [package ...]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { repoRoot, runPnpm } from './pnpm.mjs';
import { writePerformanceSection } from './performance-doc.mjs';

const args = process.argv.slice(2);
const full = args.includes('--full');
const only = args.filter((a) => !a.startsWith('--'));

const packages = readdirSync(join(repoRoot, 'packages')).filter((name) => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', name, 'package.json'), 'utf8'));
  return manifest.scripts?.test && (only.length === 0 || only.includes(name));
});

const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);
console.log(`Node ${process.version}, ${cpus().length} cores; DATABASE_URL ${process.env.DATABASE_URL ? 'set (admin-api runs twice)' : 'not set'}`);
let failed = false;
/** [suite, seconds, outcome] for docs/performance.md. */
const rows = [];
for (const name of packages) {
  rmSync(join(repoRoot, 'packages', name, 'reports'), { recursive: true, force: true });
  const start = performance.now();
  const status = runPnpm(['--filter', `./packages/${name}`, 'test'], { stdio: 'ignore' });
  failed ||= status !== 0;
  const took = seconds(start);
  console.log(`${name.padEnd(16)} ${took.padStart(6)} s${status === 0 ? '' : '  FAILED'}`);
  rows.push([name, took, status === 0 ? 'passed' : 'FAILED']);
  // A package whose test command runs jest more than once (admin-api: PGlite, then PostgreSQL).
  const reports = join(repoRoot, 'packages', name, 'reports');
  const runs = existsSync(reports) ? readdirSync(reports).filter((f) => f.endsWith('.json')) : [];
  if (runs.length > 1) {
    for (const file of runs) {
      const own = String(JSON.parse(readFileSync(join(reports, file), 'utf8')).seconds);
      console.log(`  ${file.padEnd(14)} ${own.padStart(6)} s (jest's own time)`);
      rows.push([`${name}: ${file} (jest's own time)`, own, '']);
    }
  }
}
if (full) {
  const start = performance.now();
  const r = spawnSync('npm', ['test'], { cwd: repoRoot, stdio: 'ignore' });
  failed ||= r.status !== 0;
  const took = seconds(start);
  console.log(`${'npm test'.padEnd(16)} ${took.padStart(6)} s${r.status === 0 ? '' : '  FAILED'}`);
  rows.push(['npm test (everything)', took, r.status === 0 ? 'passed' : 'FAILED']);
}
if (!args.includes('--no-doc') && only.length === 0) {
  const file = writePerformanceSection({
    id: 'test-timings',
    title: "Each package's test suite, run alone",
    command: `node scripts/test-timings.mjs${full ? ' --full' : ''}`,
    note: `One suite after the other, after a build; DATABASE_URL ${process.env.DATABASE_URL ? 'set (admin-api runs on PGlite, then PostgreSQL)' : 'not set (PGlite only)'}.`,
    columns: ['suite', 'seconds', 'outcome'],
    rows,
  });
  console.log(`(written to ${file})`);
}
process.exit(failed ? 1 : 0);
