// Writes `<file>.gz` and `<file>.br` beside each script, stylesheet and manifest of a build, as a CDN
// stores them: the servers send the stored file instead of compressing on every request. Compressing
// the dashboard's files per request cost the serving process ≈ 35 ms of CPU at sign-in (the echarts
// chunk alone 16 ms), taken from the browser and the API on a 2-core machine (e2e/perf/measure.mjs).
// The `.br` is for the production path (nginx's brotli_static: browsers ask for br over HTTPS only):
// 16 % fewer bytes than gzip on the dashboard's files, about 400 ms of a phone's sign-in
// (e2e/perf/production-path.mjs); `npm start`'s plain-HTTP servers send the `.gz`. Run last, on the
// final bytes: the manifest is rewritten after webpack's own stages (its chunk hashes, integrity.mjs).
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/** What is worth storing compressed: text the page fetches, from 1 kB on (below, gzip gains nothing). */
const COMPRESSIBLE = /\.(m?js|css|json|svg)$/;
const MIN_BYTES = 1024;
/** Not stored compressed: answered per request by the servers (a deployment replaces it), or never fetched (the build's stats). */
const LEFT_PLAIN = new Set(['runtime-config.json', 'mf-manifest-stats.json']);
/**
 * Brotli quality 10, not 11: on the dashboard's first files it saves 80 kB of gzip's 510 kB where 11
 * saves 87 kB, for 40 % of 11's CPU (5 s against 12.5 s over every build here, each build on the CI's
 * two cores). Below 10 the saving drops to 51 kB (9) and less.
 */
const BROTLI_QUALITY = 10;

/**
 * Each stored encoding: its suffix, how it is made (the same bytes for the same file every time, so a
 * release's hashes stay stable across rebuilds) and read back (the release store compares copies by
 * what they decompress to).
 */
const ENCODINGS = [
  // Level 9: written once, sent many times. Node's gzip header has no time or name.
  { suffix: '.gz', compress: (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }), decompress: gunzipSync },
  {
    suffix: '.br',
    compress: (bytes) =>
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    decompress: brotliDecompressSync,
  },
];
/** The suffixes of a file's stored copies: `.gz`, `.br`. */
export const COPY_SUFFIXES = ENCODINGS.map(({ suffix }) => suffix);
/** A copy being written (precompress names nothing else so): left by a build killed half-way. */
const PARTIAL = /\.partial-\d+$/;

/** A file's stored copies, by suffix (`.gz`, `.br`): what precompress writes beside it (the release store remakes a rewritten manifest's with it). */
export function compressedCopies(bytes) {
  return Object.fromEntries(ENCODINGS.map(({ suffix, compress }) => [suffix, compress(bytes)]));
}

/** What a stored copy named `name` (`….js.br`) decompresses to; null when the name is not a stored copy's. */
export function decompressedCopy(name, bytes) {
  const encoding = ENCODINGS.find(({ suffix }) => name.endsWith(suffix));
  return encoding ? encoding.decompress(bytes) : null;
}

/** Brings every `.gz` and `.br` under `dir` in line with its file; answers how many copies were written. */
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
    const stored = ENCODINGS.find(({ suffix }) => entry.name.endsWith(suffix));
    if (stored) {
      const source = path.slice(0, -stored.suffix.length);
      if (!existsSync(source) || !wanted(entry.name.slice(0, -stored.suffix.length), source)) rmSync(path); // its file is gone or no longer stored compressed
      continue;
    }
    if (!wanted(entry.name, path)) continue;
    for (const { suffix, compress } of ENCODINGS) {
      const copy = `${path}${suffix}`;
      if (existsSync(copy) && statSync(copy).mtimeMs >= statSync(path).mtimeMs) continue; // (an unchanged content-hashed file)
      // Written aside and renamed into place: a build killed half-way never leaves a cut copy that
      // looks newer than its file (it would be kept, and sent).
      const partial = `${copy}.partial-${process.pid}`;
      writeFileSync(partial, compress(readFileSync(path)));
      renameSync(partial, copy);
      written++;
    }
  }
  return written;
}

function wanted(name, path) {
  return COMPRESSIBLE.test(name) && !LEFT_PLAIN.has(name) && statSync(path).size >= MIN_BYTES;
}
