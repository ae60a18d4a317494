// Analytics: shapes of spec 3, figures that agree with the data, trends buckets.
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());

test('users: activeUsers, total, newUsers.week, regionDistribution from the data', async () => {
  const r = await t.api.get('/api/admin/analytics/users');
  expect(r.status).toBe(200);
  const d = r.body.data;
  const [c] = await t.sql(`select count(*)::int as total,
      count(*) filter (where created_at >= date_trunc('hour', now() - interval '7 days'))::int as week,
      count(*) filter (where updated_at >= date_trunc('day', now(), 'UTC') - interval '6 days')::int as active from persons`);
  expect(d.total).toBe(c.total);
  expect(d.activeUsers).toBe(c.active);
  expect(Math.abs(d.newUsers.week - c.week)).toBeLessThanOrEqual(5); // the rollup counts whole hours
  expect(d.regionDistribution.reduce((a: number, x: { count: number }) => a + x.count, 0)).toBe(c.total);
  for (const x of d.regionDistribution) expect(['NA', 'EU', 'AME', 'LA', 'AP']).toContain(x.region);
});

test('revenue: today, growth, week count, productTypes', async () => {
  const r = await t.api.get('/api/admin/analytics/revenue');
  expect(r.status).toBe(200);
  const d = r.body.data;
  const [c] = await t.sql(`select
      coalesce(sum(payment_money) filter (where state = 'completed' and created_at >= date_trunc('day', now(), 'UTC')), 0)::float8 as rev,
      count(*) filter (where created_at >= date_trunc('day', now(), 'UTC'))::int as today,
      count(*) filter (where created_at >= date_trunc('day', now(), 'UTC') - interval '6 days')::int as week from orders`);
  expect(d.today.revenue).toBeCloseTo(c.rev, 2);
  expect(d.today.orderCount).toBe(c.today);
  expect(d.week.orderCount).toBe(c.week);
  expect(typeof d.today.growth).toBe('number');
  const types = d.productTypes.map((x: { type: string }) => x.type);
  expect(types).toEqual(expect.arrayContaining(['heart', 'watch', 'coins']));
  const [all] = await t.sql("select sum(payment_money)::float8 as s from orders where state = 'completed'");
  expect(d.productTypes.reduce((a: number, x: { revenue: number }) => a + x.revenue, 0)).toBeCloseTo(all.s, 1);
});

test('activeUsers follows add-money (the person becomes active today)', async () => {
  const before = (await t.api.get('/api/admin/analytics/users')).body.data.activeUsers;
  const [idle] = await t.sql("select id::text as id from persons where updated_at < now() - interval '8 days' order by id limit 1");
  expect((await t.api.post('/api/admin/persons/add-money', { personId: idle.id, amount: 1 })).status).toBe(200);
  expect((await t.api.get('/api/admin/analytics/users')).body.data.activeUsers).toBe(before + 1);
});

test('revenue and counts follow writes (rollups kept by the triggers)', async () => {
  const before = (await t.api.get('/api/admin/analytics/orders')).body.data;
  const [o] = await t.sql("select id::text as id from orders where state = 'completed' limit 1");
  expect((await t.api.post('/api/admin/orders/refundOrder', { orderId: o.id })).status).toBe(200);
  const after = (await t.api.get('/api/admin/analytics/orders')).body.data;
  expect(after.byState.refunded).toBe(before.byState.refunded + 1);
  expect(after.byState.completed).toBe(before.byState.completed);
  expect(after.total).toBe(before.total);
});

test('orders stats: counts by state (spec 4 meanings), type and kind', async () => {
  const d = (await t.api.get('/api/admin/analytics/orders')).body.data;
  const [c] = await t.sql(`select count(*)::int as total, count(*) filter (where is_complete)::int as completed,
     count(*) filter (where not is_complete and not is_error)::int as pending, count(*) filter (where is_error)::int as error,
     count(*) filter (where is_refund)::int as refunded, count(*) filter (where kind = 'recharge')::int as payments from orders`);
  expect(d.total).toBe(c.total);
  expect(d.byState).toEqual({ completed: c.completed, pending: c.pending, error: c.error, refunded: c.refunded });
  expect(d.byKind).toEqual({ orders: c.total - c.payments, payments: c.payments });
  expect(d.byType.coins).toBe(c.payments);
});

