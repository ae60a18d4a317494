import { orders } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/actor';
import type { RouteDeps } from '../../http/deps';
import { serve } from '../../http/serve';
import { requireRecentPassword } from '../sessions/stepUp';
import { refundOrder } from './refund';
import { sendCsv } from '../exports/csvExport';
import { orderExport } from './export';
import { listOrders } from './repository';

export function orderRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  serve(app, orders.listOrders, async (req) => ({ data: await listOrders(db, 'growth', req.query) }));
  serve(app, orders.listPayments, async (req) => ({ data: await listOrders(db, 'recharge', req.query) }));
  serve(app, orders.exportOrders, async (req, reply) => sendCsv(reply, db, await orderExport(db, actorOf(req), 'growth', req.query)));
  serve(app, orders.exportPayments, async (req, reply) => sendCsv(reply, db, await orderExport(db, actorOf(req), 'recharge', req.query)));
  serve(app, orders.refundOrder, async (req, reply) => {
    const stepUp = () => requireRecentPassword(req.admin!.reauthAgeSeconds, config.stepUpWindowMs);
    const { result, replayed } = await refundOrder(db, { ...actorOf(req), adminId: req.admin!.adminId }, req.body.orderId, req.headers['idempotency-key'], stepUp);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return { data: result };
  });
}
