// What happens before a developer's override loads, once per page and remote: the ticket is kept for
// the next page (its CSP must admit the override's origin); a page whose CSP does not admit it yet is
// loaded again once (it was served before the ticket, or with an expired one); then the gate's rules
// run on the build (buildCheck.ts). The banner shows each remote's outcome (useOverrideCheck).
import { useSyncExternalStore } from 'react';
import type { RemoteOverride, RuntimeConfig } from '../boot/runtimeConfig';
import { buildProblems } from './buildCheck';
import { keepOverrideTicket, pageAdmittedOrigins } from './ticket';

export type OverrideCheck =
  | { state: 'checking' }
  | { state: 'checked'; problems: string[] }
  /** This page's CSP does not admit the origin even after a fresh load: its server checks no ticket. */
  | { state: 'not-admitted' };

/** Set while the page reloads for its ticket: a second page without the origin admitted does not reload again. */
const RELOADED_KEY = 'growth-admin.override-reload';

const ready = new Map<string, Promise<void>>();
const outcomes = new Map<string, OverrideCheck>();
const listeners = new Set<() => void>();

function record(remote: string, check: OverrideCheck) {
  outcomes.set(remote, check);
  for (const l of listeners) l();
}

export function notAdmittedReason(override: RemoteOverride): string {
  return `this page does not admit ${override.origin}: its server checks no override ticket, so ${override.remote} cannot load from there (docs/security.md)`;
}

async function check(override: RemoteOverride, config: RuntimeConfig, reload: () => void): Promise<void> {
  if (config.overrideTicket) keepOverrideTicket(config.overrideTicket);
  if (!pageAdmittedOrigins().includes(override.origin)) {
    if (!sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, override.origin);
      reload();
      return new Promise<void>(() => undefined); // the page goes
    }
    sessionStorage.removeItem(RELOADED_KEY); // a later load tries once more
    record(override.remote, { state: 'not-admitted' });
    throw new Error(`The ${override.remote} override cannot load: ${notAdmittedReason(override)}`);
  }
  sessionStorage.removeItem(RELOADED_KEY);
  record(override.remote, { state: 'checking' });
  const problems = await buildProblems(override.remote, override.manifestUrl, config.composition);
  record(override.remote, { state: 'checked', problems });
}

/** Resolves when `override` may load (problems shown, not enforced); rejects when this page cannot admit it. */
export function overrideReady(override: RemoteOverride, config: RuntimeConfig, reload = () => window.location.reload()): Promise<void> {
  let promise = ready.get(override.remote);
  if (!promise) {
    promise = check(override, config, reload);
    ready.set(override.remote, promise);
  }
  return promise;
}

/** The outcome of `remote`'s check so far (re-rendered as it changes). */
export function useOverrideCheck(remote: string): OverrideCheck {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outcomes.get(remote) ?? CHECKING,
  );
}
const CHECKING: OverrideCheck = { state: 'checking' };

/** Tests: forget every check. */
export function resetOverrideChecks(): void {
  ready.clear();
  outcomes.clear();
}
