// The composition: what one administrator's shell shows, resolved from the registry alone (the shell
// compiles in no remote). Pure: the registry's remotes with their releases, the administrator's role
// and canary subject in; the sidebar, routes and slot contributions, and the remotes to load with
// their releases, integrity and allowed origins, out.
import { createHash } from 'node:crypto';
import { REMOTE_FILES, type Composition, type RemoteMeta } from '@growth-admin/api-contract/remote-meta';
import type { RegistryRuntimeConfig } from '@growth-admin/api-contract/releases';
import { ROLES, roleAllows, type Role } from '@growth-admin/api-contract/route';
import { firstFilesOf } from './firstLoad';
import type { OverrideInEffect } from './overrides';
import type { ComposableRelease, RegistryEntry } from './repository';

/**
 * The subject's bucket (0-99) for one remote: the first 32 bits of SHA-256 of `<remote>:<subject>`.
 * Stable (the same administrator lands in the same bucket on every load and every instance), and
 * salted by the remote so two remotes' canaries do not reach the same administrators.
 */
export function bucketOf(remote: string, subject: string): number {
  return createHash('sha256').update(`${remote}:${subject}`).digest().readUInt32BE(0) % 100;
}

/** An administrator's canary subject (their bucket per remote is bucketOf(remote, subjectOf(username))). */
export const subjectOf = (username: string) => `admin:${username}`;

/**
 * The hashes the shell loads a release with: its manifest's and its remoteEntry.js's (which carries
 * every chunk's). Only these two, not the release's every file: the config is on the boot path.
 * Null where the release recorded either not (the shell then refuses it).
 */
export function entryHashes(manifestUrl: string, files: Record<string, string>): { manifest: string; entry: string } | null {
  const manifestFile = new URL(manifestUrl).pathname.split('/').pop() ?? '';
  const manifest = files[manifestFile];
  const entry = files[REMOTE_FILES.entry];
  return manifest && entry ? { manifest, entry } : null;
}

/** The release `subject` gets: the canary when their bucket falls below its share, else the active one. */
export function chosenRelease(entry: RegistryEntry, subject: string): ComposableRelease | null {
  const { canary, active } = entry;
  return canary && bucketOf(entry.name, subject) < canary.canaryPercent! ? canary : active;
}

/** A release's metadata, or null when it recorded none (a release of an earlier registry). */
const metaOf = (r: ComposableRelease | null): RemoteMeta | null => (r && Array.isArray((r.meta as RemoteMeta).sections) ? (r.meta as RemoteMeta) : null);

/** A preview release a session entered, with its label. */
export type PreviewRelease = ComposableRelease & { previewLabel: string };

export type Resolved = Pick<RegistryRuntimeConfig, 'remotes' | 'releases' | 'integrity' | 'allowedOrigins' | 'composition'>;

export const EMPTY_COMPOSITION: Composition = { sections: [], slots: {}, removedSections: [] };

const byOrder = <T extends { order: number }>(key: (x: T) => string) => (a: T, b: T) => a.order - b.order || key(a).localeCompare(key(b));

/**
 * The composition of `role` / `subject`: every live remote's chosen release's sections and slot
 * contributions whose least role they have, in order (then by path / remote); a path two remotes
 * claim goes to the first in that order (the gate refuses the second, this only guards old data).
 * Only the remotes with something visible are loaded. `previews`: the releases a session's entered
 * previews serve (remote → preview release), in place of the chosen release, the same role rule.
 * `overrides`: the session's development overrides (remote → override), in place of both: the
 * remote's code from the override's manifest URL with no release and no integrity (so nothing is
 * measured against it and the shell loads it unchecked, visibly), its origin allowed, and the
 * override's metadata (else the chosen release's), the same role rule. `removedSections`: the sections of
 * decommissioned remotes (the release they ended on) whose path no live remote owns now.
 * allowedOrigins: `releaseOrigins` plus each composed remote's registered origin when releases
 * origins are configured, else the origins of the composed remotes' live releases.
 */