test.each([
  ['day', 30, 31],
  ['hour', 2, 49],
  ['week', 30, 5],
] as const)('trends period=%s days=%i: one point per bucket, oldest first', async (period, days, approx) => {
  const r = await t.api.get('/api/admin/analytics/trends', { query: { period, days } });
  expect(r.status).toBe(200);
  const points = r.body.data;
  expect(Math.abs(points.length - approx)).toBeLessThanOrEqual(1);
  for (const p of points) {
    expect(new Date(p.time).toISOString()).toBe(p.time);
    expect(p).toEqual({ time: p.time, newUsers: expect.any(Number), orders: { coins: expect.any(Number), likes: expect.any(Number), followers: expect.any(Number) } });
  }
  for (let i = 1; i < points.length; i++) expect(points[i].time > points[i - 1].time).toBe(true);
});

test('trends totals agree with the orders table; defaults are day and 30', async () => {
  const r = await t.api.get('/api/admin/analytics/trends');
  const points = r.body.data;
  expect(points.length).toBe(31);
  const first = points[0].time;
  const [c] = await t.sql(`select count(*) filter (where product_type = 'heart')::int as likes, count(*) filter (where product_type = 'watch')::int as followers,
      count(*) filter (where kind = 'recharge')::int as coins from orders where created_at >= $1`, [first]);
  const sum = (k: 'likes' | 'followers' | 'coins') => points.reduce((a: number, p: { orders: Record<string, number> }) => a + p.orders[k], 0);
  expect({ likes: sum('likes'), followers: sum('followers'), coins: sum('coins') }).toEqual(c);
});

test('trends by hour agree, bucket by bucket, with the orders and persons tables', async () => {
  const points = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'hour', days: 3 } })).body.data;
  const rows = await t.sql(`select t, sum(u)::int as "newUsers", sum(c)::int as coins, sum(l)::int as likes, sum(f)::int as followers from (
      select date_trunc('hour', created_at, 'UTC') as t, 1 as u, 0 as c, 0 as l, 0 as f from persons
      union all
      select date_trunc('hour', created_at, 'UTC'), 0, (kind = 'recharge')::int, (product_type = 'heart')::int, (product_type = 'watch')::int from orders) x
    where t >= $1 group by t`, [points[0].time]);
  const expected = new Map(rows.map((x) => [new Date(x.t).toISOString(), { newUsers: x.newUsers, orders: { coins: x.coins, likes: x.likes, followers: x.followers } }]));
  expect(points.reduce((a: number, p: { newUsers: number }) => a + p.newUsers, 0)).toBeGreaterThan(0);
  for (const p of points) expect({ time: p.time, newUsers: p.newUsers, orders: p.orders }).toEqual({ time: p.time, ...(expected.get(p.time) ?? { newUsers: 0, orders: { coins: 0, likes: 0, followers: 0 } }) });
});

test('trends follow writes: new users and orders land in their hour, a refund moves nothing, deletes take them back', async () => {
  const lastHour = async () => {
    const points = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'hour', days: 1 } })).body.data;
    return points[points.length - 1];
  };
  const before = await lastHour();
  const [p] = await t.sql("insert into persons (custom_id, custom_name) values ('trend-test-1', 'trend test') returning id::text as id");
  await t.sql(
    `insert into orders (kind, order_sn, person_id, shopping_user, product_type, state, is_complete)
     values ('growth', 'TREND-1', $1, 'trend test', 'heart', 'completed', true), ('growth', 'TREND-2', $1, 'trend test', 'watch', 'pending', false),
            ('recharge', 'TREND-3', $1, 'trend test', 'coins', 'completed', true)`,
    [p.id],
  );
  const added = await lastHour();
  expect(added.time).toBe(before.time);
  expect(added.newUsers).toBe(before.newUsers + 1);
  expect(added.orders).toEqual({ coins: before.orders.coins + 1, likes: before.orders.likes + 1, followers: before.orders.followers + 1 });

  const [o] = await t.sql("select id::text as id from orders where order_sn = 'TREND-1'");
  expect((await t.api.post('/api/admin/orders/refundOrder', { orderId: o.id })).status).toBe(200);
  expect(await lastHour()).toEqual(added);

  await t.sql("delete from orders where order_sn like 'TREND-%'");
  await t.sql('delete from coin_ledger where person_id = $1', [p.id]);
  await t.sql('delete from persons where id = $1', [p.id]);
  expect(await lastHour()).toEqual(before);
});

