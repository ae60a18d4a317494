#!/usr/bin/env node
// Runs a command and tells where the machine's CPU went while it ran: each process is sampled from
// /proc (Linux) several times a second and its CPU seconds go to a part of the run, found by its
// ancestry: a jest suite's part holds every process the suite starts (its workers, the servers and
// installs its tests start); the journeys' part is split by what each process is (Chromium's
// renderers, its GPU process, the API, Playwright...). `npm test` is CPU-bound on two cores, so
// these parts, not the order they run in, are what its time is made of.
//   node scripts/process-cpu.mjs [--json FILE] -- COMMAND [ARGS...]
// prints the parts, largest first, and with --json writes them to FILE; exits with the command's status.
// What is not attributed: processes that lived less than a sample, the last fraction of a second of
// each process (read again only at the next sample), and interrupts. A process whose parent ended
// before it was first seen (re-parented to init) counts among the other processes.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How often every process is read. */
export const SAMPLES_PER_SECOND = 5;
const TICKS_PER_SECOND = 100; // USER_HZ, which Linux fixes at 100 for /proc

/**
 * Busy CPU seconds in the first line of /proc/stat (`cpu  user nice system idle iowait irq softirq
 * steal ...`, in USER_HZ): not idle, not waiting, not taken by the hypervisor (steal).
 */
export function busySecondsOf(statLine) {
  const [, user, nice, system, , , irq, softirq] = statLine.trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
}

/** Busy CPU seconds of the whole machine (all cores) so far. */
export const machineBusySeconds = () => busySecondsOf(readFileSync('/proc/stat', 'utf8').split('\n')[0]);

/**
 * A process's name, state, parent, start and CPU time from /proc/PID/stat (read every sample), or null
 * once it is gone. The name changes when the process runs another program (a shell's child before its exec).
 */
