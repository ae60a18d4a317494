// Drops the run's seeded template (see globalSetup.ts).
import { rmSync } from 'node:fs';
import { Client as PgClient } from 'pg';
import { markerOf } from '../src/db/dataDir';
import { ON_POSTGRES, SEEDED_TEMPLATE_ENV } from './helpers';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[SEEDED_TEMPLATE_ENV];
  if (!template) return;
  if (ON_POSTGRES) {
    const c = new PgClient({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
    await c.end();
    return;
  }
  rmSync(template, { recursive: true, force: true });
  rmSync(markerOf(template), { force: true });
}
