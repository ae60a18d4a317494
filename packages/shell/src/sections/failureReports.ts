// Each remote load failure and render crash, of a section or of a slot contribution, is reported to
// the release registry against the release this page runs of the remote whose code failed, so
// Settings → Remotes shows it per release and a failing canary is rolled back (not its host's).
// Bounded: one report per release and kind per page (a Retry loop sends no more; the API also
// rate-limits per administrator), sent in the background, and its own failure is ignored.
import { reportReleaseFailure } from '@growth-admin/shared-client';
import { describeLoadError } from './remoteLoader';
import { shellRuntime } from './shellRuntime';

const sent = new Set<string>();

export function reportRemoteFailure(remote: string, kind: 'load' | 'render', error: unknown): void {
  const release = shellRuntime()?.releaseOf(remote);
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
