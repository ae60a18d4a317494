// Migrations are fixed SQL files, `NNN_name.sql`, in one folder per product: the back-office's
// (`src/db/migrations`, BACK_OFFICE_MIGRATIONS) and the release control plane's
// (`src/controlPlane/migrations`); `src/migrations.ts` says which folders this server runs, in
// which order. A file never changes once released: a change is a new file.
//
// One ledger for every folder: `schema_migrations` records each applied migration by its version
// number (the file's NNN), nothing else, as it did when every file was in one folder. So a version
// is unique across the folders (a second file with the same number would be taken as applied), and
// a database migrated before the control plane's files moved to their own folder upgrades with
// nothing run twice and nothing skipped: the versions it recorded are the same files' versions.
//
// Applied on start, folder after folder and each folder in version order, every migration whose
// version is not recorded yet (so one that lands after a higher-numbered one, from work merged in
// parallel, is still applied). All run in one transaction under an advisory lock, so two instances
// starting together on one PostgreSQL apply them once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from './types';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** The folder's set it comes from (MigrationSet.name). */
  set: string;
}

/** One product's migrations folder. */
export interface MigrationSet {
  name: string;
  dir: string;
}

/** The back-office's migrations: the tables of everything but the release control plane. */
export const BACK_OFFICE_MIGRATIONS: MigrationSet = { name: 'back-office', dir: join(__dirname, 'migrations') };

/** Every migration file of one folder, in version order. */
export function loadMigrations(dir: string, set = dir): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const m = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!m) throw new Error(`${file}: a migration file is named NNN_name.sql`);
      return { version: Number(m[1]), name: m[2], sql: readFileSync(join(dir, file), 'utf8'), set };
    })
    .sort((a, b) => a.version - b.version);
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error(`${dir}: two migrations share a version`);
  return migrations;
}

/**
 * Every migration of `sets`, set after set (each in version order): the order they are applied in.
 * A version used in two folders is refused: the ledger records versions only.
 */
export function loadMigrationSets(sets: readonly MigrationSet[]): Migration[] {
  const migrations = sets.flatMap((s) => loadMigrations(s.dir, s.name));
  const seen = new Map<number, Migration>();
  for (const m of migrations) {
    const other = seen.get(m.version);
    if (other) {
      throw new Error(`migration ${String(m.version).padStart(3, '0')} is in two folders (${other.set}: ${other.name}, ${m.set}: ${m.name}): versions are unique across folders, choose a free number`);
    }
    seen.set(m.version, m);
  }
  return migrations;
}

const LOCK_ID = 74_280_013;

async function appliedVersions(tx: Queryable): Promise<Set<number>> {
  await tx.exec('create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())');
  const rows = await tx.query<{ version: number }>('select version from schema_migrations');
  return new Set(rows.map((r) => Number(r.version)));
}

/**
 * Applies `migrations` (in the order given) not applied yet, only those up to `upTo` when given;
 * answers whether the database was just created (nothing had been applied) and the versions it
 * applied now, in the order it did.
 */
export async function migrate(db: Db, options: { migrations: readonly Migration[]; upTo?: number }): Promise<{ created: boolean; applied: number[] }> {
  const migrations = options.migrations.filter((m) => options.upTo === undefined || m.version <= options.upTo);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    const recorded = await appliedVersions(tx);
    const applied: number[] = [];
    for (const m of migrations) {
      if (recorded.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
      applied.push(m.version);
    }
    return { created: recorded.size === 0, applied };
  }).then((result) => {
    if (result.created) db.markCreated();
    return result;
  });
}
