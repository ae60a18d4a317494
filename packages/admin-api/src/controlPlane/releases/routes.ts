import * as releases from '@growth-admin/api-contract/releases';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db';
import { ApiError, badRequest, unauthorized } from '../../http/errors';
import { durationInWords } from '../../http/durations';
import { CanaryJudgeSchedule, canaryJudgementOf } from './canaryJudge';
import { servedReleases, storeMeasurements } from './measurements';
import type { ControlPlaneDeps } from '../deps';
import { actorOf, checkDeployScope } from '../deployTokenGuard';
import { serve } from '../../http/serve';
import { ReportRateLimiter } from '../../http/rateLimit';
import { liveRemote } from '../remotes/repository';
import { recordFailure } from './failures';
import { gateRelease } from './gate';
import { listRemoteReleases, promoteCanary, registerRelease, registryState, releaseHistory, rollback } from './repository';
import { administratorOverrides, endOverride, overrideTicket, sessionOverrides, setOverride } from './overrides';
import { deletePreview, enterPreview, leavePreview, listPreviews, PreviewKey, previewLinkBase, registerPreview } from './previews';
import { runtimeConfigFor, viewerOf } from './runtimeConfig';

/** Brief: a CDN or proxy may keep the anonymous config this long; an administrator's is never stored. */
export const RUNTIME_CONFIG_MAX_AGE_S = 5;

/** Adds `value` to the Vary header (CORS may have set Origin already). */
function vary(reply: FastifyReply, value: string): void {
  const before = reply.getHeader('vary');
  reply.header('Vary', before ? `${String(before)}, ${value}` : value);
}

/** The section paths the live remotes other than `remote` own (their active and canary releases'). */
async function pathsOwnedByOthers(db: Db, remote: string): Promise<Record<string, string>> {
  const owned: Record<string, string> = {};
  for (const e of await registryState(db)) {
    if (!e.live || e.name === remote) continue;
    for (const r of [e.active, e.canary]) for (const s of (r?.meta as { sections?: Array<{ path: string }> })?.sections ?? []) owned[s.path] = e.name;
  }
  return owned;
}

