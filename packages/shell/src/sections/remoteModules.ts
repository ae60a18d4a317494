// Loads section modules from the remotes named in the runtime config, through the federation
// runtime the host build already carries (no remote URL is in the shell's build).
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { SectionProps } from '@growth-admin/shared-client';
import { getSession } from '@growth-admin/shared-client/core';
import { allowScriptOrigins } from '@growth-admin/shared-client/page-security';
import type { ChosenRelease, RemoteIntegrity, RemoteName, RuntimeConfig } from '../boot/runtimeConfig';
import { integrityPlugin, missingIntegrity } from './integrity';
import { checkSharedClientUsage } from './sharedClientCheck';

type SectionModule = { default: ComponentType<SectionProps> };

let entries: Record<RemoteName, string> | null = null;
let releases: Partial<Record<RemoteName, ChosenRelease>> = {};
let allowedOrigins: string[] | undefined;
/** The registry's hashes per remote (undefined: a plain config, none required). */
let integrity: Partial<Record<RemoteName, RemoteIntegrity>> | undefined;
let pluginRegistered = false;
/**
 * Asks the registry again (the boot's URL), for the given administrator or else the stored session's
 * (the subject a canary sticks to); null where the config is a plain file.
 */
let refreshConfig: ((username?: string) => Promise<RuntimeConfig>) | null = null;
/** Remotes a section of which the administrator has opened on this page: their version stays. */
const opened = new Set<RemoteName>();
/** One registry answer shared by the sections opened within a few seconds of each other, for one administrator. */
let recent: { at: number; username: string | undefined; config: Promise<RuntimeConfig> } | null = null;
const REFRESH_REUSE_MS = 5000;
/** Remotes whose last load failed: the next attempt re-registers them to drop cached failures. */
const stale = new Set<RemoteName>();
const inflight = new Map<string, Promise<ComponentType<SectionProps>>>();
/** Each remote's latest shared-client usage check, which its manifest waits for (integrity.ts). */
const usageChecks = new Map<string, Promise<void>>();

