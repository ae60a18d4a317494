// The release store in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Google Cloud
// Storage's XML API), through the AWS SDK, in store.mjs's layout: `<prefix><remote>/<version>/…` (a
// version's own files) and `<prefix><remote>/files/…` (the content-named files its versions share),
// served publicly from RELEASE_STORE_URL (the bucket's website, a CDN in front of it). Every object
// is immutable (a version's files are written once, a content-named file holds its name's bytes), so
// each is served to be cached for a year.
//
// Immutable: every object is written with `If-None-Match: *` (S3's conditional write: 412 when the
// key exists), after a HEAD that finds it already there (so a server that ignores the header still
// never has a key overwritten by a later upload; only two uploads racing for one key then rely on
// the header). A key already there with the same bytes is a retry's (or, under files/, another
// version's), accepted; with other bytes the upload is refused and nothing is overwritten.
// Atomic as seen from the shell: the shared files first, the version's manifest last. The shell (and
// the gate) start from mf-manifest.json, so a version is there once its manifest is, whole; a killed
// upload leaves files nobody loads, which the same build's retry completes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { FILES_FOLDER, otherBytes, sameFile, STORE_CACHE_CONTROL, storeLayout, VERSION_RE } from '../store.mjs';

const MANIFEST = 'mf-manifest.json';
const PARALLEL = 8;

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.gz': 'application/gzip',
  '.br': 'application/x-brotli',
};


const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const statusOf = (err) => err?.$metadata?.httpStatusCode;

/** Runs `work` over `items`, `limit` at a time; the first failure rejects (the others finish first). */
async function inParallel(items, limit, work) {
  const queue = [...items];
  const errors = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      while (queue.length && !errors.length) {
        try {
          await work(queue.shift());
        } catch (err) {
          errors.push(err);
        }
      }
    }),
  );
  if (errors.length) throw errors[0];
}

/**
 * The S3 client for an S3-compatible endpoint: credentials and region from the usual AWS
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_PROFILE, AWS_REGION),
 * path-style URLs where an endpoint is given (MinIO, most S3-compatible servers), and checksums
 * only where an operation requires them (R2 and GCS refuse the SDK's default extra ones).
 */
export function s3Client({ endpoint, region, forcePathStyle }) {
  return new S3Client({
    ...(endpoint ? { endpoint } : {}),
    region: region || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: forcePathStyle ?? Boolean(endpoint),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * @param {{ client: S3Client, bucket: string, prefix?: string, publicUrl: string }} o
 * @returns {import('./index.mjs').ReleaseStore}
 */
export function s3Store({ client, bucket, prefix = '', publicUrl }) {
  const base = publicUrl.replace(/\/+$/, '');
  const folder = (remote, version) => `${prefix}${remote}/${version}/`;

  async function exists(key) {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  async function bytesOf(key) {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await object.Body.transformToByteArray());
  }
  const hashOf = async (key) => sri(await bytesOf(key));

  async function keysUnder(prefixKey) {
    const keys = [];
    let token;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefixKey, ContinuationToken: token }));
      for (const o of page.Contents ?? []) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** The stored version's files → their hashes (downloaded: what is served is what counts). */
  async function storedFiles(remote, version) {
    const under = folder(remote, version);
    const files = {};
    await inParallel(await keysUnder(under), PARALLEL, async (key) => {
      files[key.slice(under.length)] = await hashOf(key);
    });
    return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /** Writes `key` unless it exists: 'written', or 'exists' (a 412 from the conditional write). */
  async function putOnce(key, body, path) {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          IfNoneMatch: '*',
          ContentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
          CacheControl: STORE_CACHE_CONTROL,
        }),
      );
      return 'written';
    } catch (err) {
      // 412: the key exists. 409: another conditional write of the key is under way (S3 says retry;
      // the caller compares the bytes instead).
      if (statusOf(err) === 412 || statusOf(err) === 409) return 'exists';
      throw err;
    }
  }

  const otherBuild = (remote, version) =>
    new Error(`${remote} ${version} is already in the store with other files: a version is never overwritten, choose another`);

  return {
    describe: () => `the bucket ${bucket}${prefix ? ` under ${prefix}` : ''} (served at ${base})`,

    async putVersion(remote, version, distDir) {
      if (!VERSION_RE.test(version)) throw new Error(`version "${version}" must be letters, digits and . + _ - (64 at most)`);
      const { files, shared, own, ownHashes } = storeLayout(distDir, `${base}/${prefix}${encodeURIComponent(remote)}/${FILES_FOLDER}/`);
      const under = folder(remote, version);
      const same = async () => JSON.stringify(await storedFiles(remote, version)) === JSON.stringify(ownHashes);
      if (await exists(under + MANIFEST)) {
        if (await same()) return { files, uploaded: false, where: `s3://${bucket}/${under}` };
        throw otherBuild(remote, version);
      }
      /** Writes `key` once; a key already there must hold these bytes (a retry's, or another version's). */
      const putChecked = async (key, body, name) => {
        if ((await exists(key)) || (await putOnce(key, body, name)) === 'exists') {
          if (!sameFile(name, await bytesOf(key), body)) throw otherBytes(remote, version, key.slice(`${prefix}${remote}/`.length));
        }
      };
      const filesKey = `${prefix}${remote}/${FILES_FOLDER}/`;
      await inParallel(Object.entries(shared), PARALLEL, ([name, path]) => putChecked(filesKey + name, readFileSync(join(distDir, path)), name));
      await inParallel(
        Object.keys(own).filter((p) => p !== MANIFEST),
        PARALLEL,
        (path) => putChecked(under + path, own[path], path),
      );
      // Last: the version appears, whole. Another upload that finished first wins; same build = a retry.
      if ((await putOnce(under + MANIFEST, own[MANIFEST], MANIFEST)) === 'exists') {
        if (await same()) return { files, uploaded: false, where: `s3://${bucket}/${under}` };
        throw otherBuild(remote, version);
      }
      return { files, uploaded: true, where: `s3://${bucket}/${under}` };
    },

    has: (remote, version) => exists(folder(remote, version) + MANIFEST),

    /** Deletes a version (one the gate refused): its manifest first, so it is gone for the shell at once; its content-named files stay (other versions may share them). */
    async remove(remote, version) {
      const under = folder(remote, version);
      const keys = await keysUnder(under);
      const drop = (batch) => client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      if (keys.includes(under + MANIFEST)) await drop([under + MANIFEST]);
      const rest = keys.filter((k) => k !== under + MANIFEST);
      for (let i = 0; i < rest.length; i += 1000) await drop(rest.slice(i, i + 1000));
    },

    async versions(remote) {
      const keys = await keysUnder(`${prefix}${remote}/`);
      const names = new Set();
      for (const key of keys) {
        const [version, file] = key.slice(`${prefix}${remote}/`.length).split('/');
        if (file === MANIFEST) names.add(version);
      }
      return [...names].sort();
    },

    versionUrl: (remote, version) => `${base}/${prefix}${encodeURIComponent(remote)}/${encodeURIComponent(version)}`,
  };
}
