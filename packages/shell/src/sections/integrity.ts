// Subresource Integrity for remotes: a federation runtime plugin that loads each remote's manifest and
// remoteEntry.js with the SRI hashes its release recorded (from the runtime config), so a file altered
// on the store after release does not run. remoteEntry.js carries the sha384 of every chunk it loads
// (webpack-subresource-integrity in the remote's build), so the browser checks those too; the manifest
// carries them as well (`integrity`, tools/federation/integrity.mjs), so the runtime may fetch an exposed
// module's chunks beside remoteEntry.js, each with its hash, instead of after it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { filesBase } from '@growth-admin/api-contract/files-base';
import type { RemoteIntegrity } from '../boot/runtimeConfig';

/**
 * A remote's hashes; `null` where hashes are required but its release recorded none (it is refused);
 * `undefined` where none are required (a plain runtime config, in development).
 */
export type IntegrityOf = (remote: string) => RemoteIntegrity | null | undefined;

/** A remote's file refused because its bytes are not those its release recorded. */
export class IntegrityMismatch extends Error {
  constructor(url: string) {
    super(`integrity mismatch for ${url}: the file differs from what its release recorded, so it was not run`);
    this.name = 'IntegrityMismatch';
  }
}

const bytesToBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const DIGESTS: Record<string, string> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/**
 * The browser's refusal of a file for its hash reads like any network failure ("Failed to fetch", a
 * script's error event): fetched again and hashed, a file whose bytes differ from `expected` is named
 * (never run: only hashed). Null where it matches, cannot be fetched, or cannot be hashed here.
 */
async function integrityMismatch(fetchImpl: typeof fetch, url: string, expected: string): Promise<IntegrityMismatch | null> {
  const [algorithm] = expected.split('-');
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || !DIGESTS[algorithm]) return null;
  try {
    const response = await fetchImpl(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) return null;
    const actual = `${algorithm}-${bytesToBase64(await subtle.digest(DIGESTS[algorithm], await response.arrayBuffer()))}`;
    return actual === expected ? null : new IntegrityMismatch(url);
  } catch {
    return null;
  }
}

/**
 * A remote's manifest request: with its release's hash and anonymous CORS. The one shape of it (the
 * plugin's, the loader's early start and the login screen's prefetch), so all find one cache entry.
 */
export async function fetchManifest(fetchImpl: typeof fetch, url: string, hash: string, init: RequestInit = {}): Promise<Response> {
  // (async: the request still starts at once, and a failure to start it is a rejection like any other)
  return fetchImpl(url, { ...init, integrity: hash, mode: 'cors', credentials: 'omit' });
}

export function missingIntegrity(remote: string): Error {
  return new Error(`The ${remote} remote's release records no integrity hashes for its manifest and remoteEntry.js, so it is not loaded`);
}

/** A remote's chunk hashes from its verified manifest: file (relative to where its files are) → sha384. */
interface ChunkHashes {
  base: string;
  files: Record<string, string>;
}

/**
 * `approvalOf`: what a remote's manifest waits for before the runtime may read it (the shell's
 * shared-client usage check, fetched beside it): rejected, the manifest is refused with its reason.
 * `onFiles`: told where a remote's files are once its manifest was read.
 * `startedManifest`: a manifest request the loader started already (fetchManifest), taken once.
 */