test('trends validation', async () => {
  for (const q of [{ period: 'month' }, { days: 0 }, { days: 367 }, { days: 'ten' }]) {
    const r = await t.api.get('/api/admin/analytics/trends', { query: q as unknown as Record<string, string> });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/period|days/);
  }
});

test('trends from/to: whole UTC days, both ends included, each bucket agreeing with the tables', async () => {
  const day = (offset: number) => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [day(-9), day(-3)];
  const r = await t.api.get('/api/admin/analytics/trends', { query: { period: 'day', from, to } });
  expect(r.status).toBe(200);
  const points = r.body.data as Array<{ time: string; newUsers: number; orders: Record<string, number> }>;
  expect(points.map((p) => p.time.slice(0, 10))).toEqual(Array.from({ length: 7 }, (_, i) => day(-9 + i)));
  const rows = await t.sql(
    `select to_char(date_trunc('day', created_at, 'UTC'), 'YYYY-MM-DD') as d,
            count(*) filter (where kind = 'recharge')::int as coins, count(*) filter (where product_type = 'heart')::int as likes,
            count(*) filter (where product_type = 'watch')::int as followers
       from orders where created_at >= $1::date and created_at < $2::date + 1 group by 1`,
    [from, to],
  );
  const byDay = new Map(rows.map((x) => [x.d, { coins: x.coins, likes: x.likes, followers: x.followers }]));
  for (const p of points) expect(p.orders).toEqual(byDay.get(p.time.slice(0, 10)) ?? { coins: 0, likes: 0, followers: 0 });
  expect(points.reduce((a, p) => a + p.orders.coins + p.orders.likes + p.orders.followers, 0)).toBeGreaterThan(0);

  // One day by the hour: 24 points, that day's.
  const hours = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'hour', from: to, to } })).body.data as Array<{ time: string }>;
  expect(hours).toHaveLength(24);
  expect(hours[0].time).toBe(`${to}T00:00:00.000Z`);
  expect(hours[23].time).toBe(`${to}T23:00:00.000Z`);
});

test('trends from/to validation: each rule answered 400 naming the field', async () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ from: '2026-11-01' }, /'to' is required/],
    [{ to: '2026-11-01' }, /'from' is required/],
    [{ from: '2026-11-1', to: '2026-11-02' }, /from/],
    [{ from: '2026-02-30', to: '2026-03-02' }, /^from must be a real calendar day \(YYYY-MM-DD/],
    [{ from: '2026-11-01', to: '2026-13-01' }, /^to must be a real calendar day \(YYYY-MM-DD/],
    [{ from: '2026-11-05', to: '2026-11-01' }, /'to' must not be before 'from'/],
    [{ from: '2024-01-01', to: '2025-01-01' }, /at most 366 days/],
  ];
  for (const [query, message] of cases) {
    const r = await t.api.get('/api/admin/analytics/trends', { query });
    expect({ query, status: r.status, code: r.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    expect(r.body.message).toMatch(message);
  }
  // 366 days is the most: a leap year whole.
  expect((await t.api.get('/api/admin/analytics/trends', { query: { from: '2024-01-01', to: '2024-12-31' } })).status).toBe(200);
});

/** The calendar day (YYYY-MM-DD) `offset` days from today in `zone`. */
const zonedDay = (zone: string, offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + offset * 86_400_000);

test('trends tz: days from/to are calendar days in the zone, each bucket agreeing with the orders counted by that zone\'s days', async () => {
  const zone = 'America/New_York';
  const [from, to] = [zonedDay(zone, -9), zonedDay(zone, -2)];
  const r = await t.api.get('/api/admin/analytics/trends', { query: { period: 'day', from, to, tz: zone } });
  expect(r.status).toBe(200);
  const points = r.body.data as Array<{ time: string; newUsers: number; orders: Record<string, number> }>;
  // Each bucket starts at the zone's midnight: 05:00 or 04:00 UTC (EST / EDT).
  const [days] = await t.sql(
    `select array_agg(to_char((d::timestamp at time zone $3) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') order by d) as starts
       from generate_series($1::date, $2::date, interval '1 day') d`,
    [from, to, zone],
  );
  expect(points.map((p) => p.time)).toEqual(days.starts);
  expect(points.every((p) => /T0[45]:00:00\.000Z$/.test(p.time))).toBe(true);
  const rows = await t.sql(
    `select to_char(date_trunc('day', created_at, $3), 'YYYY-MM-DD') as d,
            count(*) filter (where kind = 'recharge')::int as coins, count(*) filter (where product_type = 'heart')::int as likes,
            count(*) filter (where product_type = 'watch')::int as followers
       from orders where created_at >= ($1::date)::timestamp at time zone $3 and created_at < ($2::date + 1)::timestamp at time zone $3 group by 1`,
    [from, to, zone],
  );
  const byDay = new Map(rows.map((x) => [x.d, { coins: x.coins, likes: x.likes, followers: x.followers }]));
  const dayOf = (time: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(time));
  for (const p of points) expect({ day: dayOf(p.time), orders: p.orders }).toEqual({ day: dayOf(p.time), orders: byDay.get(dayOf(p.time)) ?? { coins: 0, likes: 0, followers: 0 } });
  expect(points.reduce((a, p) => a + p.orders.coins + p.orders.likes + p.orders.followers, 0)).toBeGreaterThan(0);

  // The same days in UTC are other buckets with other counts (the seed's orders spread over the day).
  const utc = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'day', from, to } })).body.data as typeof points;
  expect(utc.map((p) => p.time)).toEqual(days.starts.map((s: string) => `${s.slice(0, 10)}T00:00:00.000Z`));
  expect(utc.map((p) => p.orders)).not.toEqual(points.map((p) => p.orders));

  // One day by the hour: the zone's 24 hours, UTC hours from its midnight.
  const hours = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'hour', from: to, to, tz: zone } })).body.data as Array<{ time: string }>;
  expect(hours).toHaveLength(24);
  expect(hours[0].time).toBe(days.starts.at(-1));
});

