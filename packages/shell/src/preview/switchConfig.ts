// Puts a page on another runtime config without a reload, when that is safe: leaving a preview
// brings its remote back to the chosen release, and what is typed in other sections stays. A
// remote whose manifest changed is registered again; its build's chunk list is cleared first: the
// new build's runtime would otherwise take the modules the old build loaded under the same ids
// (every build names that list `webpackChunk<name>`: tools/federation/build.mjs sets uniqueName to
// the remote's name).
import { allowScriptOrigins } from '@growth-admin/shared-client/page-security';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import type { RemoteLoader } from '../sections/remoteLoader';

/**
 * False, changing nothing, when `next` names a remote the page did not start with: registering one
 * after the federation runtime's initialisation can tear the share scope (the caller reloads).
 */
export function switchConfig(loader: RemoteLoader, next: RuntimeConfig): boolean {
  const before = loader.config.remotes;
  const names = Object.keys(next.remotes);
  if (names.some((name) => !Object.hasOwn(before, name))) return false;
  const changed = names.filter((name) => next.remotes[name] !== before[name]);
  for (const name of changed) delete (globalThis as Record<string, unknown>)[`webpackChunk${name}`];
  // The Trusted Types policy lets script load from the new entries' origins (the page's CSP allows every release origin).
  allowScriptOrigins(changed.map((name) => next.remotes[name]));
  loader.switchConfig(next, changed);
  return true;
}