export function registerRemotesFromConfig(config: RuntimeConfig, refresh?: (username?: string) => Promise<RuntimeConfig>): void {
  entries = { ...config.remotes };
  releases = { ...config.releases };
  allowedOrigins = config.allowedOrigins;
  integrity = config.integrity ? { ...config.integrity } : undefined;
  if (!pluginRegistered) {
    registerPlugins([integrityPlugin(integrityOf, undefined, (remote) => usageChecks.get(remote))]);
    pluginRegistered = true;
  }
  refreshConfig = refresh ?? null;
  recent = null;
  opened.clear();
  inflight.clear(); // modules of an earlier registration are not this one's
  stale.clear();
  // A remote on an origin the registry does not allow is never registered (nothing of it is fetched);
  // opening it shows why.
  registerRemotes(
    Object.entries(config.remotes)
      .filter(([, entry]) => onAllowedOrigin(entry))
      .map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/** Whether `url` is on an origin the registry allows (always, where the config names none). */
export function onAllowedOrigin(url: string): boolean {
  return !allowedOrigins || allowedOrigins.includes(new URL(url).origin);
}

/** The hashes `name` loads with; null where the registry requires them and has none. */
export function integrityOf(name: string): RemoteIntegrity | null | undefined {
  if (!integrity) return undefined;
  return integrity[name as RemoteName] ?? null;
}

/** Clears what the federation runtime cached of `name` (entry script, manifest, modules). */
function reRegister(name: RemoteName): void {
  if (!entries || !onAllowedOrigin(entries[name])) return;
  registerRemotes([{ name, entry: entries[name] }], { force: true });
  for (const key of [...inflight.keys()]) if (key.startsWith(`${name}/`)) inflight.delete(key);
}

/** The registry's release this page runs of `name` (failures are reported against it). */
export function releaseOf(name: RemoteName): ChosenRelease | undefined {
  return releases[name];
}

/**
 * Before a remote's first section opens on this page: a promote or rollback made since the page
 * loaded is taken (its new manifest registered), so an open tab follows the registry for every
 * section not loaded yet. A remote with an opened section keeps its version until the next load.
 * Where the registry cannot be asked, the boot's choice stands.
 */
async function takeLatestRelease(name: RemoteName, username = getSession()?.username): Promise<void> {
  if (!refreshConfig || !entries || opened.has(name)) return;
  const now = Date.now();
  if (!recent || now - recent.at > REFRESH_REUSE_MS || recent.username !== username) {
    recent = { at: now, username, config: refreshConfig(username) };
  }
  let latest: RuntimeConfig;
  try {
    latest = await recent.config;
  } catch {
    return;
  }
  const url = latest.remotes[name];
  if (!url || url === entries[name] || opened.has(name)) return;
  entries[name] = url;
  releases[name] = latest.releases[name];
  allowedOrigins = latest.allowedOrigins;
  // Once the registry gave hashes, this page never loads without them.
  if (integrity || latest.integrity) integrity = { ...integrity, [name]: latest.integrity?.[name] };
  if (onAllowedOrigin(url)) allowScriptOrigins([url]);
  reRegister(name);
}

/**
 * At the sign-in click, beside the sign-in request: the registry is asked which releases the
 * administrator signing in (the typed name) gets, and the first section's remote (`first`) is loaded
 * with that answer during the password check, so the sign-in answer finds its code in and run.
 * Measured on the 2-core machine (e2e/perf/measure.mjs): sign-in → four charts ≈ 40 ms sooner (once,
 * with a 200 ms password check, it was slower: it competed with the check). Loaded, not opened: should the
 * sign-in fail, the administrator who then signs in gets their own release (takeLatestRelease).
 */
export function askRegistryForSignIn(username: string, first?: { name: RemoteName; module: string }): void {
  if (refreshConfig) {
    recent = { at: Date.now(), username, config: refreshConfig(username) };
    recent.config.catch(() => undefined); // an unreachable registry leaves the boot's choice (takeLatestRelease)
  }
  if (first) void preloadSection(first.name, first.module, username); // (a plain config: its one choice)
}

/**
 * Loads a section's module (not opened: a later registry choice may still replace it) for `username`
 * or the stored session's administrator; failures stay silent until the section opens.
 */
function preloadSection(name: RemoteName, module: string, username?: string): Promise<unknown> {
  return takeLatestRelease(name, username)
    .then(() => loadSectionComponent(name, module))
    .catch(() => undefined);
}

/** The section component, after taking the registry's latest release of a remote opened for the first time. */
export async function openSectionComponent(name: RemoteName, module: string): Promise<ComponentType<SectionProps>> {
  await takeLatestRelease(name);
  opened.add(name);
  return loadSectionComponent(name, module);
}

/** A one-line reason: federation errors carry doc links and multi-line details. */
export function describeLoadError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err ?? 'unknown error');
  const firstLine = raw.split('\n').map((l) => l.trim()).find(Boolean) ?? raw;
  return firstLine.replace(/^\[\s*Federation Runtime\s*\]:?\s*/i, '').replace(/\s*#[\w-]+$/, '') || 'unknown error';
}

/** Checks the remote against this shell's shared-client, then loads `key` from it. */
async function loadChecked(name: RemoteName, key: string): Promise<ComponentType<SectionProps>> {
  const manifestUrl = entries?.[name];
  if (manifestUrl && !onAllowedOrigin(manifestUrl)) {
    // Only code from where the registry's releases are served runs (a config pointing elsewhere is refused).
    throw new Error(`The ${name} remote's URL ${manifestUrl} is not on an origin the release registry allows`);
  }
  // A release without recorded hashes is not loaded where the registry gives hashes (nothing is fetched).
  if (integrityOf(name) === null) throw missingIntegrity(name);
  const usageChecked = manifestUrl
    ? checkSharedClientUsage(manifestUrl).catch((refused: Error) => {
        throw new Error(`The ${name} remote cannot run on this shell: ${refused.message}`);
      })
    : Promise.resolve();
  // With hashes, the integrity plugin holds the remote's manifest back until this check has passed
  // (nothing of a refused remote runs), so the two fetches go side by side: one round trip less.
  // Without (a plain config), the check comes first.
  if (integrityOf(name)) usageChecks.set(name, usageChecked);
  else await usageChecked;
  const loading = loadRemote<SectionModule>(key);
  loading.catch(() => undefined); // read below, after the check: a refusal is the reason to show
  await usageChecked;
  let mod: SectionModule | null;
  try {
    mod = await loading;
  } catch (err) {
    // Name the remote and where it was looked for: that is what an operator needs to act.
    throw new Error(`The ${name} remote could not be loaded from ${manifestUrl ?? 'its URL'}: ${describeLoadError(err)}`, { cause: err });
  }
  const component = mod?.default;
  if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`${key} does not default-export a component`);
  return component;
}

/** The section component of `<name>/<module>`; a failure rejects and marks the remote for a fresh retry. */
export function loadSectionComponent(name: RemoteName, module: string): Promise<ComponentType<SectionProps>> {
  const key = `${name}/${module}`;
  if (stale.has(name)) {
    stale.delete(name);
    reRegister(name);
  }
  const existing = inflight.get(key);
  if (existing) return existing;
  const promise = loadChecked(name, key);
  inflight.set(key, promise);
  promise.catch(() => {
    inflight.delete(key);
    stale.add(name);
  });
  return promise;
}

/** Warms the given modules when the browser is idle; failures stay silent until the section opens. */
export function preloadWhenIdle(targets: Array<{ name: RemoteName; module: string }>): () => void {
  const idle: (cb: () => void) => number =
    typeof window.requestIdleCallback === 'function'
      ? (cb) => window.requestIdleCallback(cb, { timeout: 3000 })
      : (cb) => window.setTimeout(cb, 300);
  const cancel: (id: number) => void =
    typeof window.cancelIdleCallback === 'function' ? (id) => window.cancelIdleCallback(id) : (id) => window.clearTimeout(id);
  // Through the registry's latest choice, as an opened section: a module preloaded from the boot's
  // config (asked before sign-in, for this browser) would otherwise be the administrator's version
  // only by chance while a canary runs.
  const handles = targets.map((t) => idle(() => void preloadSection(t.name, t.module)));
  return () => handles.forEach(cancel);
}
