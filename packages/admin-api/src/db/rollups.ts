// The rollup tables the triggers keep current from orders and persons, and how to rebuild them all
// from the base tables (after a bulk load with the triggers off: the seeder).
import type { Queryable } from './types';

export const ROLLUP_TABLES = ['order_hourly', 'order_totals', 'order_name_totals', 'person_hourly', 'person_active_daily', 'trend_hourly'];

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
insert into order_name_totals (name, kind, completed, pending, error, refunded)
  select lower(shopping_user), kind, count(*) filter (where state = 'completed'), count(*) filter (where state = 'pending'),
         count(*) filter (where state = 'error'), count(*) filter (where state = 'refunded')
    from orders group by 1, 2;
insert into person_active_daily (day, n)
  select (updated_at at time zone 'UTC')::date, count(*) from persons group by 1;
insert into person_hourly (hour, region, n)
  select to_timestamp(h * 3600), last_client_region, count(*)
    from (select floor(extract(epoch from created_at) / 3600)::bigint as h, last_client_region from persons) p group by 1, 2;
insert into trend_hourly (hour, new_users, coins, likes, followers)
  select hour, sum(users), sum(coins), sum(likes), sum(followers) from (
    select hour, n as users, 0 as coins, 0 as likes, 0 as followers from person_hourly
    union all
    select hour, 0, case when kind = 'recharge' then n else 0 end, case when product_type = 'heart' then n else 0 end,
           case when product_type = 'watch' then n else 0 end
      from order_hourly) x
   group by hour;
`);
}

/** The secondary indexes of `tables` as the database has them (name and DDL), primary keys and unique constraints aside. */
export async function secondaryIndexes(q: Queryable, tables: string[]): Promise<Array<{ name: string; ddl: string }>> {
  return q.query<{ name: string; ddl: string }>(
    `select i.indexname as name, i.indexdef as ddl from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      order by i.indexname`,
    [tables],
  );
}