export function integrityPlugin(
  integrityOf: IntegrityOf,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  approvalOf: (remote: string) => Promise<void> | undefined = () => undefined,
  onFiles: (remote: string, base: string) => void = () => undefined,
  startedManifest: (url: string) => Promise<Response> | undefined = () => undefined,
): ModuleFederationRuntimePlugin {
  const hashesOf = (remote: string): RemoteIntegrity | undefined => {
    const hashes = integrityOf(remote);
    if (hashes === null) throw missingIntegrity(remote);
    return hashes;
  };
  const chunkHashes = new Map<string, ChunkHashes>();
  const chunkHashOf = (remote: string, url: string): string | undefined => {
    const known = chunkHashes.get(remote);
    if (!known || !url.startsWith(known.base)) return undefined; // another release's folder
    const file = url.slice(known.base.length);
    return Object.hasOwn(known.files, file) ? known.files[file] : undefined;
  };
  /** The hash a remote's script must carry: its entry's from the release, a chunk's from the manifest. */
  const scriptHash = (remote: string, hashes: RemoteIntegrity, url: string, resourceType: string | undefined): string => {
    if (!resourceType || resourceType === 'remoteEntry') return hashes.entry;
    const hash = chunkHashOf(remote, url);
    if (!hash) throw new Error(`The ${remote} remote's ${url} is not loaded outside its remoteEntry.js, which carries its hash`);
    return hash;
  };
  return {
    name: 'growth-admin:integrity',
    // The manifest, fetched with its hash: a manifest altered on the store is refused by the browser.
    // Its chunk hashes are kept for the scripts the runtime adds beside remoteEntry.js.
    fetch(url, init, remoteInfo) {
      if (!remoteInfo) return undefined;
      const hashes = hashesOf(remoteInfo.name);
      if (!hashes) return undefined;
      const manifest = (startedManifest(url) ?? fetchManifest(fetchImpl, url, hashes.manifest, init)).then(
        async (response) => {
          const body = response.ok ? ((await response.clone().json().catch(() => null)) as { integrity?: unknown; metaData?: { publicPath?: unknown } } | null) : null;
          const files = body?.integrity;
          const base = filesBase(new URL(url, document.baseURI).href, body?.metaData?.publicPath);
          if (body) onFiles(remoteInfo.name, base);
          if (files && typeof files === 'object') chunkHashes.set(remoteInfo.name, { base, files: files as Record<string, string> });
          else chunkHashes.delete(remoteInfo.name);
          return response;
        },
        async (failure: unknown) => {
          throw (await integrityMismatch(fetchImpl, url, hashes.manifest)) ?? failure;
        },
      );
      return Promise.all([manifest, approvalOf(remoteInfo.name)]).then(([response]) => response);
    },
    // The runtime adds `<script>` tags for an exposed module's chunks beside the entry. Without the
    // chunks' hashes (a manifest from before they were written into it) it may not: those chunks
    // then load through the remote's own webpack runtime, which has them, one round trip later.
    beforePreloadRemote({ preloadOps }) {
      for (let i = preloadOps.length - 1; i >= 0; i--) {
        const name = preloadOps[i].nameOrAlias;
        if (hashesOf(name) && !chunkHashes.has(name)) preloadOps.splice(i, 1);
      }
    },
    // remoteEntry.js failed to load: named when the browser refused it for its hash.
    async loadEntryError({ remoteInfo }) {
      const hashes = hashesOf(remoteInfo.name);
      const mismatch = hashes && (await integrityMismatch(fetchImpl, remoteInfo.entry, hashes.entry));
      if (mismatch) throw mismatch;
      return undefined;
    },
    // The runtime would report a refused manifest as 'Failed to get manifest' (thrown here, after it
    // has forgotten the failed fetch, so a retry fetches again) ...
    async afterLoadManifest({ error }) {
      if (error instanceof IntegrityMismatch) throw error;
    },
    // ... and a chunk its remote's webpack runtime loads as 'Loading chunk … failed'.
    async errorLoadRemote({ error, remote }) {
      const name = (remote as { name?: string } | undefined)?.name;
      const url = /\((?:error|missing): ([^\s)]+)\)/.exec(error instanceof Error ? error.message : '')?.[1];
      const expected = name && url && integrityOf(name) ? chunkHashOf(name, url) : undefined;
      const mismatch = expected && (await integrityMismatch(fetchImpl, url!, expected));
      if (mismatch) throw mismatch;
      return undefined;
    },
    // Every script of a remote with its hash and anonymous CORS (a cross-origin script is only checked so).
    createScript({ url, attrs, remoteInfo, resourceContext }) {
      if (!remoteInfo) return undefined; // not a remote's
      const hashes = hashesOf(remoteInfo.name);
      if (!hashes) return undefined;
      const integrity = scriptHash(remoteInfo.name, hashes, url, resourceContext?.resourceType);
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      script.src = url;
      return script;
    },
  };
}
