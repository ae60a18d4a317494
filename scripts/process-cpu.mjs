#!/usr/bin/env node
// Runs a command and tells where the machine's CPU went while it ran: each process is sampled from
// /proc (Linux) several times a second and its CPU seconds go to a part of the run, found by its
// ancestry: a jest suite's part holds every process the suite starts (its workers, the servers and
// installs its tests start); the journeys' part is split by what each process is (Chromium's
// renderers, its GPU process, the API, Playwright...). `npm test` is CPU-bound on two cores, so
// these parts, not the order they run in, are what its time is made of.
//   node scripts/process-cpu.mjs [--json FILE] -- COMMAND [ARGS...]
// prints the parts, largest first, and with --json writes them to FILE; exits with the command's status.
// What is not attributed: processes that lived less than a sample, and the last fraction of a second
// of each process (read again only at the next sample).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const SAMPLE_MS = 200;
const TICKS_PER_SECOND = 100; // USER_HZ, which Linux fixes at 100 for /proc

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat: not idle, not waiting, not taken by the hypervisor (steal). */
export function machineBusySeconds() {
  const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
}

/** A process's ancestry and CPU time from /proc/PID/stat (read every sample), or null once it is gone. */
function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), startTicks: Number(fields[19]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** A process's command line and folder (read once, when the process is first seen). */
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

/** Chromium's process types, named for what they do. */
const CHROMIUM_TYPES = { renderer: 'renderers', 'gpu-process': 'GPU process', utility: 'utility processes (network, storage)', zygote: 'browser process' };

/**
 * What a process is, from its command line, and whether it owns a part of the run (every process it
 * starts belongs to that part). `root`: the repository the command runs in (a suite is named by its folder).
 */
export function kindOf({ args, cwd, binary }, root) {
  if (args.length === 0) return { kind: 'kernel threads and unnamed processes' };
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
  if (/turbo(\.js)? run build/.test(line) || / run build( |$)/.test(line)) return { kind: 'builds', owns: 'build' };
  if (/[\\/]\.bin[\\/]eslint|[\\/]eslint[\\/]bin|pnpm(\.cjs)? exec eslint/.test(line)) return { kind: 'eslint', owns: 'lint (eslint)' };
  if (/scripts[\\/]typecheck\.mjs/.test(line)) return { kind: 'tsc', owns: 'type checks' };
  if (/scripts[\\/]bundle-budget\.mjs/.test(line)) return { kind: 'byte budget', owns: 'byte budget' };
  if (/webpack\.build\.mjs/.test(line)) return { kind: 'webpack builds' };
  if (/(^|[\\/])(pnpm|npm)(\.c?js)?( |$)|pnpm\.cjs/.test(line)) return { kind: 'pnpm and npm' };
  if (/(^|[\\/])postgres(:| |$)/.test(line)) return { kind: 'PostgreSQL server' };
  return { kind: (binary ?? args[0]).split('/').pop() };
}

/**
 * The part of the run a process's CPU goes to: that of its outermost ancestor (or itself) below the
 * command that owns one (a team's jest run inside a journey is the journeys'); in the journeys, split
 * by what the process is. `lineage`: the process, then its parent, and so on.
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
  /** key (pid:start) → { part, baseTicks, lastTicks } */
  const seen = new Map();
  /** pid → the process's record as last read, for the ancestry of its children */
  const known = new Map();
  const lineageOf = (proc) => {
    const lineage = [describe(proc)];
    for (let p = proc, depth = 0; p && p.ppid > 1 && depth < 64; depth++) {
      p = describe(known.get(p.ppid) ?? readStat(p.ppid));
      if (p) lineage.push(p);
    }
    return lineage;
  };
  const sample = () => {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const proc = readStat(Number(name));
      if (!proc) continue;
      const key = `${proc.pid}:${proc.startTicks}`;
      const entry = seen.get(key);
      if (entry) {
        entry.lastTicks = proc.cpuTicks;
        continue;
      }
      known.set(proc.pid, proc);
      // A process that was running before the sampler counts from now; one started since, from its start.
      const part = proc.pid === process.pid ? 'this sampler (scripts/process-cpu.mjs)' : partOf(lineageOf(proc), root, commandPid);
      seen.set(key, { part, baseTicks: proc.startTicks < startTicks ? proc.cpuTicks : 0, lastTicks: proc.cpuTicks });
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const parts = new Map();
      for (const { part, baseTicks, lastTicks } of seen.values()) parts.set(part, (parts.get(part) ?? 0) + (lastTicks - baseTicks) / TICKS_PER_SECOND);
      const attributed = [...parts.values()].reduce((a, b) => a + b, 0);
      return {
        machineBusySeconds: machineBusySeconds() - busyAtStart,
        attributedSeconds: attributed,
        parts: [...parts].filter(([, s]) => s >= 0.05).sort((a, b) => b[1] - a[1]).map(([part, seconds]) => ({ part, seconds })),
      };
    },
  };
}

/** The parts as printed lines: seconds, share of the machine's busy time, part. */
export function formatParts({ machineBusySeconds: busy, attributedSeconds, parts }) {
  const line = (seconds, what) => `${seconds.toFixed(1).padStart(8)} s ${`${((100 * seconds) / busy).toFixed(1)} %`.padStart(7)}  ${what}`;
  return [...parts.map((p) => line(p.seconds, p.part)), line(Math.max(0, busy - attributedSeconds), 'not attributed (processes shorter than a sample, last moments)'), line(busy, 'the machine, busy (all cores, /proc/stat)')].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  if (dash < 0 || dash === args.length - 1) {
    console.error('usage: node scripts/process-cpu.mjs [--json FILE] -- COMMAND [ARGS...]');
    process.exit(2);
  }
  const jsonAt = args.indexOf('--json');
  const jsonFile = jsonAt >= 0 && jsonAt < dash ? args[jsonAt + 1] : null;
  const [command, ...commandArgs] = args.slice(dash + 1);
  const child = spawn(command, commandArgs, { stdio: 'inherit' });
  const sampler = sampleCpu({ root: process.cwd(), commandPid: child.pid });
  child.on('exit', (code, signal) => {
    const result = { command: [command, ...commandArgs].join(' '), status: code ?? 1, signal, ...sampler.stop() };
    console.error(`\nCPU seconds by part, while \`${result.command}\` ran:\n${formatParts(result)}`);
    if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
    process.exit(code ?? 1);
  });
}
