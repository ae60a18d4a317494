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

/** One line naming the machine a figure was measured on. */
export function machineLine() {
  const cores = cpus();
  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, load ${load}`;
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
