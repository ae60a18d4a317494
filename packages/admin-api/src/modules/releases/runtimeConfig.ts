// The runtime config the shell boots from, answered from the registry: per remote the active
// release, or its canary for the subjects whose stable bucket falls below the canary's share.
import { createHash } from 'node:crypto';
import type { RegistryRuntimeConfig } from '@growth-admin/api-contract';
import { REMOTE_ENTRY_FILE } from '@growth-admin/remotes';
import type { Queryable } from '../../db';
import { ApiError } from '../../http/errors';
import { listRemoteReleases } from './repository';

/**
 * The subject's bucket (0-99) for one remote: the first 32 bits of SHA-256 of `<remote>:<subject>`.
 * Stable (the same administrator lands in the same bucket on every load and every instance), and
 * salted by the remote so two remotes' canaries do not reach the same administrators.
 */
export function bucketOf(remote: string, subject: string): number {
  return createHash('sha256').update(`${remote}:${subject}`).digest().readUInt32BE(0) % 100;
}

/**
 * The hashes the shell loads a release with: its manifest's and its remoteEntry.js's (which carries
 * every chunk's). Only these two, not the release's every file: the config is on the boot path.
 * Null where the release recorded either not (the shell then refuses it).
 */
export function entryHashes(manifestUrl: string, files: Record<string, string>): { manifest: string; entry: string } | null {
  const manifestFile = new URL(manifestUrl).pathname.split('/').pop() ?? '';
  const manifest = files[manifestFile];
  const entry = files[REMOTE_ENTRY_FILE];
  return manifest && entry ? { manifest, entry } : null;
}

export async function runtimeConfigFor(
  q: Queryable,
  base: { apiBaseUrl: string; signingKey: string; directImageHosts: string[] },
  subject: string | undefined,
  releaseOrigins: string[] = [],
): Promise<RegistryRuntimeConfig> {
  const remotes: Record<string, string> = {};
  const releases: RegistryRuntimeConfig['releases'] = {};
  const integrity: RegistryRuntimeConfig['integrity'] = {};
  const origins = new Set<string>();
  for (const { remote, active, canary } of await listRemoteReleases(q)) {
    if (!active) throw new ApiError(503, 'REGISTRY_EMPTY', `The remote "${remote}" has no active release yet: release it first`);
    const chosen = canary && subject !== undefined && bucketOf(remote, subject) < canary.canaryPercent! ? canary : active;
    remotes[remote] = chosen.manifestUrl;
    releases[remote] = { id: chosen.id, version: chosen.version, canary: chosen === canary };
    const hashes = entryHashes(chosen.manifestUrl, chosen.files);
    if (hashes) integrity[remote] = hashes;
    for (const live of [active, canary]) if (live) origins.add(new URL(live.manifestUrl).origin);
  }
  // The origins the shell may load remotes from: those releases are served from when configured,
  // else those of the live releases.
  return { ...base, remotes, releases, integrity, allowedOrigins: (releaseOrigins.length ? [...releaseOrigins] : [...origins]).sort() };
}
