// Schema and migrations. Migrations run on start, in one transaction under an advisory lock, so
// two instances starting together on one PostgreSQL apply them once.
import type { Db, Queryable } from './types';

/** Orders and payments newest first, one index per kind and per rarer status filter of spec 4
 * ('completed' is ~75% of the rows, so walking the main index and filtering is as fast). Partial
 * per kind rather than led by the kind column: a deep page's OFFSET walks ~half as much per entry. */
const ORDER_LIST_INDEXES = (['growth', 'recharge'] as const).flatMap((kind) =>
  (
    [
      ['created', ''],
      ['pending', ' and not is_complete and not is_error'],
      ['error', ' and is_error'],
      ['refunded', ' and is_refund'],
    ] as const
  ).map(([suffix, predicate]) => ({
    name: `orders_${kind}_${suffix}`,
    ddl: `create index orders_${kind}_${suffix} on orders (created_at desc, id desc) where kind = '${kind}'${predicate}`,
  })),
);

/** Secondary indexes of the two big tables: the seeder drops and rebuilds them around bulk loads. */
export const BULK_INDEXES: Array<{ name: string; ddl: string }> = [
  ...ORDER_LIST_INDEXES,
  // Searches: exact orderSn (the unique constraint), personId; shoppingUser goes through persons_name.
  // A person has a handful of orders: a plain person_id index (cheap to build) and a tiny sort.
  { name: 'orders_person', ddl: 'create index orders_person on orders (person_id)' },
  // Persons: name prefix search, newest first, activity.
  { name: 'persons_name', ddl: 'create index persons_name on persons (lower(custom_name) text_pattern_ops)' },
  { name: 'persons_updated', ddl: 'create index persons_updated on persons (updated_at)' },
];

/** Fills trend_hourly from the other two hourly rollups (which must be current). */
const TREND_HOURLY_FILL = `
insert into trend_hourly (hour, new_users, coins, likes, followers)
  select hour, sum(users), sum(coins), sum(likes), sum(followers) from (
    select hour, n as users, 0 as coins, 0 as likes, 0 as followers from person_hourly
    union all
    select hour, 0, case when kind = 'recharge' then n else 0 end, case when product_type = 'heart' then n else 0 end,
           case when product_type = 'watch' then n else 0 end
      from order_hourly) x
   group by hour;`;

