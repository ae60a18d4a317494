// Migrations are fixed SQL files applied in order: the back-office's folder, then the release
// control plane's. A database upgraded one release at a time, with data written between the steps
// as a live system would, ends with exactly the schema of a fresh install: tables, columns,
// defaults, constraints, indexes, triggers and functions. So does a database migrated when every
// file was in one folder (before the control plane's moved to src/controlPlane/migrations), from
// any of its versions: nothing of it runs twice, nothing is skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../src/db';
import { BACK_OFFICE_MIGRATIONS, loadMigrationSets } from '../src/db/migrate';
import { CONTROL_PLANE_MIGRATIONS } from '../src/controlPlane';
import { loadMigrations, migrate } from '../src/migrations';
import { openFreshDb } from './helpers';

/** The schema as the catalog describes it, comparable between two databases. */
async function schemaOf(db: Db) {
  const q = <T extends Record<string, unknown>>(sql: string) => db.query<T>(sql);
  return {
    columns: await q(`select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns
                       where table_schema = current_schema() order by table_name, ordinal_position`),
    constraints: await q(`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as def from pg_constraint
                           where connamespace = current_schema()::regnamespace order by 1, 2`),
    indexes: await q(`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1, 2`),
    triggers: await q(`select tgrelid::regclass::text as table_name, tgname, pg_get_triggerdef(oid) as def from pg_trigger
                        where not tgisinternal order by 1, 2`),
    functions: await q(`select proname, pg_get_functiondef(oid) as def from pg_proc where pronamespace = current_schema()::regnamespace order by 1`),
  };
}

/** Rows written between two upgrade steps, through the tables every version has. */
async function liveWrites(db: Db, step: number) {
  await db.query(
    `insert into persons (custom_id, custom_name, last_client_region, created_at) values ($1, $2, 'EU', now() - make_interval(hours => $3))`,
    [`m${step}`, `migrating_${step}`, step],
  );
  await db.query(
    `insert into orders (kind, order_sn, person_id, shopping_user, product_type, payment_money, is_complete, state)
     select 'growth', $1, id, custom_name, 'heart', 1.5, true, 'completed' from persons where custom_id = $2`,
    [`sn-${step}`, `m${step}`],
  );
}


const byVersion = <T extends { version: number }>(list: T[]) => [...list].sort((a, b) => a.version - b.version);

test('upgrading one migration at a time, with data written in between, gives the schema of a fresh install', async () => {
  const versions = byVersion(loadMigrations()).map((m) => m.version);
  expect(versions[0]).toBe(1);
  const fresh = await openFreshDb();
  const upgraded = await openFreshDb();
  try {
    expect(await migrate(fresh.db)).toEqual({ created: true, applied: loadMigrations().map((m) => m.version) });
    for (const [i, version] of versions.entries()) {
      expect(await migrate(upgraded.db, { upTo: version })).toEqual({ created: i === 0, applied: [version] });
      await liveWrites(upgraded.db, version);
    }
    expect(await migrate(upgraded.db)).toEqual({ created: false, applied: [] });
    expect(await schemaOf(upgraded.db)).toEqual(await schemaOf(fresh.db));
    // The trend rollup counted the rows written before it existed, and after.
    const [trend] = await upgraded.db.query<{ likes: number; users: number }>('select sum(likes)::int as likes, sum(new_users)::int as users from trend_hourly');
    expect(trend).toEqual({ likes: versions.length, users: versions.length });
  } finally {
    await fresh.drop();
    await upgraded.drop();
  }
});

test('migration files are named NNN_name.sql with unique versions across both folders, and never generated', () => {
  const migrations = loadMigrations();
  expect(migrations.map((m) => m.version).sort((a, b) => a - b)).toEqual([...new Set(migrations.map((m) => m.version))].sort((a, b) => a - b));
  for (const m of migrations) {
    expect(m.name).toMatch(/^[a-z0-9_]+$/);
    expect(m.sql).not.toContain('${'); // plain SQL, no template left over
  }
});

test("the back-office's migrations run first, then the control plane's; the control plane's keep the versions they were recorded under", () => {
  const sets = loadMigrations().map((m) => m.set);
  expect(sets).toEqual([...sets.filter((s) => s === 'back-office'), ...sets.filter((s) => s === 'control-plane')]);
  expect(loadMigrations().filter((m) => m.set === 'control-plane').map((m) => `${m.version} ${m.name}`)).toEqual([
    '20 releases',
    '22 remote_registry',
    '23 release_measurements',
    '24 release_canary_window',
    '25 served_releases',
    '26 release_previews',
    '27 session_overrides',
    '28 release_first_load',
  ]);
  // No back-office migration names a control-plane table (they run before those exist).
  const controlPlaneTables = ['releases', 'release_failures', 'deploy_tokens', 'remotes', 'release_measurements', 'served_releases', 'session_previews', 'release_preview_key', 'session_overrides'];
  for (const m of loadMigrations().filter((x) => x.set === 'back-office')) {
    expect({ migration: m.version, names: controlPlaneTables.filter((t) => new RegExp(`\\b${t}\\b`).test(m.sql.replace(/--.*$/gm, ''))) }).toEqual({ migration: m.version, names: [] });
  }
});

