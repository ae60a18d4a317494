// The page's composition and its remote loader: made once, from the boot's runtime config when a
// session was stored, else from the sign-in answer. The federation runtime is initialised once per
// page, so an administrator signing in on a page where another one was signed in gets a fresh page.
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { RemoteLoader } from './remoteLoader';

let current: RemoteLoader | null = null;

/**
 * Starts the page's composition; false where one was started already (the caller reloads the page,
 * whose boot then fetches the signed-in administrator's config).
 */
export function startComposition(config: RuntimeConfig, make = (c: RuntimeConfig) => new RemoteLoader(c)): boolean {
  if (current) return false;
  current = make(config);
  current.start();
  return true;
}

/** The page's loader; null before a composition was started (before sign-in). */
export function shellRuntime(): RemoteLoader | null {
  return current;
}

/** Tests: forget the page's composition. */
export function resetComposition(): void {
  current = null;
}
