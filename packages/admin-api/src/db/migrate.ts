// Migrations are fixed SQL files, `migrations/NNN_name.sql`, applied on start in version order, each
// one whose version is not recorded yet (so one that lands after a higher-numbered one, from work
// merged in parallel, is still applied). All run in one transaction under an advisory lock, so two
// instances starting together on one PostgreSQL apply them once. A file never changes once released:
// a change is a new file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from './types';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS_DIR = join(__dirname, 'migrations');

/** Every migration file, in version order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const m = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!m) throw new Error(`${file}: a migration file is named NNN_name.sql`);
      return { version: Number(m[1]), name: m[2], sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error(`${dir}: two migrations share a version`);
  return migrations;
}

const LOCK_ID = 74_280_013;

async function appliedVersions(tx: Queryable): Promise<Set<number>> {
  await tx.exec('create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())');
  const rows = await tx.query<{ version: number }>('select version from schema_migrations');
  return new Set(rows.map((r) => Number(r.version)));
}

/**
 * Applies the migrations not applied yet (only those up to `upTo`, when given); answers whether
 * the database was just created (nothing had been applied).
 */
export async function migrate(db: Db, options: { upTo?: number; migrations?: Migration[] } = {}): Promise<{ created: boolean }> {
  const migrations = (options.migrations ?? loadMigrations()).filter((m) => options.upTo === undefined || m.version <= options.upTo);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    const applied = await appliedVersions(tx);
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
    }
    return { created: applied.size === 0 };
  }).then((result) => {
    if (result.created) db.markCreated();
    return result;
  });
}