test('a version used in two folders is refused, naming both files: the ledger records versions only', () => {
  const other = mkdtempSync(join(tmpdir(), 'growth-admin-migrations-'));
  try {
    writeFileSync(join(other, '021_something_else.sql'), 'select 1;');
    expect(() => loadMigrationSets([BACK_OFFICE_MIGRATIONS, { name: 'other', dir: other }])).toThrow(
      'migration 021 is in two folders (back-office: throttle_failures_only, other: something_else): versions are unique across folders, choose a free number',
    );
    expect(() => loadMigrationSets([BACK_OFFICE_MIGRATIONS, CONTROL_PLANE_MIGRATIONS])).not.toThrow();
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});

/**
 * What the server did before the control plane's migrations had a folder of their own: every file of
 * one folder, in version order, each recorded by its version in the same ledger.
 */
async function migrateAsOneFolder(db: Db, upTo: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())');
    for (const m of byVersion(loadMigrations())) {
      if (m.version > upTo) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
    }
  });
}

/** The control plane's rows as a live system of version `at` would have them. */
async function controlPlaneWrites(db: Db, at: number): Promise<void> {
  if (at < 20) return;
  if (at >= 22) await db.query(`insert into remotes (name, team, origin, created_by) values ('legacy', 'growth-admin', 'https://legacy.example', 'owner')`);
  await db.query(`insert into releases (remote, version, manifest_url, state, created_by, changed_by) values ('legacy', '1.0.0', 'https://legacy.example/legacy/mf-manifest.json', 'active', 'owner', 'owner')`);
  await db.query(`insert into deploy_tokens (name, token_hash) values ('ci', 'h')`);
}

describe('a database migrated when every migration was in one folder', () => {
  let freshSchema: Awaited<ReturnType<typeof schemaOf>>;
  beforeAll(async () => {
    const fresh = await openFreshDb();
    try {
      await migrate(fresh.db);
      freshSchema = await schemaOf(fresh.db);
    } finally {
      await fresh.drop();
    }
  });

  // 16: before the control plane; 20: the registry alone; 21: and the back-office's next; 25: the
  // last release with one folder (what `npm start` made before this layout).
  test.each([16, 20, 21, 25])('at version %i upgrades with nothing run twice and nothing skipped, to the schema of a fresh install', async (at) => {
    const { db, drop } = await openFreshDb();
    try {
      await migrateAsOneFolder(db, at);
      await liveWrites(db, at);
      await controlPlaneWrites(db, at);
      const before = await db.query<{ version: number; applied_at: Date }>('select version, applied_at from schema_migrations order by version');
      const missing = loadMigrations().filter((m) => m.version > at);

      // Only what was missing runs: the back-office's first, then the control plane's.
      expect(await migrate(db)).toEqual({ created: false, applied: missing.map((m) => m.version) });
      const after = await db.query<{ version: number; applied_at: Date }>('select version, applied_at from schema_migrations order by version');
      expect(after.filter((r) => r.version <= at)).toEqual(before); // the records made before, untouched
      expect(after.map((r) => r.version)).toEqual(byVersion(loadMigrations()).map((m) => m.version)); // every migration recorded once
      expect(await schemaOf(db)).toEqual(freshSchema);
      expect(await migrate(db)).toEqual({ created: false, applied: [] });

      // The data written before is still there.
      expect(await db.query(`select count(*)::int as n from persons where custom_id = $1`, [`m${at}`])).toEqual([{ n: 1 }]);
      if (at >= 20) {
        expect(await db.query(`select remote, version, state from releases`)).toEqual([{ remote: 'legacy', version: '1.0.0', state: 'active' }]);
        expect(await db.query(`select name, origin from remotes`)).toEqual([{ name: 'legacy', origin: 'https://legacy.example' }]);
        expect(await db.query(`select name from deploy_tokens`)).toEqual([{ name: 'ci' }]);
      }
    } finally {
      await drop();
    }
  });
});

test('the registry migration fills `remotes` from the remotes that have releases, served from their active release; old releases compose nothing', async () => {
  const { db, drop } = await openFreshDb();
  try {
    await migrate(db, { upTo: 20 });
    const insert = (remote: string, version: string, url: string, state: string) =>
      db.query(`insert into releases (remote, version, manifest_url, state, created_by, changed_by) values ($1, $2, $3, $4, 'owner', 'owner')`, [remote, version, url, state]);
    await insert('orders', '1', 'http://old.example:3004/mf-manifest.json', 'retired');
    await insert('orders', '2', 'https://store.example/orders/2/mf-manifest.json', 'active');
    await insert('people', '1', 'https://people.example/mf-manifest.json', 'rolled-back');
    await db.query(`insert into deploy_tokens (name, token_hash) values ('ci', 'h')`);
    await migrate(db);
    expect(await db.query('select name, team, origin, created_by, decommissioned_at from remotes order by name')).toEqual([
      { name: 'orders', team: 'growth-admin', origin: 'https://store.example', created_by: 'registry migration', decommissioned_at: null },
      { name: 'people', team: 'growth-admin', origin: 'https://people.example', created_by: 'registry migration', decommissioned_at: null },
    ]);
    expect(await db.query(`select distinct meta from releases`)).toEqual([{ meta: {} }]);
    // A token made before scopes existed: every remote, no expiry.
    expect(await db.query(`select remote, expires_at, created_by from deploy_tokens`)).toEqual([{ remote: null, expires_at: null, created_by: 'cli' }]);
  } finally {
    await drop();
  }
});
