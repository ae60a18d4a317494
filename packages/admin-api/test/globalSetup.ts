// Once per jest run: a database already migrated, with its first admin and the small demo seed,
// that each test server starts from as a copy (a PGlite folder copied, or a PostgreSQL
// `create database … template`), instead of migrating and seeding ~20 times. Built per run, not
// cached across runs, because the seed is dated from now ("today", "this week").
// A mutation run starts jest once per mutant: with SHARED_TEMPLATE_ENV set (`npm run mutation`),
// the template is built once at that path and every jest run of the mutation run reuses it.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import { markerOf } from '../src/db/dataDir';
import { ON_POSTGRES, SEEDED_TEMPLATE_ENV, SHARED_TEMPLATE_ENV, freshDatabase, startOn } from './helpers';

export default async function globalSetup(): Promise<void> {
  if (ON_POSTGRES) {
    const admin = new URL(process.env.DATABASE_URL!);
    const name = `ga_template_${process.pid}_${Date.now()}`;
    const c = new PgClient({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(admin.toString());
    url.pathname = `/${name}`;
    const server = await startOn({ databaseUrl: url.toString() });
    await server.close(); // a template database must have no connections while it is copied
    process.env[SEEDED_TEMPLATE_ENV] = name;
    return;
  }
  const shared = process.env[SHARED_TEMPLATE_ENV];
  if (shared && existsSync(join(shared, 'PG_VERSION'))) {
    process.env[SEEDED_TEMPLATE_ENV] = shared;
    return;
  }
  const place = await freshDatabase(false);
  const server = await startOn(place);
  await server.close();
  if (!shared) {
    process.env[SEEDED_TEMPLATE_ENV] = place.dataDir!;
    return;
  }
  try {
    renameSync(place.dataDir!, shared);
  } catch {
    await place.drop(); // another jest run of the mutation run made it first
  }
  rmSync(markerOf(place.dataDir!), { force: true });
  process.env[SEEDED_TEMPLATE_ENV] = shared;
}
