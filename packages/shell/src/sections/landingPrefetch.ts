// The landing section's remote, fetched into the browser's HTTP cache while the login form is shown:
// its manifest, its remoteEntry.js and the files its exposed module needs first, at low priority and
// each with its hash, as the same requests the federation runtime makes after sign-in (the manifest
// through integrity.ts's fetchManifest, the scripts as `crossorigin="anonymous"` asks), so those
// find them in the cache instead of waiting ~1 s for them on a phone's network. Which remote and
// release: the anonymous runtime config's `landing`, the stable release every role opens on (an
// administrator the registry gives a canary simply misses the cache). Nothing runs: the bytes are only
// stored; the remote's code runs after sign-in, through the loader's checks, as always.
import type { LandingRelease } from '../boot/runtimeConfig';
import { fetchManifest, filesBase } from './integrity';

/** The User Timing mark the page sets once every file is in the cache (its `detail`: their URLs). */
export const LANDING_PREFETCHED = 'growth-admin:landing-prefetched';

/** What the prefetch reads of a remote's mf-manifest.json. */
interface Manifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown } } }>;
  integrity?: Record<string, unknown>;
}

/** remoteEntry.js's place below the files' folder, as the federation runtime joins it. */
function entryFile(remoteEntry: { name?: unknown; path?: unknown } | undefined): string | null {
  if (typeof remoteEntry?.name !== 'string' || !remoteEntry.name) return null;
  const path = typeof remoteEntry.path === 'string' ? remoteEntry.path.replace(/^\.?\/+/, '').replace(/\/+$/, '') : '';
  return path ? `${path}/${remoteEntry.name}` : remoteEntry.name;
}

/**
 * Fetches the landing remote's files into the cache; resolves with their URLs (the manifest first),
 * having set the LANDING_PREFETCHED mark. Only files with a hash are fetched (the manifest's and the
 * entry's from the registry, the chunks' from the verified manifest): what the loader would refuse,
 * nobody fetches. Rejects on the first failure (the load after sign-in fetches as it always did).
 */
export async function prefetchLanding(landing: LandingRelease, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<string[]> {
  const low = { mode: 'cors', priority: 'low' } as const;
  const response = await fetchManifest(fetchImpl, landing.manifestUrl, landing.integrity.manifest, { priority: 'low' });
  if (!response.ok) throw new Error(`${landing.manifestUrl} answered HTTP ${response.status}`);
  const manifest = (await response.json()) as Manifest;
  const base = filesBase(landing.manifestUrl, manifest.metaData?.publicPath);
  const hashes = manifest.integrity ?? {};
  const exposed = manifest.exposes?.find((e) => e.path === landing.module)?.assets?.js?.sync;
  const chunks = (Array.isArray(exposed) ? exposed : []).filter((file): file is string => typeof file === 'string' && typeof hashes[file] === 'string');
  const entry = entryFile(manifest.metaData?.remoteEntry);
  const files: Array<[url: string, integrity: string]> = [
    ...(entry ? [[new URL(entry, base).href, landing.integrity.entry] as [string, string]] : []),
    ...chunks.map((file): [string, string] => [new URL(file, base).href, hashes[file] as string]),
  ];
  await Promise.all(
    files.map(async ([url, integrity]) => {
      // A script's `crossorigin="anonymous"` is credentials 'same-origin': the same cache entry.
      const file = await fetchImpl(url, { ...low, credentials: 'same-origin', integrity });
      if (!file.ok) throw new Error(`${url} answered HTTP ${file.status}`);
      await file.arrayBuffer(); // read to its end: the whole body is what the cache keeps
    }),
  );
  const urls = [landing.manifestUrl, ...files.map(([url]) => url)];
  performance.mark(LANDING_PREFETCHED, { detail: urls });
  return urls;
}
