import { audit } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { serve } from '../../http/serve';
import { listAudit } from './repository';

export function auditRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  serve(app, audit.listAudit, async (req) => ({ data: await listAudit(db, req.query) }));
}
