// The one writer of docs/performance.md. Every program that measures a figure calls
// `writePerformanceSection` with its rows; the file is never edited by hand. Each section is kept
// between markers and replaced whole on the next run, with the command that produced it, the date
// and the machine, so a figure always says where it came from.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PERFORMANCE_DOC = join(dirname(fileURLToPath(import.meta.url)), '../docs/performance.md');

const HEADER = `# Performance figures

Every table here is written by the program named under it (\`scripts/performance-doc.mjs\` is the one
writer): run that command again to refresh it. Never edit a table by hand.
`;

/**
 * One core's speed: the fastest of three runs of a fixed loop, in ms. Machines that report the same
 * CPU name ("AMD EPYC", 2 cores) differ in speed; this says which kind a figure came from.
 */
export function coreSpeedMs() {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    let x = 0;
    for (let i = 0; i < 5e8; i++) x ^= i;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    // (the result is read, so the loop cannot be optimized away: 0 xor … xor (5×10⁸ − 1) is 0)
    if (x !== 0) throw new Error(`the speed loop computed ${x}, not 0`);
    best = Math.min(best, ms);
  }
  return Math.round(best);
}

/** One line naming the machine a figure was measured on. */
export function machineLine() {
  const cores = cpus();
  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  const speed = `one core's speed: 5×10⁸ steps of a fixed loop in ${coreSpeedMs()} ms`;
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'} (${speed}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, load ${load}`;
}

function table(columns, rows) {
  const cell = (v) => String(v ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [`| ${columns.map(cell).join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/**
 * Replaces (or appends) the section `id` of docs/performance.md: a heading, the command, the date and
 * machine, an optional note, and a table of `columns` × `rows`.
 */
export function writePerformanceSection({ id, title, command, note = '', columns, rows, file = PERFORMANCE_DOC, now = new Date() }) {
  if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`a performance section id is lower-case letters, digits and -: "${id}"`);
  const start = `<!-- section:${id} -->`;
  const end = `<!-- /section:${id} -->`;
  const body = [
    start,
    `## ${title}`,
    '',
    `Command: \`${command}\`  `,
    `Measured: ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}`,
    ...(note ? ['', note] : []),
    '',
    table(columns, rows),
    end,
  ].join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const at = current.indexOf(start);
  const stop = current.indexOf(end);
  const next = at >= 0 && stop > at ? `${current.slice(0, at)}${body}${current.slice(stop + end.length)}` : `${current.trimEnd()}\n\n${body}\n`;
  writeFileSync(file, next);
  return file;
}
