// The release store: `<store>/<remote>/<version>/…` holds a version's own files (its manifest, the
// shared-client usage record, its metadata), written once and never overwritten;
// `<store>/<remote>/files/…` holds the files whose names carry their content hash (every chunk, and
// remoteEntry.js under its content's hash), shared by every version of the remote. A release of a
// build whose chunks did not change uploads none of them, and a browser that loaded an earlier
// version has them cached under the same URLs: only the version's small files are new. A folder
// here; any static host or bucket in production, served with the same layout. `npm start` serves it
// as the local CDN; the release command uploads into it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { COPY_SUFFIXES, compressedCopies, decompressedCopy } from '../federation/precompress.mjs';
import { sriOf } from '../federation/integrity.mjs';

/** Files a build ships (not its standalone page's runtime config or the build's own stats). */
const SKIPPED = new Set(['runtime-config.json', 'mf-manifest-stats.json']);
export const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
const MANIFEST = 'mf-manifest.json';
const ENTRY = 'remoteEntry.js';
/**
 * How every file of the store is served: nothing in it is ever rewritten (a version's files are
 * written once, a content-named file holds its name's bytes), so a browser keeps each for a year and
 * asks again for nothing of a version it has loaded.
 */
export const STORE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The folder of a remote's content-named files, beside its versions. */
export const FILES_FOLDER = 'files';
/** A name with webpack's [contenthash:10] in it: the same name is the same bytes in any build. */
const CONTENT_NAMED = /\.[0-9a-f]{10}\./;

function walk(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path, base);
    return entry.isFile() ? [relative(base, path).split(sep).join('/')] : [];
  });
}

const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Every shipped file of `dir` → its SRI hash (`sha384-<base64>`), sorted by path. */
export function fileHashes(dir) {
  const files = {};
  for (const path of walk(dir).sort()) {
    if (SKIPPED.has(path)) continue;
    files[path] = sriOf(join(dir, path));
  }
  return files;
}

/** A short, stable id of a build's content (the local builds' versions: `local-<id>`). */
export function contentId(files) {
  return createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
}

/**
 * How a build is laid out in the store, served from `filesUrl` (`<store URL>/<remote>/files/`):
 * `shared`, the content-named files (name in the store → the build's path), remoteEntry.js renamed
 * after its content; `own`, the version's files (path → bytes), its manifest pointing the federation
 * runtime at `filesUrl` and the entry's name (with a fresh `.gz` and `.br` beside it), and `ownHashes`, their
 * hashes; `files`, what the registry records: each file of the build by its name there, with the
 * hash of the bytes served for it.
 */
export function storeLayout(distDir, filesUrl) {
  const files = fileHashes(distDir);
  if (!files[MANIFEST]) throw new Error(`${distDir} has no ${MANIFEST}: build the remote first`);
  const entryName = files[ENTRY] ? `remoteEntry.${createHash('sha256').update(readFileSync(join(distDir, ENTRY))).digest('hex').slice(0, 10)}.js` : null;
  const shared = {};
  const own = {};
  const entryCopies = new Map([ENTRY, ...COPY_SUFFIXES.map((suffix) => `${ENTRY}${suffix}`)].map((path) => [path, `${entryName}${path.slice(ENTRY.length)}`]));
  const manifestCopies = COPY_SUFFIXES.map((suffix) => `${MANIFEST}${suffix}`);
  for (const path of Object.keys(files)) {
    if (entryName && entryCopies.has(path)) shared[entryCopies.get(path)] = path;
    else if (CONTENT_NAMED.test(path) && !path.includes('/')) shared[path] = path;
    else if (!manifestCopies.includes(path)) own[path] = readFileSync(join(distDir, path));
  }
  const manifest = JSON.parse(own[MANIFEST].toString('utf8'));
  manifest.metaData.publicPath = filesUrl;
  if (entryName) manifest.metaData.remoteEntry = { ...manifest.metaData.remoteEntry, path: '', name: entryName };
  own[MANIFEST] = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const recorded = { ...files, [MANIFEST]: sri(own[MANIFEST]) };
  // The rewritten manifest's copies: made again, in the encodings the build stored.
  for (const [suffix, bytes] of Object.entries(compressedCopies(own[MANIFEST]))) {
    if (!files[`${MANIFEST}${suffix}`]) continue;
    own[`${MANIFEST}${suffix}`] = bytes;
    recorded[`${MANIFEST}${suffix}`] = sri(bytes);
  }
  const ownHashes = Object.fromEntries(Object.keys(own).sort().map((path) => [path, sri(own[path])]));
  return { files: recorded, shared, own, ownHashes };
}

