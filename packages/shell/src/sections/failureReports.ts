// Each remote load failure and render crash is reported to the release registry against the release
// this page runs, so Settings → Remotes shows it per release and a failing canary is rolled back.
// Bounded: one report per release and kind per page (a Retry loop sends no more; the API also
// rate-limits per administrator), sent in the background, and its own failure is ignored.
import { reportReleaseFailure } from '@growth-admin/shared-client';
import type { RemoteName } from '../boot/runtimeConfig';
import { describeLoadError, releaseOf } from './remoteModules';

const sent = new Set<string>();

export function reportRemoteFailure(name: RemoteName, kind: 'load' | 'render', error: unknown): void {
  const release = releaseOf(name);
  if (!release) return; // a plain runtime config: no registry to tell
  const key = `${release.id}:${kind}`;
  if (sent.has(key)) return;
  sent.add(key);
  reportReleaseFailure({ releaseId: release.id, kind, message: describeLoadError(error).slice(0, 1000) }).catch(() => undefined);
}

/** Tests: forget what was sent. */
export function resetFailureReports(): void {
  sent.clear();
}
