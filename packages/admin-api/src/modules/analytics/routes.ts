import { analytics } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { serve } from '../../http/serve';
import { orderStats, revenueStats, trends, userStats } from './repository';
import { trendWindow, trendZone } from './trendWindow';

export function analyticsRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  serve(app, analytics.getUserStats, async () => ({ data: await userStats(db) }));
  serve(app, analytics.getRevenueStats, async () => ({ data: await revenueStats(db) }));
  serve(app, analytics.getTrends, async (req) => ({ data: await trends(db, req.query.period, trendWindow(req.query), trendZone(req.query.tz)) }));
  serve(app, analytics.getOrderStats, async () => ({ data: await orderStats(db) }));
}
