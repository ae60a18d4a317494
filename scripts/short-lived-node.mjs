// `npm test`'s Node processes run without V8's optimizing compiler (TurboFan, `--max-opt=2`): jest and
// its workers, webpack, tsc, eslint, pnpm and the Playwright runner each live seconds to minutes, and
// on two cores TurboFan's background compiles of their code cost more CPU than its faster code saves
// back (a jsdom suite 12 % less CPU, a webpack build 11 %, tsc 17 %). Maglev and Sparkplug still
// compile hot code. The admin API the journeys start keeps V8's defaults, as it runs in production.
//
// V8's flags are refused in NODE_OPTIONS and frozen once Node has started, so the flag comes from a
// `node` first on PATH: every process the run starts by name (turbo's tasks, the packages' scripts,
// each tool's `#!/usr/bin/env node`) runs through it; jest's and Playwright's workers inherit it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The flags the folder's `node` adds. */
export const SHORT_LIVED_FLAGS = ['--max-opt=2'];

/** A POSIX shell's single-quoted word. */
const quoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Writes `<dir>/node`, which runs `nodePath` with SHORT_LIVED_FLAGS; answers `env` with `dir` first on
 * its PATH, and `node`, that file's path (to start a script with it directly). The path of this Node is
 * written in the file (a child started with a minimal environment, only PATH, finds it the same). On
 * Windows: `env` unchanged, and `nodePath`.
 */
export function withShortLivedNode(dir, env = process.env, nodePath = process.execPath) {
  if (process.platform === 'win32') return { env, node: nodePath };
  mkdirSync(dir, { recursive: true });
  const node = join(dir, 'node');
  // Written aside, then renamed over: another run in this folder never starts a half-written file.
  const writing = `${node}.${process.pid}`;
  writeFileSync(writing, `#!/bin/sh\nexec ${quoted(nodePath)} ${SHORT_LIVED_FLAGS.join(' ')} "$@"\n`, { mode: 0o755 });
  renameSync(writing, node);
  return { env: { ...env, PATH: [dir, env.PATH].filter(Boolean).join(delimiter) }, node };
}