const MIGRATIONS: Array<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
create table admins (
  id bigserial primary key,
  username text not null unique,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create table admin_sessions (
  token_hash text primary key,
  admin_id bigint not null references admins(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text
);
create index admin_sessions_expires on admin_sessions (expires_at);
create table request_nonces (
  nonce text primary key,
  seen_at timestamptz not null default now()
);
create index request_nonces_seen on request_nonces (seen_at);
create table login_failures (
  id bigserial primary key,
  key text not null,
  at timestamptz not null default now()
);
create index login_failures_key on login_failures (key, at);

create table projects (
  id bigserial primary key,
  project_name text not null,
  project_id text not null unique,
  team text not null,
  app_id bigint not null,
  build_number bigint not null,
  check_number bigint not null,
  testing boolean not null default false,
  online boolean not null default false,
  enable_push boolean not null default false,
  enable_rate boolean not null default false,
  blocked_regions jsonb not null default '[]',
  product_id_list jsonb not null default '{}',
  iap_country_limits jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table persons (
  id bigserial primary key,
  custom_id text not null unique,
  custom_name text not null,
  avatar text not null default '',
  money bigint not null default 0 check (money >= 0),
  point bigint not null default 0,
  platform text not null default '',
  watcher_count integer not null default 0,
  watching_count integer not null default 0,
  reward_count integer not null default 0,
  reward_last_date timestamptz,
  is_private boolean not null default false,
  is_verified boolean not null default false,
  is_business boolean not null default false,
  country_code text not null default '',
  last_client_region text not null default '',
  project_start_list text[] not null default '{}',
  virtual_level integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Growth orders (kind 'growth': heart, watch, others) and recharge payments (kind 'recharge').
create table orders (
  id bigserial primary key,
  kind text not null check (kind in ('growth', 'recharge')),
  order_sn text not null unique,
  person_id bigint not null,
  shopping_user text not null,
  shopping_pic text not null default '',
  shopping_text text not null default '',
  product_type text not null,
  count integer not null default 0,
  start_count integer not null default 0,
  payment_money numeric(12,2) not null default 0,
  payment_type text not null default '',
  prom_code text,
  platform text not null default '',
  -- coins paid for a growth order, or coins given by a recharge: what a refund moves back
  coins bigint not null default 0,
  is_complete boolean not null default false,
  is_error boolean not null default false,
  is_refund boolean not null default false,
  error_message text,
  created_at timestamptz not null default now(),
  refunded_at timestamptz,
  -- One exclusive state for the rollups, written with the flags (seeder, refund):
  -- refunded (complete and refunded), completed (complete, not refunded), error, pending.
  state text not null default 'pending'
);

create table coin_ledger (
  id bigserial primary key,
  person_id bigint not null,
  delta bigint not null,
  balance_after bigint not null,
  reason text not null,
  order_id bigint,
  admin_id bigint,
  created_at timestamptz not null default now()
);
create index coin_ledger_person on coin_ledger (person_id, id);

create table audit_log (
  id bigserial primary key,
  admin_id bigint,
  admin_username text not null,
  action text not null,
  target text not null default '',
  summary text not null default '',
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index audit_log_created on audit_log (created_at desc);

-- Rollups kept current by triggers, so analytics and list totals never scan the big tables.
create table order_hourly (
  kind text not null,
  product_type text not null,
  state text not null,
  hour timestamptz not null,
  n bigint not null default 0,
  revenue numeric(16,2) not null default 0,
  primary key (hour, kind, product_type, state)
);
create table order_totals (
  kind text not null,
  product_type text not null,
  state text not null,
  n bigint not null default 0,
  revenue numeric(16,2) not null default 0,
  primary key (kind, product_type, state)
);
-- Users per UTC day of their last activity (updated_at): activeUsers without counting persons.
create table person_active_daily (
  day date not null primary key,
  n bigint not null default 0
);
create table person_hourly (
  hour timestamptz not null,
  region text not null,
  n bigint not null default 0,
  primary key (hour, region)
);

create function order_rollup_apply(o orders, sign integer) returns void language plpgsql as $fn$
begin
  insert into order_hourly (kind, product_type, state, hour, n, revenue)
  values (o.kind, o.product_type, o.state, date_trunc('hour', o.created_at, 'UTC'), sign, sign * o.payment_money)
  on conflict (hour, kind, product_type, state)
  do update set n = order_hourly.n + excluded.n, revenue = order_hourly.revenue + excluded.revenue;
  insert into order_totals (kind, product_type, state, n, revenue) values (o.kind, o.product_type, o.state, sign, sign * o.payment_money)
  on conflict (kind, product_type, state)
  do update set n = order_totals.n + excluded.n, revenue = order_totals.revenue + excluded.revenue;
end
$fn$;

create function orders_rollup_trigger() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' then
    if old.state is not distinct from new.state and old.created_at = new.created_at
       and old.product_type = new.product_type and old.kind = new.kind
       and old.payment_money = new.payment_money then
      return null;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then perform order_rollup_apply(old, -1); end if;
  if tg_op in ('UPDATE', 'INSERT') then perform order_rollup_apply(new, 1); end if;
  return null;
end
$fn$;
create trigger orders_rollup after insert or update or delete on orders
  for each row execute function orders_rollup_trigger();

create function persons_rollup_trigger() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('UPDATE', 'DELETE') and (tg_op = 'DELETE' or (old.updated_at at time zone 'UTC')::date <> (new.updated_at at time zone 'UTC')::date) then
    update person_active_daily set n = n - 1 where day = (old.updated_at at time zone 'UTC')::date;
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (old.updated_at at time zone 'UTC')::date <> (new.updated_at at time zone 'UTC')::date) then
    insert into person_active_daily (day, n) values ((new.updated_at at time zone 'UTC')::date, 1)
    on conflict (day) do update set n = person_active_daily.n + 1;
  end if;
  if tg_op = 'UPDATE' then
    if old.created_at = new.created_at and old.last_client_region = new.last_client_region then
      return null;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update person_hourly set n = n - 1
     where hour = date_trunc('hour', old.created_at, 'UTC') and region = old.last_client_region;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into person_hourly (hour, region, n) values (date_trunc('hour', new.created_at, 'UTC'), new.last_client_region, 1)
    on conflict (hour, region) do update set n = person_hourly.n + 1;
  end if;
  return null;
end
$fn$;
create trigger persons_rollup after insert or update or delete on persons
  for each row execute function persons_rollup_trigger();
`,
  },
  {
    // The trends chart's own hourly rollup: one row per hour with exactly its four counters, so a
    // 30-day hourly chart reads 720 rows instead of grouping ~17k order_hourly and ~7k person_hourly rows.
    version: 2,
    sql: `
create table trend_hourly (
  hour timestamptz primary key,
  new_users bigint not null default 0,
  coins bigint not null default 0,     -- recharge payments, any state
  likes bigint not null default 0,     -- orders of product type heart, any state
  followers bigint not null default 0  -- orders of product type watch, any state
);
${TREND_HOURLY_FILL}

create function trend_hourly_orders_apply(o orders, sign integer) returns void language plpgsql as $fn$
begin
  if o.kind = 'recharge' or o.product_type in ('heart', 'watch') then
    insert into trend_hourly (hour, coins, likes, followers)
    values (date_trunc('hour', o.created_at, 'UTC'),
            case when o.kind = 'recharge' then sign else 0 end,
            case when o.product_type = 'heart' then sign else 0 end,
            case when o.product_type = 'watch' then sign else 0 end)
    on conflict (hour) do update set coins = trend_hourly.coins + excluded.coins,
      likes = trend_hourly.likes + excluded.likes, followers = trend_hourly.followers + excluded.followers;
  end if;
end
$fn$;
create function trend_hourly_orders_trigger() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('UPDATE', 'DELETE') then perform trend_hourly_orders_apply(old, -1); end if;
  if tg_op in ('UPDATE', 'INSERT') then perform trend_hourly_orders_apply(new, 1); end if;
  return null;
end
$fn$;
-- Only writes that can move an order between buckets or counters fire it (a refund changes neither).
create trigger trend_hourly_orders after insert or delete or update of created_at, kind, product_type on orders
  for each row execute function trend_hourly_orders_trigger();

create function trend_hourly_persons_trigger() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update trend_hourly set new_users = new_users - 1 where hour = date_trunc('hour', old.created_at, 'UTC');
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into trend_hourly (hour, new_users) values (date_trunc('hour', new.created_at, 'UTC'), 1)
    on conflict (hour) do update set new_users = trend_hourly.new_users + 1;
  end if;
  return null;
end
$fn$;
create trigger trend_hourly_persons after insert or delete or update of created_at on persons
  for each row execute function trend_hourly_persons_trigger();
`,
  },
  {
    // The list indexes led by the kind column become partial indexes per kind (ORDER_LIST_INDEXES).
    version: 3,
    sql: `
drop index if exists orders_kind_created;
drop index if exists orders_kind_pending;
drop index if exists orders_kind_error;
drop index if exists orders_kind_refunded;
${ORDER_LIST_INDEXES.map((i) => `${i.ddl.replace('create index ', 'create index if not exists ')};`).join('\n')}
`,
  },
  {
    // What the pages' CSP blocked in administrators' browsers (POST /api/csp-report); housekeeping
    // keeps the newest rows only.
    version: 5,
    sql: `
create table csp_reports (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  document_url text not null,
  directive text not null,
  blocked_url text not null,
  source_file text not null,
  line integer,
  col integer,
  sample text not null,
  disposition text not null,
  ip text not null,
  user_agent text not null
);
`,
  },
];

export function indexesSql(): string {
  return BULK_INDEXES.map((i) => `${i.ddl};`).join('\n');
}

/** Every table the triggers keep current from orders and persons. */
export const ROLLUP_TABLES = ['order_hourly', 'order_totals', 'person_hourly', 'person_active_daily', 'trend_hourly'];

/** Rebuilds every rollup from the base tables (after a bulk load with triggers off). */
export async function rebuildRollups(q: Queryable): Promise<void> {
  await q.exec(`
truncate ${ROLLUP_TABLES.join(', ')};
-- hour buckets by epoch arithmetic (same values as date_trunc('hour', t, 'UTC'), far cheaper per row)
insert into order_hourly (kind, product_type, state, hour, n, revenue)
  select kind, product_type, state, to_timestamp(h * 3600), count(*), sum(payment_money)
    from (select kind, product_type, state, payment_money, floor(extract(epoch from created_at) / 3600)::bigint as h from orders) o
   group by 1, 2, 3, 4;
insert into order_totals (kind, product_type, state, n, revenue)
  select kind, product_type, state, sum(n), sum(revenue) from order_hourly group by 1, 2, 3;
insert into person_active_daily (day, n)
  select (updated_at at time zone 'UTC')::date, count(*) from persons group by 1;
insert into person_hourly (hour, region, n)
  select to_timestamp(h * 3600), last_client_region, count(*)
    from (select floor(extract(epoch from created_at) / 3600)::bigint as h, last_client_region from persons) p group by 1, 2;
${TREND_HOURLY_FILL}
`);
}

const LOCK_ID = 74_280_013;

/** Applies pending migrations; answers whether the database was just created (from version 0). */
export async function migrate(db: Db): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.exec('create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())');
    const rows = await tx.query<{ version: number }>('select version from schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    // Every migration not applied yet, in version order: one that landed after a higher-numbered
    // one (teams merging in parallel) is still applied.
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      await tx.exec(m.sql);
      if (m.version === 1) await tx.exec(indexesSql());
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
    }
    return { created: applied.size === 0 };
  });
}
