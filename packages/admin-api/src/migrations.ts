// The database's schema as this server runs it: the back-office's migrations first, then the
// release control plane's. That order is the direction of the dependency: a control-plane table may
// reference a back-office one (served_releases → admin_sessions), never the reverse, and a fresh
// install applying the back-office's folder first fails on a back-office migration that reaches into
// the control plane. Versions are one number space across both folders (one ledger, recorded by
// version: src/db/migrate.ts), so a database migrated when every file was in one folder upgrades
// unchanged.
import { CONTROL_PLANE_MIGRATIONS } from './controlPlane';
import type { Db } from './db';
import { BACK_OFFICE_MIGRATIONS, loadMigrationSets, migrate as applyMigrations, type Migration, type MigrationSet } from './db/migrate';

export const MIGRATION_SETS: readonly MigrationSet[] = [BACK_OFFICE_MIGRATIONS, CONTROL_PLANE_MIGRATIONS];

/** Every migration this server ships, in the order it applies them. */
export function loadMigrations(): Migration[] {
  return loadMigrationSets(MIGRATION_SETS);
}

/** Applies what is not applied yet (up to `upTo`); whether the database was just created, and the versions applied now. */
export function migrate(db: Db, options: { upTo?: number } = {}): Promise<{ created: boolean; applied: number[] }> {
  return applyMigrations(db, { migrations: loadMigrations(), upTo: options.upTo });
}