function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { pid, comm: stat.slice(stat.indexOf('(') + 1, close), state: fields[0], ppid: Number(fields[1]), startTicks: Number(fields[19]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** A process's command line, folder and binary (read when it is first seen, and again after an exec). */
function describe(proc) {
  if (!proc || proc.args) return proc;
  try {
    proc.args = readFileSync(`/proc/${proc.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    proc.cwd = readlinkSync(`/proc/${proc.pid}/cwd`);
    // (Chromium starts some of its processes as /proc/self/exe: the binary names them)
    proc.binary = readlinkSync(`/proc/${proc.pid}/exe`);
  } catch {
    proc.args ??= [];
    proc.cwd ??= '';
  }
  return proc;
}

/** The steps before the tests, each the part of what it starts. */
const STEPS = { build: 'build', lint: 'lint (eslint)', typecheck: 'type checks', budget: 'byte budget' };

/** The group a part is summed in beside the others of its kind, or null. */
export function groupOf(part) {
  if (part.startsWith('journeys')) return 'the journeys';
  if (part.startsWith('suite: ')) return 'the jest suites';
  return Object.values(STEPS).includes(part) ? 'the build, lint, type checks and byte budget' : null;
}

/** Chromium's process types, named for what they do. */
const CHROMIUM_TYPES = { renderer: 'renderers', 'gpu-process': 'GPU process', utility: 'utility processes (network, storage)', zygote: 'browser process' };

/**
 * What a process is, from its command line, and whether it owns a part of the run (every process it
 * starts belongs to that part). `root`: the repository the command runs in (a suite is named by its folder).
 */
export function kindOf({ args, cwd, binary, state }, root) {
  if (args.length === 0) return { kind: state === 'Z' ? 'processes seen only once ended (zombies)' : 'kernel threads and unnamed processes' };
  const line = args.join(' ');
  const where = relative(root, cwd) || '.';
  if (/(^|\/)(chromium|chrome|headless_shell|chromium-headless-shell)( |$)/.test(line) || /\/chromium\//.test(binary ?? args[0])) {
    const type = /--type=([a-z-]+)/.exec(line)?.[1];
    return { kind: `Chromium: ${CHROMIUM_TYPES[type] ?? (type ? type : 'browser process')}` };
  }
  if (/[\\/]jest(\.js)?( |$)|jest-worker|[\\/]jest[\\/]bin[\\/]/.test(line)) return { kind: 'jest', owns: `suite: ${where}` };
  if (/playwright.* test( |$)/.test(line)) return { kind: 'Playwright: runner and the journeys\' static servers', owns: 'journeys' };
  if (/playwright[\\/].*worker/i.test(line)) return { kind: 'Playwright: worker' };
  if (/admin-api[\\/]dist[\\/]main\.js/.test(line)) return { kind: "admin API (the journeys' system)" };
  if (/turbo(\.js)? run build/.test(line) || / run build( |$)/.test(line)) return { kind: 'builds', owns: STEPS.build };
  if (/[\\/]\.bin[\\/]eslint|[\\/]eslint[\\/]bin|pnpm(\.cjs)? exec eslint/.test(line)) return { kind: 'eslint', owns: STEPS.lint };
  if (/scripts[\\/]typecheck\.mjs/.test(line)) return { kind: 'tsc', owns: STEPS.typecheck };
  if (/scripts[\\/]bundle-budget\.mjs/.test(line)) return { kind: 'byte budget', owns: STEPS.budget };
  if (/webpack\.build\.mjs/.test(line)) return { kind: 'webpack builds' };
  if (/(^|[\\/])(pnpm|npm)(\.c?js)?( |$)|pnpm\.cjs/.test(line)) return { kind: 'pnpm and npm' };
  if (/(^|[\\/])postgres(:| |$)/.test(line)) return { kind: 'PostgreSQL server' };
  return { kind: (binary ?? args[0]).split('/').pop() };
}

/**
 * The part of the run a process's CPU goes to: that of the outermost process that owns one on its way
 * up to the command (itself included; a team's jest run inside a journey is the journeys'); in the
 * journeys, split by what the process is. `lineage`: the process, then its parent, and so on.
 */
export function partOf(lineage, root, commandPid) {
  const own = kindOf(lineage[0], root);
  const commandAt = lineage.findIndex((p) => p.pid === commandPid);
  if (commandAt < 0) return `other processes: ${own.kind}`;
  const run = lineage.slice(0, commandAt + 1);
  const ownerAt = run.findLastIndex((p) => kindOf(p, root).owns);
  if (ownerAt < 0) return 'the command itself (npm, turbo, pnpm, node scripts)';
  const owner = kindOf(run[ownerAt], root).owns;
  if (owner !== 'journeys') return owner;
  return `journeys: ${ownerAt > 0 && own.kind === 'jest' ? "jest (an outside remote's test)" : own.kind}`;
}

/** Samples every process until stop() is called; stop() answers CPU seconds by part and the machine's. */
export function sampleCpu({ root, commandPid }) {
  if (!existsSync('/proc/stat')) throw new Error("process-cpu reads each process's CPU time from /proc: it runs on Linux only");
  const startTicks = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[19]);
  const busyAtStart = machineBusySeconds();
  /** key (pid:start) → { part, comm, baseTicks, lastTicks } */
  const seen = new Map();
  /** pid → the process last seen with it, described: the ancestry of its children */
  const known = new Map();
  /** `proc` described: from `known` when it is the same process running the same program, else read. */
  const current = (proc) => {
    const was = known.get(proc.pid);
    if (was && was.startTicks === proc.startTicks && was.comm === proc.comm) return was;
    known.set(proc.pid, describe(proc));
    return proc;
  };
  const lineageOf = (proc) => {
    const lineage = [current(proc)];
    for (let p = proc, depth = 0; p.ppid > 1 && depth < 64; depth++) {
      const parent = readStat(p.ppid);
      if (!parent) break; // (ended since: the ancestry stops here)
      p = current(parent);
      lineage.push(p);
    }
    return lineage;
  };
  const partNow = (proc) => (proc.pid === process.pid ? 'this sampler (scripts/process-cpu.mjs)' : partOf(lineageOf(proc), root, commandPid));
  const sample = () => {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const proc = readStat(Number(name));
      if (!proc) continue;
      const key = `${proc.pid}:${proc.startTicks}`;
      const entry = seen.get(key);
      if (!entry) {
        // A process that was running before the sampler counts from now; one started since, from its start.
        seen.set(key, { part: partNow(proc), comm: proc.comm, baseTicks: proc.startTicks < startTicks ? proc.cpuTicks : 0, lastTicks: proc.cpuTicks });
        continue;
      }
      entry.lastTicks = proc.cpuTicks;
      // It runs another program now (first seen between a shell's fork and its exec): its part is the program's.
      if (entry.comm !== proc.comm) Object.assign(entry, { part: partNow(proc), comm: proc.comm });
    }
  };
  sample();
  const timer = setInterval(sample, 1000 / SAMPLES_PER_SECOND);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const parts = new Map();
      for (const { part, baseTicks, lastTicks } of seen.values()) parts.set(part, (parts.get(part) ?? 0) + (lastTicks - baseTicks) / TICKS_PER_SECOND);
      const attributed = [...parts.values()].reduce((a, b) => a + b, 0);
      const busy = machineBusySeconds() - busyAtStart;
      return {
        machineBusySeconds: busy,
        notAttributedSeconds: Math.max(0, busy - attributed),
        parts: [...parts].filter(([, s]) => s >= 0.05).sort((a, b) => b[1] - a[1]).map(([part, seconds]) => ({ part, seconds })),
      };
    },
  };
}

/** What the machine's busy time holds beside the parts (the header says why). */
export const NOT_ATTRIBUTED = 'not attributed (processes shorter than a sample, the last moments of each, interrupts)';

/** The parts as printed lines (those under 0.05 s left out): seconds, share of the machine's busy time, part. */
export function formatParts({ machineBusySeconds: busy, notAttributedSeconds, parts }) {
  const line = (seconds, what) => `${seconds.toFixed(1).padStart(8)} s ${`${((100 * seconds) / busy).toFixed(1)} %`.padStart(7)}  ${what}`;
  return [...parts.map((p) => line(p.seconds, p.part)), line(notAttributedSeconds, NOT_ATTRIBUTED), line(busy, 'the machine, busy (all cores, /proc/stat)')].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  const jsonAt = args.indexOf('--json');
  if (dash < 0 || dash === args.length - 1 || (jsonAt >= 0 && (jsonAt > dash || jsonAt + 1 >= dash))) {
    console.error('usage: node scripts/process-cpu.mjs [--json FILE] -- COMMAND [ARGS...]');
    process.exit(2);
  }
  if (!existsSync('/proc/stat')) {
    console.error("process-cpu reads each process's CPU time from /proc: it runs on Linux only");
    process.exit(2);
  }
  const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : null;
  const [command, ...commandArgs] = args.slice(dash + 1);
  const child = spawn(command, commandArgs, { stdio: 'inherit' });
  child.on('error', (err) => {
    console.error(`process-cpu: could not run ${command}: ${err.message}`);
    process.exit(127);
  });
  if (child.pid !== undefined) {
    const sampler = sampleCpu({ root: process.cwd(), commandPid: child.pid });
    child.on('exit', (code, signal) => {
      const result = { command: [command, ...commandArgs].join(' '), status: code, signal, ...sampler.stop() };
      console.error(`\nCPU seconds by part, while \`${result.command}\` ran:\n${formatParts(result)}`);
      if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
      // (as a shell reports a command ended by a signal)
      process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  }
}
