// The release registry's calls (Settings → Remotes), over shared-client's typed call. The shell's
// own report of a failed remote (reportReleaseFailure) stays in shared-client.
import { call, type CanaryJudgement, type Release, type RemoteReleases } from '@growth-admin/shared-client';

/** GET /api/admin/releases: every remote's active release and canary. */
export function getReleases(): Promise<RemoteReleases[]> {
  return call('get', '/api/admin/releases', {});
}

/** GET /api/admin/releases/:remote: its releases, newest first. */
export function getReleaseHistory(remote: string): Promise<Release[]> {
  return call('get', '/api/admin/releases/{remote}', { params: { remote } });
}

/** GET /api/admin/releases/:remote/judgement: the canary judge's verdict on its canary, each metric canary against stable. */
export function getCanaryJudgement(remote: string): Promise<CanaryJudgement> {
  return call('get', '/api/admin/releases/{remote}/judgement', { params: { remote } });
}

/**
 * GET /api/admin/releases/:remote/judgement?release=<id>: one release's figures: a past canary's
 * window with the judge's last verdict on it, or a release released to everyone at once with its own views.
 */
export function getReleaseJudgement(remote: string, releaseId: string): Promise<CanaryJudgement> {
  return call('get', '/api/admin/releases/{remote}/judgement', { params: { remote }, query: { release: releaseId } });
}

/** POST /api/admin/releases/:remote/promote (owners): the canary becomes active for everyone. */
export function promoteRelease(remote: string): Promise<Release> {
  return call('post', '/api/admin/releases/{remote}/promote', { params: { remote } });
}

/** POST /api/admin/releases/:remote/rollback (owners): the canary goes, or the active release goes back. */
export function rollbackRelease(remote: string, to?: string): Promise<{ active: Release; rolledBack: Release }> {
  return call('post', '/api/admin/releases/{remote}/rollback', { params: { remote }, body: to ? { to } : {} });
}
