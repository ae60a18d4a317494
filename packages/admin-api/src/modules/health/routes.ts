// What a load balancer and an integrator reach without signing in: liveness and the API described.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { health, openApiDocument, routes } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { serve } from '../../http/serve';

const VERSION = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string }).version;

export function healthRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  serve(app, health.health, async () => {
    await db.query('select 1');
    return { data: { status: 'ok' as const, engine: db.engine } };
  });

  // The document names the API where it was reached (or its configured public URL).
  const document = (origin: string) => openApiDocument(routes, { servers: [config.publicUrl ?? origin], version: VERSION });
  serve(app, health.openApi, async (req, reply) => reply.type('application/json').send(document(`${req.protocol}://${req.host}`)));
}