export function resolveComposition(
  registry: RegistryEntry[],
  role: Role,
  subject: string,
  releaseOrigins: string[] = [],
  previews: ReadonlyMap<string, PreviewRelease> = new Map(),
  overrides: ReadonlyMap<string, OverrideInEffect> = new Map(),
): Resolved {
  const out: Resolved = { remotes: {}, releases: {}, integrity: {}, allowedOrigins: [], composition: { sections: [], slots: {}, removedSections: [] } };
  const origins = new Set<string>(releaseOrigins);
  const ownedPaths = new Set<string>();
  const sections: Composition['sections'] = [];
  for (const entry of registry) {
    if (!entry.live) continue;
    // A development override takes the remote's place; else a preview the session entered (never a
    // canary); else the chosen release.
    const override = overrides.get(entry.name) ?? null;
    const preview = override ? null : (previews.get(entry.name) ?? null);
    const chosen = preview ?? chosenRelease(entry, subject);
    const meta = override?.meta ?? metaOf(chosen);
    if (!meta || (!chosen && !override)) continue;
    for (const s of meta.sections) ownedPaths.add(s.path);
    const visible = meta.sections.filter((s) => roleAllows(role, s.leastRole));
    const contributions = meta.contributions.filter((c) => roleAllows(role, c.leastRole));
    if (!visible.length && !contributions.length) continue;
    for (const s of visible) {
      sections.push({
        path: s.path,
        label: s.label,
        icon: s.icon,
        remote: entry.name,
        module: s.module,
        order: s.order,
        ...(s.prefetch !== undefined ? { prefetch: s.prefetch } : {}),
        ...(s.itemLabel !== undefined ? { itemLabel: s.itemLabel } : {}),
      });
    }
    for (const c of contributions) {
      (out.composition.slots[c.slot] ??= []).push({ remote: entry.name, module: c.module, order: c.order, ...(c.label !== undefined ? { label: c.label } : {}) });
    }
    if (override) {
      out.remotes[entry.name] = override.manifestUrl;
      origins.add(override.origin);
      continue;
    }
    if (!chosen) continue;
    out.remotes[entry.name] = chosen.manifestUrl;
    out.releases[entry.name] = preview
      ? { id: chosen.id, version: chosen.version, canary: false, preview: preview.previewLabel }
      : { id: chosen.id, version: chosen.version, canary: chosen === entry.canary };
    const hashes = entryHashes(chosen.manifestUrl, chosen.files);
    if (hashes) out.integrity[entry.name] = hashes;
    if (releaseOrigins.length) origins.add(entry.origin);
    else for (const r of [entry.active, entry.canary, preview]) if (r) origins.add(new URL(r.manifestUrl).origin);
  }
  const seen = new Set<string>();
  out.composition.sections = sections.sort(byOrder((s) => `${s.path}\u0000${s.remote}`)).filter((s) => !seen.has(s.path) && seen.add(s.path));
  for (const list of Object.values(out.composition.slots)) list.sort(byOrder((c) => `${c.remote}\u0000${c.module}`));
  const removed = new Map<string, string>();
  for (const entry of registry) {
    if (entry.live) continue;
    for (const s of metaOf(entry.active)?.sections ?? []) if (!ownedPaths.has(s.path) && !removed.has(s.path)) removed.set(s.path, s.label);
  }
  out.composition.removedSections = [...removed].map(([path, label]) => ({ path, label })).sort((a, b) => a.path.localeCompare(b.path));
  out.allowedOrigins = [...origins].sort();
  return out;
}

/**
 * What the login screen may fetch before anyone signs in: the landing section's remote (the first
 * section every role opens on) at its stable release, with the hashes it loads with and the files its
 * module loads first (remoteEntry.js and the module's chunks, as the release recorded them when it was
 * registered). Resolved as if no remote had a canary, so an anonymous answer names no canary and no
 * cohort; absent (undefined) where the roles' first sections differ (it would say what one role sees)
 * or the release recorded no hashes or no first load. What it tells an anonymous visitor (a remote's
 * name, module, version in its URL, files and hashes) is what the remote's public origin serves to
 * anyone who asks.
 */
export function landingOf(registry: RegistryEntry[], releaseOrigins: string[] = []): RegistryRuntimeConfig['landing'] {
  const stable = registry.map((entry) => ({ ...entry, canary: null }));
  const [least, ...others] = ROLES.map((role) => resolveComposition(stable, role, '', releaseOrigins));
  const section = least.composition.sections[0];
  const same = (r: Resolved) => r.composition.sections[0]?.remote === section.remote && r.composition.sections[0].module === section.module;
  if (!section || !others.every(same)) return undefined;
  const integrity = least.integrity[section.remote];
  const release = stable.find((entry) => entry.name === section.remote)?.active;
  const files = integrity && release ? firstFilesOf(release.firstLoad, release.files, section.module, integrity.entry) : null;
  return integrity && files ? { remote: section.remote, module: section.module, manifestUrl: least.remotes[section.remote], integrity, files } : undefined;
}
