// Loads the modules of the remotes in an administrator's composition (sections and slot
// contributions) through the federation runtime the shell's build carries; no remote URL is in the
// build. One loader per page, made from one runtime config: `start` initialises the runtime once with
// every remote the administrator may load (a remote registered after that could tear the share
// scope), and each load runs through the origin rule, the shared-client check and integrity.
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes, registerShared } from '@module-federation/enhanced/runtime';
import { allowScriptOrigins } from '@growth-admin/shared-client/page-security';
import type { ChosenRelease, RemoteIntegrity, RemoteOverride, RuntimeConfig } from '../boot/runtimeConfig';
import { fetchManifest, integrityPlugin, missingIntegrity } from './integrity';
import { checkSharedClientUsage } from './sharedClientCheck';
import { whenIdle } from './whenIdle';

/** The federation runtime's calls the loader makes: tests give their own. */
export interface FederationRuntime {
  registerPlugins: typeof registerPlugins;
  registerRemotes: typeof registerRemotes;
  registerShared: typeof registerShared;
  loadRemote: typeof loadRemote;
}

const federation: FederationRuntime = { registerPlugins, registerRemotes, registerShared, loadRemote };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a section's or a slot contribution's props
type AnyComponent = ComponentType<any>;

/** A one-line reason: federation errors carry doc links and multi-line details. */
export function describeLoadError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err ?? 'unknown error');
  const firstLine = raw.split('\n').map((l) => l.trim()).find(Boolean) ?? raw;
  return firstLine.replace(/^\[\s*Federation Runtime\s*\]:?\s*/i, '').replace(/\s*#[\w-]+$/, '') || 'unknown error';
}

/**
 * A runtime config that is not the release registry's (a plain runtime-config.json: no hashes, no
 * allowed origins) is a development path: a development build loads its remotes without integrity
 * and says so loudly in the console; a production build refuses them as it refuses a release
 * without hashes. The one way a production shell loads a remote is the registry's, with integrity.
 */
export const UNVERIFIED_REMOTES_ALLOWED = process.env.NODE_ENV !== 'production';

export const UNVERIFIED_REMOTES_WARNING =
  "[Growth Admin] DEVELOPMENT ONLY: this page's runtime config is not the release registry's. Its remotes load with no integrity hash checked and from any origin, and every section shows to every role. A production build refuses them: serve the shell with the registry's config (GET /api/runtime-config; docs/architecture.md).";

/**
 * Before a developer's override loads (override/loading.ts, a chunk of its own): whether this page's
 * CSP admits its origin and the gate's rules on its build, then the JSX runtime a development build
 * takes from the shell (so it never downloads a React of its own).
 */
