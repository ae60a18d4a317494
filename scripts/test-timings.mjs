#!/usr/bin/env node
// Prints how long each package's jest suite takes run alone (one after the other, nothing else
// running), and with --full the whole `npm test` too, on a fresh clone of HEAD (no turbo cache, no
// build: what CI meets) with each of its steps, and writes them to docs/performance.md (unless
// --no-doc, or only some packages were named). Needs a build first (`npm run build`): a suite's own
// time, not turbo's. --affected (alone: nothing else) times what a team's CI meets after a change in
// one remote: on a fresh clone of HEAD, a one-line change to orders-mfe committed, then
// `npm test -- --affected --base <HEAD>`; written to its own section. --repeat N (alone) runs the
// whole `npm test` N times in a row, each on a fresh clone of HEAD, and writes each run's time,
// outcome, CPU seconds and the machine's speed before it, how many passed and the median and
// slowest, to its own section: a test command that is green only now and then is not green. --cpu
// (alone) runs the whole `npm test` once on a fresh clone of HEAD and writes where the machine's CPU
// seconds went, by part of the run (scripts/process-cpu.mjs:
// each suite with what it starts, the build, the lint and type checks, the journeys by process), to its
// own section: on a CPU-bound machine those seconds, not the order of the steps, make the time.
//   node scripts/test-timings.mjs [--full] [--no-doc] [package ...]
//   node scripts/test-timings.mjs --affected [--no-doc]
//   node scripts/test-timings.mjs --repeat N [--no-doc]
//   node scripts/test-timings.mjs --cpu [--no-doc]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, tmpdir } from 'node:os';
import { repoRoot, runPnpm } from './pnpm.mjs';
import { coreSpeedMs, writePerformanceSection } from './performance-doc.mjs';
import { formatParts, groupOf, machineBusySeconds, NOT_ATTRIBUTED, SAMPLES_PER_SECOND } from './process-cpu.mjs';

const args = process.argv.slice(2);
const full = args.includes('--full');
const repeatAt = args.indexOf('--repeat');
const repeat = repeatAt >= 0 ? Number(args[repeatAt + 1]) : 0;
if (repeatAt >= 0 && !(Number.isInteger(repeat) && repeat > 0)) throw new Error('--repeat takes a number of runs, such as --repeat 10');
// --affected, --repeat and --cpu time fresh clones only: the suites alone are --full's (or no flag's).
const cpu = args.includes('--cpu');
const clonesOnly = (args.includes('--affected') || repeat > 0 || cpu) && !full;
const only = args.filter((a, i) => !a.startsWith('--') && !(repeatAt >= 0 && i === repeatAt + 1));

const packages = readdirSync(join(repoRoot, 'packages')).filter((name) => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', name, 'package.json'), 'utf8'));
  return manifest.scripts?.test && (only.length === 0 || only.includes(name));
});

