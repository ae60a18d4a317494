// Drops the run's seeded template (see globalSetup.ts); a mutation run's shared one is dropped by
// `npm run mutation` when the whole run ends.
import { rmSync } from 'node:fs';
import { Client as PgClient } from 'pg';
import { markerOf } from '../src/db/dataDir';
import { ON_POSTGRES, SEEDED_TEMPLATE_ENV, SHARED_TEMPLATE_ENV } from './helpers';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[SEEDED_TEMPLATE_ENV];
  if (!template || template === process.env[SHARED_TEMPLATE_ENV]) return;
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
