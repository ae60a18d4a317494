import { releases } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { actorOf } from '../../http/actor';
import { ApiError } from '../../http/errors';
import { serve } from '../../http/serve';
import { ReportRateLimiter } from '../security/cspReports';
import { recordFailure } from './failures';
import { gateRelease } from './gate';
import { knownRemote, listRemoteReleases, promoteCanary, registerRelease, releaseHistory, rollback } from './repository';
import { runtimeConfigFor } from './runtimeConfig';

/** Brief: a CDN or proxy may keep it this long; a rollback reaches new page loads within it. */
export const RUNTIME_CONFIG_MAX_AGE_S = 5;

export function releaseRoutes(app: FastifyInstance, { db, config, metrics }: RouteDeps): void {
  serve(app, releases.getRuntimeConfig, async (req, reply) => {
    const apiBaseUrl = config.publicUrl ?? `${req.protocol}://${req.host}`;
    const base = { apiBaseUrl, signingKey: config.signingKey, directImageHosts: config.directImageHosts };
    const data = await runtimeConfigFor(db, base, req.query.subject, config.releaseOrigins);
    reply.header('Cache-Control', `public, max-age=${RUNTIME_CONFIG_MAX_AGE_S}`);
    return { data };
  });
  serve(app, releases.listReleases, async () => ({ data: await listRemoteReleases(db) }));
  serve(app, releases.releaseHistory, async (req) => ({ data: await releaseHistory(db, req.params.remote) }));
  serve(app, releases.registerRelease, async (req) => {
    const remote = knownRemote(req.body.remote);
    await gateRelease(req.body, config.shellUrl, config.releaseOrigins).catch((err: unknown) => {
      metrics.release(remote, 'refused');
      throw err;
    });
    const data = await registerRelease(db, actorOf(req), req.body);
    metrics.release(remote, 'registered');
    return { data };
  });
  serve(app, releases.promoteRelease, async (req) => {
    const data = await promoteCanary(db, actorOf(req), req.params.remote);
    metrics.release(data.remote, 'promoted');
    metrics.canary(data.remote, 'promoted');
    return { data };
  });
  serve(app, releases.rollbackRelease, async (req) => {
    const canaryBefore = (await listRemoteReleases(db)).find((r) => r.remote === req.params.remote)?.canary;
    const data = await rollback(db, actorOf(req), req.params.remote, { to: req.body?.to });
    metrics.release(data.rolledBack.remote, 'rolled_back');
    if (data.rolledBack.id === canaryBefore?.id) metrics.canary(data.rolledBack.remote, 'rolled_back');
    return { data };
  });

  const limiter = new ReportRateLimiter(config.releaseReportsPerMinute, config.releaseReportsPerMinute * 50);
  serve(app, releases.reportReleaseFailure, async (req) => {
    const admin = req.admin!;
    if (!limiter.take(admin.username)) throw new ApiError(429, 'RATE_LIMITED', 'Too many failure reports this minute: try again later', 60);
    const data = await recordFailure(db, admin.username, req.body, config.canaryMaxFailures);
    const [release] = await db.query<{ remote: string }>('select remote from releases where id = $1', [req.body.releaseId]);
    metrics.release(release.remote, 'failure_reported');
    if (data.rolledBack) {
      metrics.release(release.remote, 'auto_rolled_back');
      metrics.canary(release.remote, 'auto_rolled_back');
    }
    return { data };
  });
}
