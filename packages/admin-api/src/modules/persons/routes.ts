import { persons } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/actor';
import type { RouteDeps } from '../../http/deps';
import { serve } from '../../http/serve';
import { addCoinsNeedsStepUp, requireRecentPassword } from '../sessions/stepUp';
import { sendCsv } from '../exports/csvExport';
import { personExport } from './export';
import { addMoney } from './money';
import { findPerson, listPersons } from './repository';

export function personRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  serve(app, persons.listPersons, async (req) => ({ data: await listPersons(db, req.query) }));
  serve(app, persons.queryPerson, async (req) => ({ data: await findPerson(db, req.query) }));
  serve(app, persons.exportPersons, async (req, reply) => sendCsv(reply, db, await personExport(db, actorOf(req), req.query)));
  serve(app, persons.addMoney, async (req, reply) => {
    const stepUp = () => addCoinsNeedsStepUp(req.body.amount, config.stepUpAmount) && requireRecentPassword(req.admin!.reauthAgeSeconds, config.stepUpWindowMs);
    const { result, replayed } = await addMoney(db, { ...actorOf(req), adminId: req.admin!.adminId }, req.body, req.headers['idempotency-key'], stepUp);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return { data: result };
  });
}
