-- 1: the first schema: admins and sessions, projects, persons, orders (growth orders and recharge
-- payments in one table), the coin ledger, the audit log, and the rollups the triggers keep current
-- (analytics and list totals never scan the big tables).

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

-- Secondary indexes (the seeder drops and rebuilds them around bulk loads).
create index orders_growth_created on orders (created_at desc, id desc) where kind = 'growth';
create index orders_growth_pending on orders (created_at desc, id desc) where kind = 'growth' and not is_complete and not is_error;
create index orders_growth_error on orders (created_at desc, id desc) where kind = 'growth' and is_error;
create index orders_growth_refunded on orders (created_at desc, id desc) where kind = 'growth' and is_refund;
create index orders_recharge_created on orders (created_at desc, id desc) where kind = 'recharge';
create index orders_recharge_pending on orders (created_at desc, id desc) where kind = 'recharge' and not is_complete and not is_error;
create index orders_recharge_error on orders (created_at desc, id desc) where kind = 'recharge' and is_error;
create index orders_recharge_refunded on orders (created_at desc, id desc) where kind = 'recharge' and is_refund;
create index orders_person on orders (person_id);
create index persons_name on persons (lower(custom_name) text_pattern_ops);
create index persons_updated on persons (updated_at);
