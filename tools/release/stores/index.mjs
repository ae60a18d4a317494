// The versioned release store, chosen by configuration: a folder (the default, served by
// `npm start`) or an S3-compatible bucket (RELEASE_S3_BUCKET). One interface, so the release
// command, `npm start` and the tests do not care which.
import { isAbsolute, join } from 'node:path';
import { folderStore } from './folder.mjs';

/**
 * @typedef {object} ReleaseStore
 * @property {() => string} describe where the versions are, in words
 * @property {(remote: string, version: string, distDir: string) => Promise<{ files: Record<string, string>, uploaded: boolean, where: string }>} putVersion
 *   uploads a build as `<remote>/<version>/` with its content-named files in `<remote>/files/` (store.mjs):
 *   atomic (the version appears whole or not at all) and immutable (the same build again answers
 *   uploaded: false; another build under a used version is refused); `files` is what the registry records
 * @property {(remote: string, version: string) => Promise<boolean>} has whether the version is there (its manifest is)
 * @property {(remote: string, version: string) => Promise<void>} remove deletes a version (one the gate refused)
 * @property {(remote: string) => Promise<string[]>} versions the remote's versions in the store
 * @property {(remote: string, version: string) => string} versionUrl the public URL the version is served from (no trailing slash)
 */

/** RELEASE_S3_* set: the bucket's settings, checked; else null (the folder). */
export function s3Settings(env) {
  const bucket = env.RELEASE_S3_BUCKET?.trim();
  if (!bucket) return null;
  const publicUrl = env.RELEASE_STORE_URL?.trim();
  if (!publicUrl) throw new Error('RELEASE_S3_BUCKET is set but RELEASE_STORE_URL is not: set it to the public URL the bucket is served from (its website or CDN)');
  let prefix = env.RELEASE_S3_PREFIX?.trim() ?? '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const pathStyle = env.RELEASE_S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    bucket,
    prefix,
    publicUrl,
    endpoint: env.RELEASE_S3_ENDPOINT?.trim() || undefined,
    region: env.RELEASE_S3_REGION?.trim() || undefined,
    forcePathStyle: pathStyle ? !['0', 'false', 'no', 'off'].includes(pathStyle) : undefined,
  };
}

/**
 * The store the environment names: RELEASE_S3_BUCKET (+ RELEASE_STORE_URL, RELEASE_S3_PREFIX,
 * RELEASE_S3_ENDPOINT, RELEASE_S3_REGION, RELEASE_S3_FORCE_PATH_STYLE; credentials from the usual
 * AWS variables), else the folder RELEASE_STORE_DIR (.data/releases) served at RELEASE_STORE_URL
 * (http://localhost:STORE_PORT, 3100).
 * @returns {Promise<ReleaseStore>}
 */
export async function storeFromEnv(env, repoRoot) {
  const s3 = s3Settings(env);
  if (s3) {
    const { s3Client, s3Store } = await import('./s3.mjs'); // the AWS SDK loads only when used
    return s3Store({ client: s3Client(s3), bucket: s3.bucket, prefix: s3.prefix, publicUrl: s3.publicUrl });
  }
  const raw = env.RELEASE_STORE_DIR || '.data/releases';
  return folderStore({
    dir: isAbsolute(raw) ? raw : join(repoRoot, raw),
    publicUrl: env.RELEASE_STORE_URL || `http://localhost:${env.STORE_PORT || 3100}`,
  });
}
