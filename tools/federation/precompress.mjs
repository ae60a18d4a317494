// Writes `<file>.gz` beside each script, stylesheet and manifest of a build, as a CDN stores them:
// the static server (packages/shell/serve/static-server.mjs) sends the stored file instead of
// compressing on every request. Compressing the dashboard's files per request cost the serving
// process ≈ 35 ms of CPU at sign-in (the echarts chunk alone 16 ms), taken from the browser and the
// API on a 2-core machine (e2e/perf/measure.mjs). Run last, on the final bytes: the manifest is
// rewritten after webpack's own stages (its chunk hashes, integrity.mjs).
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

/** What is worth storing compressed: text the page fetches, from 1 kB on (below, gzip gains nothing). */
const COMPRESSIBLE = /\.(m?js|css|json|svg)$/;
const MIN_BYTES = 1024;
/** Not stored compressed: answered per request by the servers (a deployment replaces it), or never fetched (the build's stats). */
const LEFT_PLAIN = new Set(['runtime-config.json', 'mf-manifest-stats.json']);
const PARTIAL = /\.gz\.partial-\d+$/;

/** Brings every `.gz` under `dir` in line with its file; answers how many were written. */
export function precompress(dir) {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompress(path);
      continue;
    }
    if (PARTIAL.test(entry.name)) {
      rmSync(path); // left by a build killed while writing it
      continue;
    }
    if (entry.name.endsWith('.gz')) {
      const source = path.slice(0, -3);
      if (!existsSync(source) || !wanted(entry.name.slice(0, -3), source)) rmSync(path); // its file is gone or no longer stored compressed
      continue;
    }
    if (!wanted(entry.name, path)) continue;
    const gz = `${path}.gz`;
    if (existsSync(gz) && statSync(gz).mtimeMs >= statSync(path).mtimeMs) continue; // (an unchanged content-hashed file)
    // Level 9: written once, sent many times. Node's gzip header has no time or name, so the same
    // file always gives the same bytes (a release's hashes stay stable across rebuilds).
    // Written aside and renamed into place: a build killed half-way never leaves a cut `.gz` that
    // looks newer than its file (it would be kept, and sent).
    const partial = `${gz}.partial-${process.pid}`;
    writeFileSync(partial, gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }));
    renameSync(partial, gz);
    written++;
  }
  return written;
}

function wanted(name, path) {
  return COMPRESSIBLE.test(name) && !LEFT_PLAIN.has(name) && statSync(path).size >= MIN_BYTES;
}