/** The refusal of a file already stored (`where`: under the remote's folder) with other bytes than this build's. */
export function otherBytes(remote, version, where) {
  return new Error(`${remote} ${version}: ${where} is already in the store with other bytes; nothing was overwritten`);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a content-named file already stored (`stored`) may stand for this build's (`built`): the
 * same bytes; for a `.gz` or `.br`, the same bytes once decompressed (another zlib or brotli
 * compresses the same file differently, and the browser is sent what it decompresses to).
 */
export function sameFile(name, stored, built) {
  if (stored.equals(built)) return true;
  try {
    const unpacked = decompressedCopy(name, stored);
    return unpacked !== null && unpacked.equals(decompressedCopy(name, built));
  } catch {
    return false;
  }
}

/**
 * Uploads `distDir` as `remote` `version` into the folder `storeDir`, served at `publicUrl`. The
 * content-named files go into `<remote>/files/` (a name already there must hold the same bytes: it is
 * not written again); then the version's own files into a temporary folder, renamed into
 * `<remote>/<version>/` in one step, so a killed upload never leaves a half version. A version already
 * in the store is never overwritten: the same build again (a retried release) is accepted as it is,
 * another build is refused. Answers what the registry records (`files`).
 */
export function uploadToStore({ storeDir, publicUrl, remote, version, distDir }) {
  if (!VERSION_RE.test(version)) throw new Error(`version "${version}" must be letters, digits and . + _ - (64 at most)`);
  const { files, shared, own, ownHashes } = storeLayout(distDir, `${publicUrl.replace(/\/+$/, '')}/${remote}/${FILES_FOLDER}/`);
  const target = join(storeDir, remote, version);
  if (existsSync(target)) {
    if (same(fileHashes(target), ownHashes)) return { files, path: target, uploaded: false };
    throw new Error(`${remote} ${version} is already in the store with other files: a version is never overwritten, choose another`);
  }
  const filesDir = join(storeDir, remote, FILES_FOLDER);
  mkdirSync(filesDir, { recursive: true });
  const stamp = `${process.pid}-${Date.now()}`;
  for (const [name, path] of Object.entries(shared)) {
    const stored = join(filesDir, name);
    if (existsSync(stored)) {
      if (!sameFile(name, readFileSync(stored), readFileSync(join(distDir, path)))) throw otherBytes(remote, version, `${FILES_FOLDER}/${name}`);
      continue;
    }
    const staging = join(filesDir, `.upload-${name}-${stamp}`);
    try {
      cpSync(join(distDir, path), staging);
      renameSync(staging, stored);
    } finally {
      rmSync(staging, { force: true });
    }
  }
  const staging = join(storeDir, remote, `.upload-${version}-${stamp}`);
  try {
    for (const [path, bytes] of Object.entries(own)) {
      mkdirSync(join(staging, path, '..'), { recursive: true });
      writeFileSync(join(staging, path), bytes);
    }
    renameSync(staging, target);
  } finally {
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
  }
  return { files, path: target, uploaded: true };
}

/** The versions of `remote` in the store. */
export function storedVersions(storeDir, remote) {
  const dir = join(storeDir, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => !name.startsWith('.') && name !== FILES_FOLDER && statSync(join(dir, name)).isDirectory());
}
