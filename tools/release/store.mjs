// The versioned static store: `<store>/<remote>/<version>/…`, one folder per release, written once
// and never overwritten (a folder here; any static host or bucket in production, served with the
// same layout). `npm start` serves it as the local CDN; the release command uploads into it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sriOf } from '../federation/integrity.mjs';

/** Files a build ships (not its standalone page's runtime config or the build's own stats). */
const SKIPPED = new Set(['runtime-config.json', 'mf-manifest-stats.json']);
export const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

function walk(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path, base);
    return entry.isFile() ? [relative(base, path).split(sep).join('/')] : [];
  });
}

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

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Copies `distDir` to `<store>/<remote>/<version>/`: into a temporary folder first, then renamed into
 * place in one step, so a killed upload never leaves a half version. A version already in the store is
 * never overwritten: the same build again (a retried release) is accepted as it is, another build is
 * refused. Answers the files' SRI hashes.
 */
export function uploadToStore({ storeDir, remote, version, distDir }) {
  if (!VERSION_RE.test(version)) throw new Error(`version "${version}" must be letters, digits and . + _ - (64 at most)`);
  if (!existsSync(join(distDir, 'mf-manifest.json'))) throw new Error(`${distDir} has no mf-manifest.json: build the remote first`);
  const files = fileHashes(distDir);
  const target = join(storeDir, remote, version);
  if (existsSync(target)) {
    if (same(fileHashes(target), files)) return { files, path: target, uploaded: false };
    throw new Error(`${remote} ${version} is already in the store with other files: a version is never overwritten, choose another`);
  }
  mkdirSync(join(storeDir, remote), { recursive: true });
  const staging = join(storeDir, remote, `.upload-${version}-${process.pid}-${Date.now()}`);
  try {
    for (const path of Object.keys(files)) {
      mkdirSync(join(staging, path, '..'), { recursive: true });
      cpSync(join(distDir, path), join(staging, path));
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
  return readdirSync(dir).filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory());
}
