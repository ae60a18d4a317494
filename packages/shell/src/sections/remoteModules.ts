// Loads section modules from the remotes named in the runtime config, through the federation
// runtime the host build already carries (no remote URL is in the shell's build).
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { SectionProps } from '@growth-admin/shared-client';
import type { RemoteName, RuntimeConfig } from '../boot/runtimeConfig';
import { checkSharedClientUsage } from './sharedClientCheck';

type SectionModule = { default: ComponentType<SectionProps> };

let entries: Record<RemoteName, string> | null = null;
/** Remotes whose last load failed: the next attempt re-registers them to drop cached failures. */
const stale = new Set<RemoteName>();
const inflight = new Map<string, Promise<ComponentType<SectionProps>>>();

export function registerRemotesFromConfig(config: RuntimeConfig): void {
  entries = config.remotes;
  registerRemotes(
    Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/** Clears what the federation runtime cached of `name` (entry script, manifest, modules). */
function reRegister(name: RemoteName): void {
  if (!entries) return;
  registerRemotes([{ name, entry: entries[name] }], { force: true });
  for (const key of [...inflight.keys()]) if (key.startsWith(`${name}/`)) inflight.delete(key);
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
  if (manifestUrl) {
    try {
      await checkSharedClientUsage(manifestUrl);
    } catch (refused) {
      throw new Error(`The ${name} remote cannot run on this shell: ${(refused as Error).message}`);
    }
  }
  let mod: SectionModule | null;
  try {
    mod = await loadRemote<SectionModule>(key);
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
  const handles = targets.map((t) => idle(() => void loadSectionComponent(t.name, t.module).catch(() => undefined)));
  return () => handles.forEach(cancel);
}
