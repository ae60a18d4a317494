import { sessions } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { actorOf } from '../../http/actor';
import { serve } from '../../http/serve';
import { reauthenticate } from './stepUp';
import { endOtherSessions, endSession, listSessions } from './repository';

export function sessionRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  const idleMs = config.sessionIdleMs;
  serve(app, sessions.listMySessions, async (req) => ({ data: await listSessions(db, idleMs, req.admin!.adminId, req.admin!.sessionId) }));
  serve(app, sessions.listAllSessions, async (req) => ({ data: await listSessions(db, idleMs, null, req.admin!.sessionId) }));
  serve(app, sessions.endMySession, async (req) => ({
    data: await endSession(db, actorOf(req), req.params.id, { idleMs, currentId: req.admin!.sessionId, ownerOf: req.admin!.adminId }),
  }));
  serve(app, sessions.endAnySession, async (req) => ({
    data: await endSession(db, actorOf(req), req.params.id, { idleMs, currentId: req.admin!.sessionId, ownerOf: null }),
  }));
  serve(app, sessions.endMyOtherSessions, async (req) => ({ data: await endOtherSessions(db, { ...actorOf(req), adminId: req.admin!.adminId }, req.admin!.sessionId) }));
  serve(app, sessions.reauthenticate, async (req) => ({
    data: await reauthenticate(db, config, { ...actorOf(req), adminId: req.admin!.adminId }, req.admin!.sessionId, req.body.password),
  }));
}
