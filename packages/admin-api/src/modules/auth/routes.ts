import { auth, type RegistryRuntimeConfig, type Role } from '@growth-admin/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { actorOf } from '../../http/actor';
import { serve } from '../../http/serve';
import { ApiMetrics } from '../../metrics';
import { signIn, signOut } from './signIn';

/** The runtime config a new session starts with: the release control plane's, which app.ts gives here. */
export type RuntimeConfigOf = (req: FastifyRequest, viewer: { username: string; role: Role; sessionId: string }) => Promise<RegistryRuntimeConfig>;

export function authRoutes(app: FastifyInstance, { config, db, metrics, runtimeConfigOf }: RouteDeps & { runtimeConfigOf: RuntimeConfigOf }): void {
  serve(app, auth.login, async (req) => {
    const { token, sessionId, username, role } = await signIn(db, config, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }).catch((err: unknown) => {
      metrics.signIn(ApiMetrics.signInOutcomeOf(err));
      throw err;
    });
    metrics.signIn('success');
    // The new session's runtime config: the shell initialises its remotes with no second round trip.
    const runtime = await runtimeConfigOf(req, { username, role, sessionId });
    return { data: { token, user: { username, role }, runtime } };
  }, { compressed: true });

  serve(app, auth.me, async (req) => ({ data: { username: req.admin!.username, role: req.admin!.role } }));

  serve(app, auth.logout, async (req) => {
    await signOut(db, req.token!, { ...actorOf(req), adminId: req.admin!.adminId });
    return { data: { loggedOut: true } };
  });
}
