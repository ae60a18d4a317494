// Analytics from the rollup tables (order_hourly, order_totals, person_hourly, trend_hourly): never a scan of
// orders or persons. Days are UTC calendar days.
import { Type } from '@sinclair/typebox';
import { Envelope } from '../http/schemas';
import { ERRORS, SECURED, typed, type App, type RouteDeps } from './common';

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;
/** 00:00 UTC of today. Boundaries are computed here and passed as plain parameters: PostgreSQL
 * would otherwise re-evaluate now()/interval arithmetic for every rollup row. */
const utcMidnight = () => new Date(Math.floor(Date.now() / DAY) * DAY);
type Period = 'hour' | 'day' | 'week';
const WEEK = 7 * DAY;
const MONDAY = 4 * DAY; // 1970-01-01 was a Thursday
/** Start (UTC) of the hour, day or Monday-based week holding `ms`. */
export function bucketStart(period: Period, ms: number): Date {
  if (period === 'hour') return new Date(Math.floor(ms / 3_600_000) * 3_600_000);
  if (period === 'day') return new Date(Math.floor(ms / DAY) * DAY);
  return new Date(Math.floor((ms - MONDAY) / WEEK) * WEEK + MONDAY);
}

export const analyticsRoutes = ({ db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);
    const tags = ['analytics'];

    r.get(
      '/analytics/users',
      {
        schema: {
          tags,
          ...SECURED,
          summary: 'activeUsers: users whose updatedAt falls on one of the last 7 UTC days (today included); newUsers: created today / in the last 7 / 30 days',
          response: {
            200: Envelope(
              Type.Object({
                activeUsers: Type.Integer(),
                total: Type.Integer(),
                newUsers: Type.Object({ today: Type.Integer(), week: Type.Integer(), month: Type.Integer() }),
                regionDistribution: Type.Array(Type.Object({ region: Type.String(), count: Type.Integer() })),
              }),
            ),
            ...ERRORS,
          },
        },
      },
      async () => {
        const hourNow = Math.floor(Date.now() / 3_600_000) * 3_600_000;
        const [totals] = await db.query<{ total: number; today: number; week: number; month: number }>(
          `select coalesce(sum(n), 0)::int as total,
                  coalesce(sum(n) filter (where hour >= $1), 0)::int as today,
                  coalesce(sum(n) filter (where hour >= $2), 0)::int as week,
                  coalesce(sum(n) filter (where hour >= $3), 0)::int as month
             from person_hourly`,
          [utcMidnight(), new Date(hourNow - 7 * DAY), new Date(hourNow - 30 * DAY)],
        );
        const regions = await db.query<{ region: string; count: number }>(
          `select region, sum(n)::int as count from person_hourly group by region having sum(n) > 0 order by count desc, region`,
        );
        const [active] = await db.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from person_active_daily where day >= $1::date', [
          new Date(utcMidnight().getTime() - 6 * DAY).toISOString().slice(0, 10),
        ]);
        return {
          data: {
            activeUsers: active.n,
            total: totals.total,
            newUsers: { today: totals.today, week: totals.week, month: totals.month },
            regionDistribution: regions,
          },
        };
      },
    );

    r.get(
      '/analytics/revenue',
      {
        schema: {
          tags,
          ...SECURED,
          summary:
            'Revenue = paymentMoney of complete, not refunded orders and payments. today: since UTC midnight, growth in % against yesterday; week: the last 7 UTC days; productTypes: all time',
          response: {
            200: Envelope(
              Type.Object({
                today: Type.Object({ revenue: Type.Number(), growth: Type.Number(), orderCount: Type.Integer() }),
                yesterday: Type.Object({ revenue: Type.Number(), orderCount: Type.Integer() }),
                week: Type.Object({ revenue: Type.Number(), orderCount: Type.Integer() }),
                productTypes: Type.Array(Type.Object({ type: Type.String(), revenue: Type.Number() })),
              }),
            ),
            ...ERRORS,
          },
        },
      },
      async () => {
        // The day boundary is a parameter (not a join), so the scan is an index range on order_hourly's hour.
        const today = utcMidnight();
        const [s] = await db.query<Record<string, number>>(
          `select coalesce(sum(revenue) filter (where hour >= $1 and state = 'completed'), 0)::float8 as today_rev,
                  coalesce(sum(n) filter (where hour >= $1), 0)::int as today_n,
                  coalesce(sum(revenue) filter (where hour >= $2 and hour < $1 and state = 'completed'), 0)::float8 as y_rev,
                  coalesce(sum(n) filter (where hour >= $2 and hour < $1), 0)::int as y_n,
                  coalesce(sum(revenue) filter (where state = 'completed'), 0)::float8 as week_rev,
                  coalesce(sum(n), 0)::int as week_n
             from order_hourly where hour >= $3`,
          [today, new Date(today.getTime() - DAY), new Date(today.getTime() - 6 * DAY)],
        );
        const types = await db.query<{ type: string; revenue: number }>(
          `select product_type as type, sum(revenue)::float8 as revenue from order_totals where state = 'completed'
            group by product_type order by revenue desc, type`,
        );
        const growth = s.y_rev > 0 ? round2(((s.today_rev - s.y_rev) / s.y_rev) * 100) : s.today_rev > 0 ? 100 : 0;
        return {
          data: {
            today: { revenue: round2(s.today_rev), growth, orderCount: s.today_n },
            yesterday: { revenue: round2(s.y_rev), orderCount: s.y_n },
            week: { revenue: round2(s.week_rev), orderCount: s.week_n },
            productTypes: types.map((t) => ({ type: t.type, revenue: round2(t.revenue) })),
          },
        };
      },
    );

    r.get(
      '/analytics/trends',
      {
        schema: {
          tags,
          ...SECURED,
          summary: 'One point per hour, day or week bucket (UTC) over the last `days` days, oldest first, empty buckets included',
          querystring: Type.Object(
            {
              period: Type.Unsafe<'hour' | 'day' | 'week'>({ type: 'string', enum: ['hour', 'day', 'week'], default: 'day' }),
              days: Type.Integer({ minimum: 1, maximum: 366, default: 30 }),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(
              Type.Array(
                Type.Object({
                  time: Type.String({ description: 'ISO start of the bucket' }),
                  newUsers: Type.Integer(),
                  orders: Type.Object({ coins: Type.Integer(), likes: Type.Integer(), followers: Type.Integer() }),
                }),
              ),
            ),
            ...ERRORS,
          },
        },
      },
      async (req) => {
        const { days } = req.query;
        const period = req.query.period as Period; // the schema's enum has validated it
        // trend_hourly holds one row per hour; days and weeks group them by epoch arithmetic (weeks
        // start on Monday, 1970-01-05 = epoch + 4 days), cheaper than date_trunc with a time zone.
        const bucket = {
          hour: 'hour',
          day: 'to_timestamp(floor(extract(epoch from hour) / 86400) * 86400)',
          week: 'to_timestamp(floor((extract(epoch from hour) - 345600) / 604800) * 604800 + 345600)',
        }[period];
        const now = Date.now();
        // One JSON text rather than up to 8,784 rows: PGlite's per-row result handling costs several
        // times what the query itself does.
        const [{ points }] = await db.query<{ points: string }>(
          `with buckets as (select generate_series($1::timestamptz, $2::timestamptz, interval '1 ${period}') as t),
                h as (select ${bucket} as t, sum(new_users) as users, sum(coins) as coins, sum(likes) as likes, sum(followers) as followers
                        from trend_hourly where hour >= $1 group by 1)
           select json_agg(json_build_array(extract(epoch from buckets.t)::bigint, coalesce(h.users, 0), coalesce(h.coins, 0),
                                            coalesce(h.likes, 0), coalesce(h.followers, 0)) order by buckets.t)::text as points
             from buckets left join h on h.t = buckets.t`,
          [bucketStart(period, now - days * DAY), bucketStart(period, now)],
        );
        return {
          data: (JSON.parse(points) as number[][]).map(([t, users, coins, likes, followers]) => ({
            time: new Date(t * 1000).toISOString(),
            newUsers: users,
            orders: { coins, likes, followers },
          })),
        };
      },
    );

    r.get(
      '/analytics/orders',
      {
        schema: {
          tags,
          ...SECURED,
          summary:
            'Counts of orders and payments: byState uses the status filters of spec 4 (completed includes refunded), byType per productType, byKind orders vs payments',
          response: {
            200: Envelope(
              Type.Object({
                total: Type.Integer(),
                byState: Type.Object({ completed: Type.Integer(), pending: Type.Integer(), error: Type.Integer(), refunded: Type.Integer() }),
                byType: Type.Record(Type.String(), Type.Integer()),
                byKind: Type.Object({ orders: Type.Integer(), payments: Type.Integer() }),
                today: Type.Integer(),
              }),
            ),
            ...ERRORS,
          },
        },
      },
      async () => {
        const totals = await db.query<{ kind: string; state: string; n: number }>('select kind, state, sum(n)::int as n from order_totals group by 1, 2');
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
        const types = await db.query<{ type: string; n: number }>('select product_type as type, sum(n)::int as n from order_totals group by 1 order by 1');
        const [today] = await db.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from order_hourly where hour >= $1', [utcMidnight()]);
        return { data: { total, byState, byType: Object.fromEntries(types.map((t) => [t.type, t.n])), byKind, today: today.n } };
      },
    );
  };
