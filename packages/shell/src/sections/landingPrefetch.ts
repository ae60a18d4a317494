// The landing section's remote, fetched into the browser's HTTP cache while the login form is shown:
// its manifest, its remoteEntry.js and the files its exposed module needs first, all at once, at low
// priority and each with its hash, as the same requests the federation runtime makes after sign-in
// (the manifest through integrity.ts's fetchManifest, the scripts as `crossorigin="anonymous"` asks),
// so those find them in the cache instead of waiting ~1 s for them on a phone's network. Which remote,
// release and files: the anonymous runtime config's `landing`, the stable release every role opens on,
// with the files its module loads first as the registry recorded them from its manifest (so nothing
// waits for the manifest to learn their names; an administrator the registry gives a canary simply
// misses the cache). Nothing runs: the bytes are only stored; the remote's code runs after sign-in,
// through the loader's checks, as always.
import type { LandingRelease } from '../boot/runtimeConfig';
import { fetchManifest } from './integrity';

/** The User Timing mark the page sets once every file is in the cache (its `detail`: their URLs). */
export const LANDING_PREFETCHED = 'growth-admin:landing-prefetched';

/** Reads a response to its end (the whole body is what the cache keeps); rejects on an HTTP error. */
async function stored(url: string, response: Promise<Response>): Promise<void> {
  const file = await response;
  if (!file.ok) throw new Error(`${url} answered HTTP ${file.status}`);
  await file.arrayBuffer();
}

/**
 * Fetches the landing remote's manifest and first files into the cache, all at once; resolves with
 * their URLs (the manifest first), having set the LANDING_PREFETCHED mark. Rejects on the first
 * failure (the load after sign-in fetches as it always did).
 */
export async function prefetchLanding(landing: LandingRelease, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<string[]> {
  await Promise.all([
    stored(landing.manifestUrl, fetchManifest(fetchImpl, landing.manifestUrl, landing.integrity.manifest, { priority: 'low' })),
    // A script's `crossorigin="anonymous"` is credentials 'same-origin': the same cache entry.
    ...landing.files.map(({ url, integrity }) => stored(url, fetchImpl(url, { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity }))),
  ]);
  const urls = [landing.manifestUrl, ...landing.files.map((f) => f.url)];
  performance.mark(LANDING_PREFETCHED, { detail: urls });
  return urls;
}
