// What a platform and an integrator reach without signing in: liveness (/healthz), readiness
// (/readyz) and the API described (/api/docs/json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { health, openApiDocument, routes } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import { loadMigrations } from '../../migrations';
import type { RouteDeps } from '../../http/deps';
import { ApiError } from '../../http/errors';
import { serve } from '../../http/serve';

const VERSION = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string }).version;
const READY_TIMEOUT_MS = 2000;

export function healthRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  const latest = Math.max(...loadMigrations().map((m) => m.version));

  // Alive: the process serves, and its data folder is still its own (a lost folder needs a restart).
  serve(app, health.health, async () => {
    const lost = db.lost();
    if (lost) throw new ApiError(503, 'DATA_DIR_LOST', `${lost}: restart the server after restoring the data folder`);
    return { data: { status: 'ok' as const, engine: db.engine } };
  });

  // Ready: the database answers within 2 s and has every migration.
  serve(app, health.ready, async () => {
    const lost = db.lost();
    if (lost) throw new ApiError(503, 'DATA_DIR_LOST', `${lost}: restart the server after restoring the data folder`);
    let applied: number;
    try {
      const answer = db.query<{ v: number | null }>('select max(version)::int as v from schema_migrations');
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref());
      applied = (await Promise.race([answer, timeout]))[0]?.v ?? 0;
    } catch {
      throw new ApiError(503, 'NOT_READY', 'The database does not answer');
    }
    if (applied < latest) throw new ApiError(503, 'NOT_READY', `The database is at migration ${applied}, this server needs ${latest}`);
    return { data: { status: 'ready' as const, engine: db.engine, migration: applied } };
  });

  // The document names the API where it was reached (or its configured public URL).
  const document = (origin: string) => openApiDocument(routes, { servers: [config.publicUrl ?? origin], version: VERSION });
  serve(app, health.openApi, async (req, reply) => reply.type('application/json').send(document(`${req.protocol}://${req.host}`)));
}