const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);
console.log(`Node ${process.version}, ${cpus().length} cores; DATABASE_URL ${process.env.DATABASE_URL ? 'set (admin-api runs twice)' : 'not set'}`);
let failed = false;
/** [suite, seconds, outcome] for docs/performance.md. */
const rows = [];
for (const name of clonesOnly ? [] : packages) {
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
/**
 * `npm test <testArgs>` on a fresh clone of HEAD (turbo's cache empty, as on a CI machine; in this tree
 * turbo would replay the unchanged suites from its cache), after `prepare(clone)`: its time, outcome
 * and output, and a row per step it prints (`Took: build, typecheck and lint 1m34s, byte budget 0m09s, ...`),
 * the machine's busy CPU seconds over the run (/proc/stat) and one core's speed just before it.
 * With `cpuParts`, run under scripts/process-cpu.mjs: `cpu` holds the machine's CPU seconds by part.
 */
function timeOnFreshClone(label, testArgs, prepare = () => undefined, { cpuParts = false } = {}) {
  const clone = mkdtempSync(join(tmpdir(), 'growth-admin-timing-'));
  try {
    if (spawnSync('git', ['clone', '-q', repoRoot, clone], { stdio: 'inherit' }).status !== 0) throw new Error('git clone failed');
    prepare(clone);
    if (runPnpm(['install', '--frozen-lockfile', '--prefer-offline'], { cwd: clone, stdio: 'ignore' }) !== 0) throw new Error('pnpm install failed');
    const cpuFile = join(clone, 'reports-cpu.json');
    const command = cpuParts ? [process.execPath, [join(repoRoot, 'scripts/process-cpu.mjs'), '--json', cpuFile, '--', 'npm', 'test', ...testArgs]] : ['npm', ['test', ...testArgs]];
    // The machine as the run found it (one core's loop, idle) and the CPU seconds it spent: a slower
    // run is then told apart as more work, or the same work on a slower moment of a shared machine.
    const loopMs = coreSpeedMs();
    const busyAtStart = machineBusySeconds();
    const start = performance.now();
    const r = spawnSync(command[0], command[1], { cwd: clone, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    failed ||= r.status !== 0;
    const took = seconds(start);
    const busy = machineBusySeconds() - busyAtStart;
    const outcome = r.status === 0 ? 'passed' : 'FAILED';
    console.log(`${label.padEnd(16)} ${took.padStart(6)} s${r.status === 0 ? '' : '  FAILED'}`);
    // The clone goes with its logs: a failed run's closing lines (what failed, by name) are kept here.
    if (r.status !== 0) console.log(`${r.stdout.split('\n').slice(-40).join('\n')}\n${r.stderr.split('\n').slice(-10).join('\n')}`);
    const steps = (/^Took: (.*)$/m.exec(r.stdout)?.[1].split(/(?<=\d+m\d+s), /) ?? []).flatMap((step) => {
      const m = /^(.*) (\d+)m(\d+)s$/.exec(step);
      return m ? [{ name: m[1], seconds: String(Number(m[2]) * 60 + Number(m[3])) }] : [];
    });
    return { took, outcome, stdout: r.stdout, steps, loopMs, busy, cpu: cpuParts ? JSON.parse(readFileSync(cpuFile, 'utf8')) : null };
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

if (full) {
  const run = timeOnFreshClone('npm test', []);
  rows.push(['npm test (everything, on a fresh clone)', run.took, run.outcome]);
  for (const step of run.steps) rows.push([`npm test: ${step.name}`, step.seconds, run.outcome]);
}
if (args.includes('--affected')) {
  // What a team's CI meets: one committed change in one remote, then the run since the commit before it.
  const changed = 'packages/orders-mfe/src/index.ts';
  const run = timeOnFreshClone('affected run', ['--', '--affected', '--base', 'HEAD~1'], (clone) => {
    const git = (gitArgs) => {
      const r = spawnSync('git', gitArgs, { cwd: clone, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`git ${gitArgs.join(' ')} failed: ${r.stderr}`);
    };
    writeFileSync(join(clone, changed), `${readFileSync(join(clone, changed), 'utf8')}// a change inside one remote\n`);
    git(['-c', 'user.name=timing', '-c', 'user.email=timing@localhost', 'commit', '-qam', 'a change inside one remote']);
  });
  const affectedRows = [[`npm test -- --affected (one line of ${changed}, on a fresh clone)`, run.took, run.outcome]];
  for (const step of run.steps) affectedRows.push([`affected run: ${step.name}`, step.seconds, run.outcome]);
  for (const [label, pattern] of [
    ['ran', /run \(changed and what depends on them\): (.*)$/m],
    ['skipped', /skipped: (.*)$/m],
    ['journeys', /journeys: (.*)$/m],
  ]) {
    const found = pattern.exec(run.stdout)?.[1];
    if (found) affectedRows.push([`${label}: ${found}`, '', '']);
  }
  if (!args.includes('--no-doc')) {
    const file = writePerformanceSection({
      id: 'test-timings-affected',
      title: 'An affected run after a change inside one remote',
      command: 'node scripts/test-timings.mjs --affected',
      note: 'A fresh clone of HEAD (turbo\'s cache empty, as on a CI machine), one line of a remote\'s source changed and committed, then `npm test -- --affected --base <HEAD>`; DATABASE_URL ' + (process.env.DATABASE_URL ? 'set.' : 'not set.'),
      columns: ['what', 'seconds', 'outcome'],
      rows: affectedRows,
    });
    console.log(`(written to ${file})`);
  }
}
if (repeat > 0 && !full) {
  // The same command as CI's, again and again: each run on its own fresh clone, one after the other.
  const runs = [];
  for (let i = 1; i <= repeat; i++) runs.push(timeOnFreshClone(`npm test ${i}/${repeat}`, []));
  const times = runs.map((r) => Number(r.took)).sort((a, b) => a - b);
  const passed = runs.filter((r) => r.outcome === 'passed').length;
  const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  const summary = `${passed} of ${repeat} passed; median ${median.toFixed(1)} s, slowest ${times[times.length - 1].toFixed(1)} s`;
  console.log(summary);
  for (const [i, r] of runs.entries()) console.log(`  run ${i + 1}: ${r.busy.toFixed(0)} CPU s, one core's loop ${r.loopMs} ms before it`);
  const repeatRows = [['npm test on a fresh clone, every run', summary, passed === repeat ? 'passed' : 'FAILED']];
  runs.forEach((r, i) => {
    const steps = r.steps.map((step) => `${step.name} ${step.seconds} s`).join(', ');
    const machine = `the machine busy ${r.busy.toFixed(0)} CPU s; one core's loop ${r.loopMs} ms before it`;
    repeatRows.push([`run ${i + 1} (${steps ? `${steps}; ` : ''}${machine})`, r.took, r.outcome]);
  });
  if (!args.includes('--no-doc')) {
    const file = writePerformanceSection({
      id: 'test-timings-repeat',
      title: '`npm test` again and again, each on a fresh clone',
      command: `node scripts/test-timings.mjs --repeat ${repeat}`,
      note: `${repeat} runs of the README's \`npm test\` one after the other, each on a fresh clone of HEAD (turbo's cache empty, as on a CI machine), nothing else running; DATABASE_URL ${process.env.DATABASE_URL ? 'set (admin-api runs on PGlite, then PostgreSQL)' : 'not set (PGlite only)'}.`,
      columns: ['what', 'seconds', 'outcome'],
      rows: repeatRows,
    });
    console.log(`(written to ${file})`);
  }
}
if (cpu && !full) {
  const run = timeOnFreshClone('npm test, CPU by part', [], undefined, { cpuParts: true });
  console.log(formatParts(run.cpu));
  const share = (seconds) => `${((100 * seconds) / run.cpu.machineBusySeconds).toFixed(1)} %`;
  const cpuRows = run.cpu.parts.map(({ part, seconds }) => [part, seconds.toFixed(1), share(seconds)]);
  cpuRows.push([NOT_ATTRIBUTED, run.cpu.notAttributedSeconds.toFixed(1), share(run.cpu.notAttributedSeconds)]);
  const groups = new Map();
  for (const { part, seconds } of run.cpu.parts) if (groupOf(part)) groups.set(groupOf(part), (groups.get(groupOf(part)) ?? 0) + seconds);
  for (const [group, seconds] of groups) cpuRows.push([`in all: ${group}`, seconds.toFixed(1), share(seconds)]);
  cpuRows.push([`the machine, busy (all cores): npm test took ${run.took} s, ${run.outcome}`, run.cpu.machineBusySeconds.toFixed(1), '100 %']);
  if (!args.includes('--no-doc')) {
    const file = writePerformanceSection({
      id: 'test-cpu',
      title: "Where `npm test`'s CPU goes",
      command: 'node scripts/test-timings.mjs --cpu',
      note: `The README's \`npm test\` once on a fresh clone of HEAD (turbo's cache empty), every process sampled from /proc ${SAMPLES_PER_SECOND} times a second (scripts/process-cpu.mjs). A suite's part holds every process it starts (its jest workers, the servers, installs and builds its tests start); the journeys' part is split by what each process is; parts under 0.05 s are left out. DATABASE_URL ${process.env.DATABASE_URL ? 'set (admin-api runs on PGlite, then PostgreSQL, whose server is its own row)' : 'not set'}.`,
      columns: ['part of the run', 'CPU seconds', 'share of the machine\'s busy time'],
      rows: cpuRows,
    });
    console.log(`(written to ${file})`);
  }
}
if (!clonesOnly && !args.includes('--no-doc') && only.length === 0) {
  const file = writePerformanceSection({
    id: 'test-timings',
    title: "Each package's test suite, run alone",
    command: `node scripts/test-timings.mjs${full ? ' --full' : ''}`,
    note: `One suite after the other, after a build${full ? '; then `npm test` on a fresh clone of HEAD (every step, its own turbo cache empty)' : ''}; DATABASE_URL ${process.env.DATABASE_URL ? 'set (admin-api runs on PGlite, then PostgreSQL)' : 'not set (PGlite only)'}.`,
    columns: ['suite', 'seconds', 'outcome'],
    rows,
  });
  console.log(`(written to ${file})`);
}
process.exit(failed ? 1 : 0);