async function overrideReady(override: RemoteOverride, config: RuntimeConfig, runtime: FederationRuntime): Promise<void> {
  const loading = await import(/* webpackChunkName: "override" */ '../override/loading');
  await loading.overrideReady(override, config);
  runtime.registerShared(loading.JSX_DEV_RUNTIME_SHARE); // (the first registration stays)
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
  /** Manifest requests started by `load` ahead of the runtime, by URL, until its plugin takes them. */
  private readonly startedManifests = new Map<string, Promise<Response>>();
  private started = false;

  constructor(
    /** The runtime config this page runs: the one it started with, until `switchConfig`. */
    public config: RuntimeConfig,
    private readonly runtime: FederationRuntime = federation,
  ) {}

  /**
   * Puts the page on `next` without a reload, the remotes `changed` registered again from it (their
   * modules and checks dropped): the preview banner's exit (preview/switchConfig.ts decides which).
   */
  switchConfig(next: RuntimeConfig, changed: string[]): void {
    this.config = next;
    changed.forEach((name) => this.reRegister(name));
  }

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
        (url) => {
          const started = this.startedManifests.get(url);
          this.startedManifests.delete(url);
          return started;
        },
      ),
    ]);
    // A remote on an origin the registry does not allow is never registered (nothing of it is fetched); opening it says why.
    const allowed = Object.entries(this.config.remotes).filter(([, entry]) => this.onAllowedOrigin(entry));
    // The Trusted Types policy lets script load from these origins only (the page's CSP says the same).
    allowScriptOrigins(allowed.map(([, entry]) => entry));
    this.runtime.registerRemotes(allowed.map(([name, entry]) => ({ name, entry })), { force: true });
    if (UNVERIFIED_REMOTES_ALLOWED && !this.config.integrity && allowed.length) console.warn(UNVERIFIED_REMOTES_WARNING);
  }

  /** Whether `url` is on an origin the registry allows (always, where the config names none). */
  onAllowedOrigin(url: string): boolean {
    return !this.config.allowedOrigins || this.config.allowedOrigins.includes(new URL(url).origin);
  }

  /** The hashes `name` loads with; null where it may not load without and has none; undefined: unchecked (development, or an override: exempt, and listed). */
  integrityOf(name: string): RemoteIntegrity | null | undefined {
    if (this.overrideOf(name)) return undefined;
    if (!this.config.integrity) return UNVERIFIED_REMOTES_ALLOWED ? undefined : null;
    return this.config.integrity[name] ?? null;
  }

  /** This session's development override of `name`, if it has one. */
  overrideOf(name: string): RemoteOverride | undefined {
    return this.config.overrides?.find((o) => o.remote === name);
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

  /**
   * Clears what the federation runtime cached of `name` (entry script, manifest, modules) and the
   * modules loaded from it, and registers its entry now (its checks are made again on its next load).
   */
  private reRegister(name: string): void {
    for (const key of [...this.loads.keys()]) if (key.startsWith(`${name}/`)) this.loads.delete(key);
    const entry = this.config.remotes[name];
    if (entry) this.startedManifests.delete(entry); // one the runtime never took belongs to the failed try
    if (!entry || !this.onAllowedOrigin(entry)) return;
    this.runtime.registerRemotes([{ name, entry }], { force: true });
  }

  /** Checks the remote against this shell's shared-client, then loads `key` from it. */
  private async loadChecked(name: string, key: string): Promise<AnyComponent> {
    const manifestUrl = this.config.remotes[name];
    if (!manifestUrl) throw new Error(`No remote named ${name} is in this administrator's composition`);
    // Only code from where the registry's releases are served runs (a config pointing elsewhere is refused).
    if (!this.onAllowedOrigin(manifestUrl)) throw new Error(`The ${name} remote's URL ${manifestUrl} is not on an origin the release registry allows`);
    // A remote without hashes is not loaded where they are required (nothing is fetched).
    if (this.integrityOf(name) === null) throw missingIntegrity(name);
    const override = this.overrideOf(name);
    if (override) await overrideReady(override, this.config, this.runtime);
    const usageChecked = checkSharedClientUsage(manifestUrl).catch((refused: Error) => {
      throw new Error(`The ${name} remote cannot run on this shell: ${refused.message}`);
    });
    // With hashes, the integrity plugin holds the remote's manifest back until this check has passed
    // (nothing of a refused remote runs), so the two fetches go side by side: one round trip less.
    // Without (a plain config, development only), the check comes first.
    const hashes = this.integrityOf(name);
    if (UNVERIFIED_REMOTES_ALLOWED && !hashes) await usageChecked;
    else this.usageChecks.set(name, usageChecked);
    // The runtime asks for the manifest only after several asynchronous steps, which a render begun
    // beside this load (the layout's, at sign-in) holds back by a few hundred ms: its request starts
    // now (the first time; the runtime keeps a manifest it read), and the plugin takes it.
    if (hashes && !this.filesBases.has(name) && !this.startedManifests.has(manifestUrl)) {
      const started = fetchManifest((...args) => globalThis.fetch(...args), manifestUrl, hashes.manifest);
      started.catch(() => undefined); // the plugin reports a failure, as for its own request
      this.startedManifests.set(manifestUrl, started);
    }
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
