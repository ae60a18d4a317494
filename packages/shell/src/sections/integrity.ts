// Subresource Integrity for remotes: a federation runtime plugin that loads each remote's manifest and
// remoteEntry.js with the SRI hashes its release recorded (from the runtime config), so a file altered
// on the store after release does not run. remoteEntry.js carries the sha384 of every chunk it loads
// (webpack-subresource-integrity in the remote's build), so the browser checks those too.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteIntegrity } from '../boot/runtimeConfig';

/**
 * A remote's hashes; `null` where hashes are required but its release recorded none (it is refused);
 * `undefined` where none are required (a plain runtime config, in development).
 */
export type IntegrityOf = (remote: string) => RemoteIntegrity | null | undefined;

export function missingIntegrity(remote: string): Error {
  return new Error(`The ${remote} remote's release records no integrity hashes for its manifest and remoteEntry.js, so it is not loaded`);
}

export function integrityPlugin(integrityOf: IntegrityOf, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): ModuleFederationRuntimePlugin {
  const hashesOf = (remote: string): RemoteIntegrity | undefined => {
    const hashes = integrityOf(remote);
    if (hashes === null) throw missingIntegrity(remote);
    return hashes;
  };
  return {
    name: 'growth-admin:integrity',
    // The manifest, fetched with its hash: a manifest altered on the store is refused by the browser.
    fetch(url, init, remoteInfo) {
      if (!remoteInfo) return undefined;
      const hashes = hashesOf(remoteInfo.name);
      if (!hashes) return undefined;
      return fetchImpl(url, { ...init, integrity: hashes.manifest, mode: 'cors', credentials: 'omit' });
    },
    // The federation runtime would add `<script>` tags for an exposed module's chunks beside the
    // entry (from the manifest), without their hashes: those chunks load through the remote's own
    // webpack runtime instead, which has them. (One round trip more on a section's first open; the
    // shell preloads sections when idle.)
    beforePreloadRemote({ preloadOps }) {
      for (let i = preloadOps.length - 1; i >= 0; i--) if (hashesOf(preloadOps[i].nameOrAlias)) preloadOps.splice(i, 1);
    },
    // remoteEntry.js with its hash and anonymous CORS (a cross-origin script is only checked so).
    createScript({ url, remoteInfo, resourceContext }) {
      if (!remoteInfo) return undefined; // not a remote's
      const hashes = hashesOf(remoteInfo.name);
      if (!hashes) return undefined;
      if (resourceContext && resourceContext.resourceType !== 'remoteEntry') {
        throw new Error(`The ${remoteInfo.name} remote's ${url} is not loaded outside its remoteEntry.js, which carries its hash`);
      }
      const script = document.createElement('script');
      script.crossOrigin = 'anonymous';
      script.integrity = hashes.entry;
      script.src = url;
      return script;
    },
  };
}
