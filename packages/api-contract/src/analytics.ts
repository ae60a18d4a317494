// The dashboard's figures (UTC days; trends in a chosen time zone), all from rollup tables.
import { Type } from '@sinclair/typebox';
import { CalendarDay } from './dates';
import { route } from './route';

export const TREND_PERIODS = ['hour', 'day', 'week'] as const;
/** An IANA time zone name (Europe/Berlin, America/Argentina/Buenos_Aires, UTC): no offsets or POSIX rules. */
const TIME_ZONE_PATTERN = '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$';
/** The longest span of a trends query, in days (with `days` or `from`/`to`). */
export const TRENDS_MAX_DAYS = 366;

export const UserStats = Type.Object({
  activeUsers: Type.Integer({ description: 'Users whose last activity falls on one of the last 7 UTC days, today included' }),
  total: Type.Integer(),
  newUsers: Type.Object({
    today: Type.Integer(),
    week: Type.Integer({ description: 'The last 7 days' }),
    month: Type.Integer({ description: 'The last 30 days' }),
  }),
  regionDistribution: Type.Array(Type.Object({ region: Type.String(), count: Type.Integer() }), { description: 'Users per region, largest first' }),
});

export const RevenueStats = Type.Object({
  today: Type.Object({
    revenue: Type.Number({ description: 'USD since 00:00 UTC' }),
    growth: Type.Number({ description: '% against yesterday (2 decimals; 100 when yesterday had none and today has some)' }),
    orderCount: Type.Integer(),
  }),
  yesterday: Type.Object({ revenue: Type.Number(), orderCount: Type.Integer() }),
  week: Type.Object({ revenue: Type.Number(), orderCount: Type.Integer() }),
  productTypes: Type.Array(Type.Object({ type: Type.String(), revenue: Type.Number() }), { description: 'Revenue per product type over all data' }),
});

export const TrendPoint = Type.Object({
  time: Type.String({ description: 'ISO start of the bucket' }),
  newUsers: Type.Integer(),
  orders: Type.Object({
    coins: Type.Integer({ description: 'Recharge payments created in the bucket' }),
    likes: Type.Integer({ description: 'heart orders' }),
    followers: Type.Integer({ description: 'watch orders' }),
  }),
});

export const OrderStats = Type.Object({
  total: Type.Integer(),
  byState: Type.Object(
    { completed: Type.Integer(), pending: Type.Integer(), error: Type.Integer(), refunded: Type.Integer() },
    { description: 'Spec 4 filter meanings: completed includes refunded' },
  ),
  byType: Type.Record(Type.String(), Type.Integer(), { description: 'Orders and payments per productType' }),
  byKind: Type.Object({ orders: Type.Integer(), payments: Type.Integer() }),
  today: Type.Integer(),
});

export const getUserStats = route({
  method: 'GET',
  path: '/api/admin/analytics/users',
  operationId: 'getUserStats',
  tag: 'analytics',
  summary: 'User figures',
  description: 'Total users, active users, new users today / in 7 / in 30 days, and users per region.',
  access: 'admin',
  data: UserStats,
});

export const getRevenueStats = route({
  method: 'GET',
  path: '/api/admin/analytics/revenue',
  operationId: 'getRevenueStats',
  tag: 'analytics',
  summary: 'Revenue figures',
  description: 'Revenue is the paymentMoney of complete, not refunded orders and payments: today with its growth against yesterday, the last 7 days, and per product type.',
  access: 'admin',
  data: RevenueStats,
});

export const getTrends = route({
  method: 'GET',
  path: '/api/admin/analytics/trends',
  operationId: 'getTrends',
  tag: 'analytics',
  summary: 'Activity over time',
  description:
    'One point per hour, day or week (days and weeks in the time zone `tz`, default UTC; weeks start on Monday) over the last `days` days, or from the day `from` to the day `to` (both calendar days in `tz`, inclusive, at most 366 days apart; given together, they replace `days`), oldest first, empty buckets included. Hours are UTC hours (the hourly rollups), so in a zone whose offset is not a whole number of hours a day or week holds the rollup hours that start in it.',
  access: 'admin',
  querystring: Type.Object(
    {
      period: Type.Unsafe<(typeof TREND_PERIODS)[number]>({ type: 'string', enum: [...TREND_PERIODS], default: 'day' }),
      days: Type.Integer({ minimum: 1, maximum: TRENDS_MAX_DAYS, default: 30 }),
      from: Type.Optional(CalendarDay('First day (YYYY-MM-DD, in `tz`), with `to`')),
      to: Type.Optional(CalendarDay('Last day (YYYY-MM-DD, in `tz`, inclusive), with `from`')),
      tz: Type.Optional(
        Type.String({
          pattern: TIME_ZONE_PATTERN,
          maxLength: 64,
          description: "IANA time zone of the days and weeks (the browser's); an unknown zone is a 400. Default UTC",
          examples: ['Europe/Berlin'],
        }),
      ),
    },
    { additionalProperties: false },
  ),
  data: Type.Array(TrendPoint),
});

export const getOrderStats = route({
  method: 'GET',
  path: '/api/admin/analytics/orders',
  operationId: 'getOrderStats',
  tag: 'analytics',
  summary: 'Order counts',
  description: 'Counts of orders and payments by status, by product type and by kind, and of those created today.',
  access: 'admin',
  data: OrderStats,
});
