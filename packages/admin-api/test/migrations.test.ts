// Migrations are fixed SQL files applied in order. A database upgraded one release at a time, with
// data written between the steps as a live system would, ends with exactly the schema of a fresh
// install: tables, columns, defaults, constraints, indexes, triggers and functions.
import type { Db } from '../src/db';
import { loadMigrations, migrate } from '../src/db/migrate';
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


test('upgrading one migration at a time, with data written in between, gives the schema of a fresh install', async () => {
  const versions = loadMigrations().map((m) => m.version);
  expect(versions[0]).toBe(1);
  const fresh = await openFreshDb();
  const upgraded = await openFreshDb();
  try {
    expect(await migrate(fresh.db)).toEqual({ created: true });
    for (const [i, version] of versions.entries()) {
      expect(await migrate(upgraded.db, { upTo: version })).toEqual({ created: i === 0 });
      await liveWrites(upgraded.db, version);
    }
    expect(await migrate(upgraded.db)).toEqual({ created: false });
    expect(await schemaOf(upgraded.db)).toEqual(await schemaOf(fresh.db));
    // The trend rollup counted the rows written before it existed, and after.
    const [trend] = await upgraded.db.query<{ likes: number; users: number }>('select sum(likes)::int as likes, sum(new_users)::int as users from trend_hourly');
    expect(trend).toEqual({ likes: versions.length, users: versions.length });
  } finally {
    await fresh.drop();
    await upgraded.drop();
  }
});

test('migration files are named NNN_name.sql with unique versions, and never generated', () => {
  const migrations = loadMigrations();
  expect(migrations.map((m) => m.version)).toEqual([...new Set(migrations.map((m) => m.version))].sort((a, b) => a - b));
  for (const m of migrations) {
    expect(m.name).toMatch(/^[a-z0-9_]+$/);
    expect(m.sql).not.toContain('${'); // plain SQL, no template left over
  }
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
