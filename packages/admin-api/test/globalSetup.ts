// Once per jest run: a database already migrated, with its first admin and the small demo seed,
// that each test server starts from as a copy (a PGlite folder copied, or a PostgreSQL
// `create database … template`), instead of migrating and seeding ~20 times. Built per run, not
// cached across runs, because the seed is dated from now ("today", "this week").
import { Client as PgClient } from 'pg';
import { ON_POSTGRES, SEEDED_TEMPLATE_ENV, freshDatabase, startOn } from './helpers';

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
  const place = await freshDatabase(false);
  const server = await startOn(place);
  await server.close();
  process.env[SEEDED_TEMPLATE_ENV] = place.dataDir!;
}
