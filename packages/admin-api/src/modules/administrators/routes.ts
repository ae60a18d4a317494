import { administrators } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { actorOf } from '../../http/actor';
import { serve } from '../../http/serve';
import { hashToken } from '../../security';
import { changeOwnPassword, createAdministrator, listAdministrators, updateAdministrator } from './repository';

export function administratorRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  serve(app, administrators.listAdmins, async () => ({ data: await listAdministrators(db) }));
  serve(app, administrators.addAdmin, async (req) => ({ data: await createAdministrator(db, actorOf(req), req.body, config.passwordHashCost) }));
  serve(app, administrators.updateAdmin, async (req) => ({ data: await updateAdministrator(db, actorOf(req), req.params.id, req.body, config.passwordHashCost) }));
  serve(app, administrators.changeOwnPassword, async (req) => ({
    data: await changeOwnPassword(db, config, { ...actorOf(req), adminId: req.admin!.adminId }, { id: req.admin!.sessionId, tokenHash: hashToken(req.token!) }, req.body),
  }));
}