export function releaseRoutes(app: FastifyInstance, { db, config, metrics, findSession }: ControlPlaneDeps): void {
  serve(app, releases.getRuntimeConfig, async (req, reply) => {
    const viewer = await viewerOf(db, findSession, req);
    const data = await runtimeConfigFor(db, config, req, viewer);
    vary(reply, 'Authorization');
    reply.header('Cache-Control', viewer ? 'private, no-store' : `public, max-age=${RUNTIME_CONFIG_MAX_AGE_S}`);
    return { data };
  }, { compressed: true });
  serve(app, releases.listReleases, async (req) => ({ data: await listRemoteReleases(db, req.deployer?.remote ?? null) }));
  serve(app, releases.releaseHistory, async (req) => {
    checkDeployScope(req, req.params.remote);
    return { data: await releaseHistory(db, req.params.remote) };
  });
  serve(app, releases.registerRelease, async (req) => {
    checkDeployScope(req, req.body.remote);
    if (req.body.promoteAfterSeconds !== undefined && req.body.canaryPercent === undefined) {
      throw badRequest('promoteAfterSeconds needs canaryPercent: only a canary is promoted after its verdict stays Pass', 'VALIDATION_ERROR');
    }
    const remote = await liveRemote(db, req.body.remote);
    const registry = { ownedPaths: await pathsOwnedByOthers(db, remote.name) };
    const gated = await gateRelease(req.body, { shellUrl: config.shellUrl, remoteOrigin: remote.origin, releaseOrigins: config.releaseOrigins, registry }).catch((err: unknown) => {
      metrics.release(remote.name, 'refused');
      throw err;
    });
    const data = await registerRelease(db, actorOf(req), req.body, gated);
    metrics.release(remote.name, 'registered');
    return { data };
  });
  serve(app, releases.promoteRelease, async (req) => {
    checkDeployScope(req, req.params.remote);
    const data = await promoteCanary(db, actorOf(req), req.params.remote);
    metrics.release(data.remote, 'promoted');
    metrics.canary(data.remote, 'promoted');
    return { data };
  });
  serve(app, releases.rollbackRelease, async (req) => {
    checkDeployScope(req, req.params.remote);
    const canaryBefore = (await listRemoteReleases(db)).find((r) => r.remote === req.params.remote)?.canary;
    const data = await rollback(db, actorOf(req), req.params.remote, { to: req.body?.to });
    metrics.release(data.rolledBack.remote, 'rolled_back');
    if (data.rolledBack.id === canaryBefore?.id) metrics.canary(data.rolledBack.remote, 'rolled_back');
    return { data };
  });

  // Preview releases: registered through the gate under a label, entered per session by their signed link.
  const previewKey = new PreviewKey(db, config.previewSecret);
  const linkBase = async (req: { protocol: string; host: string }) => previewLinkBase(config, `${req.protocol}://${req.host}`, await previewKey.get());
  serve(app, releases.registerPreview, async (req) => {
    checkDeployScope(req, req.params.remote);
    const remote = await liveRemote(db, req.params.remote);
    const registry = { ownedPaths: await pathsOwnedByOthers(db, remote.name) };
    const input = { ...req.body, remote: remote.name };
    const { meta } = await gateRelease(input, { shellUrl: config.shellUrl, remoteOrigin: remote.origin, releaseOrigins: config.releaseOrigins, registry }).catch((err: unknown) => {
      metrics.release(remote.name, 'refused');
      throw err;
    });
    const limits = { ttlDays: config.previewTtlDays, maxPerRemote: config.previewMaxPerRemote };
    const data = await registerPreview(db, actorOf(req), remote.name, req.body, meta, limits, await linkBase(req));
    metrics.release(remote.name, 'previewed');
    return { data };
  });
  serve(app, releases.listPreviews, async (req) => {
    checkDeployScope(req, req.params.remote);
    return { data: await listPreviews(db, req.params.remote, await linkBase(req)) };
  });
  serve(app, releases.deletePreview, async (req) => {
    checkDeployScope(req, req.params.remote);
    const data = await deletePreview(db, actorOf(req), req.params.remote, req.params.label, await linkBase(req));
    metrics.release(data.remote, 'preview_deleted');
    return { data };
  });
  serve(app, releases.enterPreview, async (req) => ({ data: await enterPreview(db, req.admin!.sessionId, req.body.token, await previewKey.get()) }));
  serve(app, releases.leavePreview, async (req) => ({ data: { left: await leavePreview(db, req.admin!.sessionId, req.params.remote) } }));

  // A developer's own override of one remote, for the calling session only.
  if (config.devOverrideOrigins.length && !config.devOverrideSecret) throw new Error('devOverrideOrigins needs devOverrideSecret: the shell page server checks override tickets with it');
  serve(app, releases.setOverride, async (req) => {
    const ownedPaths = await pathsOwnedByOthers(db, req.body.remote);
    const override = await setOverride(db, actorOf(req), req.admin!.sessionId, req.body, config.devOverrideOrigins, ownedPaths);
    // The ticket names every override of the session (another remote may come from another port).
    const inEffect = await sessionOverrides(db, req.admin!.sessionId, config.devOverrideOrigins);
    return { data: { override, ticket: overrideTicket([...inEffect.values()].map((o) => o.origin), config.devOverrideSecret!) } };
  });
  serve(app, releases.endOverride, async (req) => ({ data: { ended: await endOverride(db, actorOf(req), req.admin!.sessionId, req.params.remote) } }));
  serve(app, releases.listMyOverrides, async (req) => ({ data: await administratorOverrides(db, req.admin!.sessionId, config.devOverrideOrigins) }));

  const limiter = new ReportRateLimiter(config.releaseReportsPerMinute, config.releaseReportsPerMinute * 50);
  serve(app, releases.reportReleaseFailure, async (req) => {
    const admin = req.admin!;
    if (!limiter.take(admin.username)) throw new ApiError(429, 'RATE_LIMITED', 'Too many failure reports this minute: try again later', 60);
    const release = (await servedReleases(db, admin.sessionId, [req.body.releaseId])).get(req.body.releaseId);
    if (!release) {
      metrics.failureReport('not_served');
      return { data: { counted: false, rolledBack: false } };
    }
    const data = await recordFailure(db, admin.username, req.body, config.canaryMaxFailures);
    metrics.failureReport('counted');
    metrics.release(release.remote, 'failure_reported');
    if (data.rolledBack) {
      metrics.release(release.remote, 'auto_rolled_back');
      metrics.canary(release.remote, 'auto_rolled_back');
    }
    return { data };
  });

  // Real-user measurements (a beacon: the session token in the body) and the canary judge.
  const judge = new CanaryJudgeSchedule(db, config, metrics);
  judge.start();
  app.addHook('onClose', async () => judge.stop());
  const vitalsLimiter = new ReportRateLimiter(config.vitalsBatchesPerMinute, config.vitalsBatchesPerMinute * 500);
  serve(app, releases.reportVitals, async (req) => {
    const found = await findSession(db, req.body.token);
    if (found.status === 'expired') throw unauthorized(`Your session has expired (no request for ${durationInWords(config.sessionIdleMs)}, or too old): sign in again`, 'SESSION_EXPIRED');
    if (found.status !== 'live') throw unauthorized('The session token is invalid, expired or signed out', 'TOKEN_INVALID');
    if (!vitalsLimiter.take(found.session.sessionId)) {
      metrics.vitalsReceived('rate_limited', req.body.measurements.length);
      throw new ApiError(429, 'RATE_LIMITED', 'Too many measurement batches from this session this minute: try again later', 60);
    }
    const { accepted, notServed, remotes, canaries } = await storeMeasurements(db, found.session, req.body.measurements);
    metrics.vitalsReceived('accepted', accepted);
    metrics.vitalsReceived('not_served', notServed);
    for (const remote of remotes) metrics.release(remote, 'measured');
    void judge.measured(remotes, canaries); // judged after the answer, never on its time
    return { data: { accepted, dropped: notServed } };
  });
  serve(app, releases.canaryJudgement, async (req) => {
    checkDeployScope(req, req.params.remote);
    return { data: await canaryJudgementOf(db, req.params.remote, req.query.release) };
  });
}
