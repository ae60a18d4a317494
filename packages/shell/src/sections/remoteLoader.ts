// Loads the modules of the remotes in an administrator's composition (sections and slot
// contributions) through the federation runtime the shell's build carries; no remote URL is in the
// build. One loader per page, made from one runtime config: `start` initialises the runtime once with
// every remote the administrator may load (a remote registered after that could tear the share
// scope), and each load runs through the origin rule, the shared-client check and integrity.
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { allowScriptOrigins } from '@growth-admin/shared-client/page-security';
import type { ChosenRelease, RemoteIntegrity, RuntimeConfig } from '../boot/runtimeConfig';
import { integrityPlugin, missingIntegrity } from './integrity';
import { checkSharedClientUsage } from './sharedClientCheck';
import { whenIdle } from './whenIdle';

/** The federation runtime's calls the loader makes: tests give their own. */
export interface FederationRuntime {
  registerPlugins: typeof registerPlugins;
  registerRemotes: typeof registerRemotes;
  loadRemote: typeof loadRemote;
}

const federation: FederationRuntime = { registerPlugins, registerRemotes, loadRemote };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a section's or a slot contribution's props
type AnyComponent = ComponentType<any>;

/** A one-line reason: federation errors carry doc links and multi-line details. */
export function describeLoadError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err ?? 'unknown error');
  const firstLine = raw.split('\n').map((l) => l.trim()).find(Boolean) ?? raw;
  return firstLine.replace(/^\[\s*Federation Runtime\s*\]:?\s*/i, '').replace(/\s*#[\w-]+$/, '') || 'unknown error';
}

/** `./Orders` (the composition's) → `Orders` (the federation key's). */
const moduleName = (module: string) => module.replace(/^\.\//, '');

export class RemoteLoader {
  /** In-flight and settled loads per `<remote>/<module>`; a failed one is dropped (the next try is fresh). */
  private readonly loads = new Map<string, Promise<AnyComponent>>();
  /** Remotes whose last load failed: the next attempt re-registers them to drop cached failures. */
  private readonly stale = new Set<string>();
  /** Each remote's shared-client usage check, which the integrity plugin holds its manifest back for. */
  private readonly usageChecks = new Map<string, Promise<void>>();
  /** Where each remote's files are, as its (verified) manifest says (the release store's shared files/). */
  private readonly filesBases = new Map<string, string>();
  private started = false;

  constructor(
    readonly config: RuntimeConfig,
    private readonly runtime: FederationRuntime = federation,
  ) {}

  /** Initialises the federation runtime with every remote of the config (once). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.runtime.registerPlugins([
      integrityPlugin(
        (name) => this.integrityOf(name),
        undefined,
        (name) => this.usageChecks.get(name),
        (name, base) => this.filesBases.set(name, base),
      ),
    ]);
    // A remote on an origin the registry does not allow is never registered (nothing of it is fetched); opening it says why.
    const allowed = Object.entries(this.config.remotes).filter(([, entry]) => this.onAllowedOrigin(entry));
    // The Trusted Types policy lets script load from these origins only (the page's CSP says the same).
    allowScriptOrigins(allowed.map(([, entry]) => entry));
    this.runtime.registerRemotes(allowed.map(([name, entry]) => ({ name, entry })), { force: true });
  }

  /** Whether `url` is on an origin the registry allows (always, where the config names none). */
  onAllowedOrigin(url: string): boolean {
    return !this.config.allowedOrigins || this.config.allowedOrigins.includes(new URL(url).origin);
  }

  /** The hashes `name` loads with; null where the registry requires them and has none. */
  integrityOf(name: string): RemoteIntegrity | null | undefined {
    if (!this.config.integrity) return undefined;
    return this.config.integrity[name] ?? null;
  }

  /** Where `name`'s files are, once its manifest was read (errors of its code are attributed by it). */
  filesOf(name: string): string | undefined {
    return this.filesBases.get(name);
  }

  /** The registry's release this page runs of `name` (failures are reported against it). */
  releaseOf(name: string): ChosenRelease | undefined {
    return this.config.releases[name];
  }

  /** The component `<remote>/<module>` default-exports; a failure rejects and marks the remote for a fresh retry. */
  load(remote: string, module: string): Promise<AnyComponent> {
    const key = `${remote}/${moduleName(module)}`;
    if (this.stale.delete(remote)) this.reRegister(remote);
    const existing = this.loads.get(key);
    if (existing) return existing;
    const promise = this.loadChecked(remote, key);
    this.loads.set(key, promise);
    promise.catch(() => {
      this.loads.delete(key);
      this.stale.add(remote);
    });
    return promise;
  }

  /** Starts loading a module ahead of its use; a failure stays silent until it is opened. */
  readonly warm = (target: { remote: string; module: string }): void => {
    void this.load(target.remote, target.module).catch(() => undefined);
  };

  /** Warms the given modules when the browser is idle. */
  preloadWhenIdle(targets: Array<{ remote: string; module: string }>): () => void {
    const cancels = targets.map((t) => whenIdle(() => this.warm(t), 3000));
    return () => cancels.forEach((cancel) => cancel());
  }

  /** Clears what the federation runtime cached of `name` (entry script, manifest, modules). */
  private reRegister(name: string): void {
    const entry = this.config.remotes[name];
    if (!entry || !this.onAllowedOrigin(entry)) return;
    this.runtime.registerRemotes([{ name, entry }], { force: true });
    for (const key of [...this.loads.keys()]) if (key.startsWith(`${name}/`)) this.loads.delete(key);
  }

  /** Checks the remote against this shell's shared-client, then loads `key` from it. */
  private async loadChecked(name: string, key: string): Promise<AnyComponent> {
    const manifestUrl = this.config.remotes[name];
    if (!manifestUrl) throw new Error(`No remote named ${name} is in this administrator's composition`);
    // Only code from where the registry's releases are served runs (a config pointing elsewhere is refused).
    if (!this.onAllowedOrigin(manifestUrl)) throw new Error(`The ${name} remote's URL ${manifestUrl} is not on an origin the release registry allows`);
    // A release without recorded hashes is not loaded where the registry gives hashes (nothing is fetched).
    if (this.integrityOf(name) === null) throw missingIntegrity(name);
    const usageChecked = checkSharedClientUsage(manifestUrl).catch((refused: Error) => {
      throw new Error(`The ${name} remote cannot run on this shell: ${refused.message}`);
    });
    // With hashes, the integrity plugin holds the remote's manifest back until this check has passed
    // (nothing of a refused remote runs), so the two fetches go side by side: one round trip less.
    // Without (a plain config), the check comes first.
    if (this.integrityOf(name)) this.usageChecks.set(name, usageChecked);
    else await usageChecked;
    const loading = this.runtime.loadRemote<{ default?: AnyComponent }>(key);
    loading.catch(() => undefined); // read below, after the check: a refusal is the reason to show
    await usageChecked;
    let mod: { default?: AnyComponent } | null;
    try {
      mod = await loading;
    } catch (err) {
      // Name the remote and where it was looked for: that is what an operator needs to act.
      throw new Error(`The ${name} remote could not be loaded from ${manifestUrl}: ${describeLoadError(err)}`, { cause: err });
    }
    const component = mod?.default;
    if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`${key} does not default-export a component`);
    return component as AnyComponent;
  }
}
