// The dashboard's figures from the rollup tables (order_hourly, order_totals, person_hourly,
// person_active_daily, trend_hourly): never a scan of orders or persons. Days are UTC calendar days,
// except the trends', which are counted in the time zone asked for.
import type { OrderStats, RevenueStats, TrendPeriod, TrendPoint, UserStats } from '@growth-admin/api-contract';
import type { Queryable } from '../../db';
import type { TrendWindow } from './trendWindow';

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;
/** 00:00 UTC of today. Boundaries are computed here and passed as parameters: PostgreSQL would
 * otherwise re-evaluate now()/interval arithmetic for every rollup row. */
const utcMidnight = () => new Date(Math.floor(Date.now() / DAY) * DAY);

export async function userStats(q: Queryable): Promise<UserStats> {
  const hourNow = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const [totals] = await q.query<{ total: number; today: number; week: number; month: number }>(
    `select coalesce(sum(n), 0)::int as total,
            coalesce(sum(n) filter (where hour >= $1), 0)::int as today,
            coalesce(sum(n) filter (where hour >= $2), 0)::int as week,
            coalesce(sum(n) filter (where hour >= $3), 0)::int as month
       from person_hourly`,
    [utcMidnight(), new Date(hourNow - 7 * DAY), new Date(hourNow - 30 * DAY)],
  );
  const regions = await q.query<{ region: string; count: number }>(
    'select region, sum(n)::int as count from person_hourly group by region having sum(n) > 0 order by count desc, region',
  );
  const [active] = await q.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from person_active_daily where day >= $1::date', [
    new Date(utcMidnight().getTime() - 6 * DAY).toISOString().slice(0, 10),
  ]);
  return {
    activeUsers: active.n,
    total: totals.total,
    newUsers: { today: totals.today, week: totals.week, month: totals.month },
    regionDistribution: regions,
  };
}

/** Revenue = paymentMoney of complete, not refunded orders and payments. */
export async function revenueStats(q: Queryable): Promise<RevenueStats> {
  // The day boundary is a parameter (not a join), so the scan is an index range on order_hourly's hour.
  const today = utcMidnight();
  const [s] = await q.query<Record<string, number>>(
    `select coalesce(sum(revenue) filter (where hour >= $1 and state = 'completed'), 0)::float8 as today_rev,
            coalesce(sum(n) filter (where hour >= $1), 0)::int as today_n,
            coalesce(sum(revenue) filter (where hour >= $2 and hour < $1 and state = 'completed'), 0)::float8 as y_rev,
            coalesce(sum(n) filter (where hour >= $2 and hour < $1), 0)::int as y_n,
            coalesce(sum(revenue) filter (where state = 'completed'), 0)::float8 as week_rev,
            coalesce(sum(n), 0)::int as week_n
       from order_hourly where hour >= $3`,
    [today, new Date(today.getTime() - DAY), new Date(today.getTime() - 6 * DAY)],
  );
  const types = await q.query<{ type: string; revenue: number }>(
    `select product_type as type, sum(revenue)::float8 as revenue from order_totals where state = 'completed'
      group by product_type order by revenue desc, type`,
  );
  const growth = s.y_rev > 0 ? round2(((s.today_rev - s.y_rev) / s.y_rev) * 100) : s.today_rev > 0 ? 100 : 0;
  return {
    today: { revenue: round2(s.today_rev), growth, orderCount: s.today_n },
    yesterday: { revenue: round2(s.y_rev), orderCount: s.y_n },
    week: { revenue: round2(s.week_rev), orderCount: s.week_n },
    productTypes: types.map((t) => ({ type: t.type, revenue: round2(t.revenue) })),
  };
}

/**
 * One point per bucket of `window` (its first and last buckets whole), oldest first, empty buckets
 * included. Days and weeks (from Monday) are calendar days in `zone`, so a day bar counts what a
 * list reading that day in the same zone counts; PostgreSQL's date_trunc and local-time series
 * follow the zone's DST changes (a day of 23 or 25 hours). Hours are the rollup's UTC hours: in a
 * zone whose offset is not a whole number of hours (Asia/Kolkata, +05:30) a day holds the rollup
 * hours that start in it, i.e. it is shifted by the offset's minutes.
 */
export async function trends(q: Queryable, period: TrendPeriod, window: TrendWindow, zone = 'UTC'): Promise<TrendPoint[]> {
  // Buckets are cut in this zone: hours always in UTC (the rollup's own).
  const cut = period === 'hour' ? 'UTC' : zone;
  const [start, end, from, to] = 'from' in window ? [null, null, window.from, window.to] : [new Date(window.start), new Date(window.end), null, null];
  // One JSON text rather than up to 8,784 rows: PGlite's per-row result handling costs several
  // times what the query itself does. The window's ends are instants, or midnights of days in the zone.
  const [{ points }] = await q.query<{ points: string }>(
    `with w as (select coalesce($3::timestamptz, $5::date::timestamp at time zone $2) as lo,
                       coalesce($4::timestamptz, ($6::date + 1)::timestamp at time zone $2) as hi),
          b as (select date_trunc($1, lo, $7) as first, date_trunc($1, hi - interval '1 microsecond', $7) as last from w),
          buckets as (select generate_series(first at time zone $7, last at time zone $7, $8::interval) at time zone $7 as t from b),
          h as (select date_trunc($1, hour, $7) as t, sum(new_users) as users, sum(coins) as coins, sum(likes) as likes, sum(followers) as followers
                  from trend_hourly, b where hour >= b.first and hour < (b.last at time zone $7 + $8::interval) at time zone $7 group by 1)
     select coalesce(json_agg(json_build_array(extract(epoch from buckets.t)::bigint, coalesce(h.users, 0), coalesce(h.coins, 0),
                                      coalesce(h.likes, 0), coalesce(h.followers, 0)) order by buckets.t), '[]')::text as points
       from buckets left join h on h.t = buckets.t`,
    [period, zone, start, end, from, to, cut, `1 ${period}`],
  );
  return (JSON.parse(points) as number[][]).map(([t, users, coins, likes, followers]) => ({
    time: new Date(t * 1000).toISOString(),
    newUsers: users,
    orders: { coins, likes, followers },
  }));
}

/** Counts by spec 4's status filters (completed includes refunded), by product type and kind, and of today. */
export async function orderStats(q: Queryable): Promise<OrderStats> {
  const totals = await q.query<{ kind: string; state: string; n: number }>('select kind, state, sum(n)::int as n from order_totals group by 1, 2');
  const byState = { completed: 0, pending: 0, error: 0, refunded: 0 };
  const byKind = { orders: 0, payments: 0 };
  let total = 0;
  for (const t of totals) {
    total += t.n;
    byKind[t.kind === 'recharge' ? 'payments' : 'orders'] += t.n;
    if (t.state === 'refunded') byState.refunded += t.n;
    if (t.state === 'completed' || t.state === 'refunded') byState.completed += t.n;
    if (t.state === 'pending') byState.pending += t.n;
    if (t.state === 'error') byState.error += t.n;
  }
  const types = await q.query<{ type: string; n: number }>('select product_type as type, sum(n)::int as n from order_totals group by 1 order by 1');
  const [today] = await q.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from order_hourly where hour >= $1', [utcMidnight()]);
  return { total, byState, byType: Object.fromEntries(types.map((t) => [t.type, t.n])), byKind, today: today.n };
}
