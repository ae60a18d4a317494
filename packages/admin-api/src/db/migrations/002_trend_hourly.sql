-- 2: the trends chart's own hourly rollup: one row per hour with exactly its four counters, so a
-- 30-day hourly chart reads 720 rows instead of grouping the order and person rollups.

create table trend_hourly (
  hour timestamptz primary key,
  new_users bigint not null default 0,
  coins bigint not null default 0,     -- recharge payments, any state
  likes bigint not null default 0,     -- orders of product type heart, any state
  followers bigint not null default 0  -- orders of product type watch, any state
);

insert into trend_hourly (hour, new_users, coins, likes, followers)
  select hour, sum(users), sum(coins), sum(likes), sum(followers) from (
    select hour, n as users, 0 as coins, 0 as likes, 0 as followers from person_hourly
    union all
    select hour, 0, case when kind = 'recharge' then n else 0 end, case when product_type = 'heart' then n else 0 end,
           case when product_type = 'watch' then n else 0 end
      from order_hourly) x
   group by hour;

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