test('trends tz: weeks start on the zone\'s Monday; the last days and a half-hour zone', async () => {
  const weeks = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'week', days: 30, tz: 'Asia/Tokyo' } })).body.data as Array<{ time: string }>;
  expect(weeks.length).toBeGreaterThanOrEqual(5);
  for (const w of weeks) {
    // Monday 00:00 in Tokyo (+09:00, no DST) is Sunday 15:00 UTC.
    expect(new Date(w.time).getUTCDay()).toBe(0);
    expect(w.time).toMatch(/T15:00:00\.000Z$/);
  }
  const days = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'day', days: 30, tz: 'Europe/Berlin' } })).body.data as Array<{ time: string }>;
  // 30 × 24 hours back, across the end of summer time (Oct 25): 30 or 31 Berlin days, by the hour of now.
  expect(days.length === 30 || days.length === 31).toBe(true);
  const inBerlin = (time: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(time));
  expect(inBerlin(days.at(-1)!.time)).toBe(`${zonedDay('Europe/Berlin', 0)}, 00:00`);
  for (const d of days) expect(d.time).toMatch(/T2[23]:00:00\.000Z$/); // midnight in Berlin, CET or CEST
  // A half-hour zone: days start at its midnight, each holding the rollup hours that start in it.
  const kolkata = (await t.api.get('/api/admin/analytics/trends', { query: { period: 'day', days: 3, tz: 'Asia/Kolkata' } })).body.data as Array<{ time: string; orders: Record<string, number> }>;
  for (const d of kolkata) expect(d.time).toMatch(/T18:30:00\.000Z$/);
  // An alias is the same zone; UTC named is the default.
  expect(kolkata.length).toBeGreaterThanOrEqual(3);
  expect((await t.api.get('/api/admin/analytics/trends', { query: { tz: 'Asia/Calcutta', days: 3 } })).body.data).toEqual(kolkata);
  expect((await t.api.get('/api/admin/analytics/trends', { query: { tz: 'UTC' } })).body.data).toEqual((await t.api.get('/api/admin/analytics/trends')).body.data);
});

test('trends tz validation: an unknown or malformed zone is a 400 naming tz', async () => {
  for (const tz of ['Mars/Olympus_Mons', 'Europe/Berlinn', '+05:30', 'ABC+3', 'EST5EDT,M3.2.0,M11.1.0', '', 'x'.repeat(65)]) {
    const r = await t.api.get('/api/admin/analytics/trends', { query: { tz } });
    expect({ tz, status: r.status, code: r.body.code }).toEqual({ tz, status: 400, code: 'VALIDATION_ERROR' });
    expect(r.body.message).toMatch(/tz/);
  }
});
