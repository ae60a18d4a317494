// Restart keeps data; two instances on one PostgreSQL share sessions and replay protection;
// no input yields a 5xx.
import { Api, freshDatabase, ON_POSTGRES, startOn } from './helpers';

test('a restart keeps all data, sessions included', async () => {
  const db = await freshDatabase(ON_POSTGRES, { seeded: true });
  try {
    const first = await startOn(db);
    const api = new Api(first.url);
    const token = await api.login();
    const created = await api.post('/api/admin/projects', { projectName: 'Keep', projectId: 'com.keep', team: 'K', appId: 1, buildNumber: 2, checkNumber: 3 });
    expect(created.status).toBe(200);
    const money = await api.post('/api/admin/persons/add-money', { personId: '1', amount: 77 });
    expect(money.status).toBe(200);
    const orders = (await api.get('/api/admin/orders/orderList')).body.data.total;
    await first.close();

    const second = await startOn(db, { seedUsers: 5, seedOrders: 5 });
    try {
      const again = new Api(second.url);
      again.token = token; // the session survives the restart
      expect((await again.get(`/api/admin/projects/${created.body.data._id}`)).body.data.projectName).toBe('Keep');
      expect((await again.get('/api/admin/persons/query', { query: { id: '1' } })).body.data.money).toBe(money.body.data.money);
      expect((await again.get('/api/admin/orders/orderList')).body.data.total).toBe(orders); // not re-seeded
      const admins = await second.db.query<{ n: number }>('select count(*)::int as n from admins');
      expect(admins[0].n).toBe(1);
    } finally {
      await second.close();
    }
  } finally {
    await db.drop();
  }
});

/** The order list indexes migration 3 made partial per kind and status filter. */
const PARTIAL_LIST_INDEXES = ['growth', 'recharge'].flatMap((kind) => ['created', 'pending', 'error', 'refunded'].map((f) => `orders_${kind}_${f}`));

test('a database missing migrations 2 and 3 (but with later ones) gets them on start, its trends filled from the data, its list indexes replaced', async () => {
  const db = await freshDatabase(ON_POSTGRES, { seeded: true });
  try {
    const first = await startOn(db);
    const api = new Api(first.url);
    await api.login();
    const trends = async (a: Api) => (await a.get('/api/admin/analytics/trends', { query: { period: 'hour', days: 3 } })).body.data;
    const expected = await trends(api);
    await first.db.exec(`
      drop function trend_hourly_orders_trigger() cascade;
      drop function trend_hourly_persons_trigger() cascade;
      drop function trend_hourly_orders_apply(orders, integer);
      drop table trend_hourly;
      ${PARTIAL_LIST_INDEXES.map((name) => `drop index ${name};`).join('\n')}
      create index orders_kind_created on orders (kind, created_at desc, id desc);
      delete from schema_migrations where version in (2, 3);`); // below version 5, which stays: applied out of order
    await first.close();

    const second = await startOn(db);
    try {
      const again = new Api(second.url);
      await again.login();
      // Compared over the hours both answers cover (an hour may turn between them).
      const got = await trends(again);
      const common = (xs: Array<{ time: string }>, ys: Array<{ time: string }>) => xs.filter((x) => ys.some((y) => y.time === x.time));
      expect(common(got, expected).length).toBeGreaterThanOrEqual(72);
      expect(common(got, expected)).toEqual(common(expected, got));
      const [v] = await second.db.query<{ n: number }>('select count(*)::int as n from schema_migrations where version = 2');
      expect(v.n).toBe(1);
      const indexes = (await second.db.query<{ name: string }>("select indexname as name from pg_indexes where tablename = 'orders'")).map((i) => i.name);
      expect(indexes).not.toContain('orders_kind_created');
      expect(indexes).toEqual(expect.arrayContaining(['orders_growth_created', 'orders_recharge_created', 'orders_growth_pending', 'orders_recharge_refunded']));
    } finally {
      await second.close();
    }
  } finally {
    await db.drop();
  }
});

(ON_POSTGRES ? test : test.skip)('two instances on one PostgreSQL share sessions and replay protection', async () => {
  const db = await freshDatabase();
  // Started together: the migration lock lets exactly one create the schema, seed and admin.
  const [a, b] = await Promise.all([startOn(db), startOn(db)]);
  try {
    const apiA = new Api(a.url);
    const apiB = new Api(b.url);
    apiB.token = await apiA.login();
    expect((await apiB.get('/api/admin/projects')).status).toBe(200);
    const headers = apiA.signedHeaders();
    expect((await apiA.get('/api/admin/projects', { sign: false, headers })).status).toBe(200);
    const replay = await apiB.get('/api/admin/projects', { sign: false, headers, token: apiA.token });
    expect(replay.status).toBe(403);
    expect(replay.body.code).toBe('NONCE_REPLAYED');
    expect((await apiB.post('/api/admin/logout')).status).toBe(200);
    expect((await apiA.get('/api/admin/projects')).status).toBe(401); // revoked everywhere
    const [persons] = await a.db.query<{ n: number }>('select count(*)::int as n from persons');
    expect(persons.n).toBe(300); // seeded once
    // Concurrent add-money through both instances.
    apiA.token = await apiA.login();
    apiB.token = apiA.token;
    const [before] = await a.db.query<{ m: number }>('select money::float8 as m from persons where id = 2');
    const calls = Array.from({ length: 40 }, (_, i) => (i % 2 ? apiA : apiB).post('/api/admin/persons/add-money', { personId: '2', amount: 1 }));
    expect((await Promise.all(calls)).every((r) => r.status === 200)).toBe(true);
    const [after] = await a.db.query<{ m: number }>('select money::float8 as m from persons where id = 2');
    expect(after.m).toBe(before.m + 40);
  } finally {
    await a.close();
    await b.close();
    await db.drop();
  }
});

test('hostile input never yields a 5xx', async () => {
  const db = await freshDatabase(ON_POSTGRES, { seeded: true });
  const s = await startOn(db);
  try {
    const api = new Api(s.url);
    await api.login();
    const nasty: unknown[] = [null, true, 0, -1, 1e308, -1e308, 2 ** 63, '', ' ', "'; drop table persons; --", '%', '\\', '\u0000', '😀'.repeat(300), 'x'.repeat(5000), [], {}, [1], { $gt: 1 }];
    const bodies = [
      ['/api/admin/login', ['username', 'password']],
      ['/api/admin/persons/add-money', ['personId', 'amount']],
      ['/api/admin/orders/refundOrder', ['orderId']],
      ['/api/admin/projects', ['projectName', 'projectId', 'team', 'appId', 'buildNumber', 'checkNumber', 'blockedRegions', 'productIdList', 'iapCountryLimits']],
    ] as const;
    const statuses: number[] = [];
    for (const [path, fields] of bodies) {
      for (const field of fields) {
        for (const value of nasty) {
          const body: Record<string, unknown> = { projectName: 'n', projectId: 'p', team: 't', appId: 1, buildNumber: 1, checkNumber: 1, personId: '1', amount: 1, orderId: '1', username: 'admin', password: 'x' };
          body[field] = value;
          const allowed = Object.fromEntries(Object.entries(body).filter(([k]) => (fields as readonly string[]).includes(k)));
          statuses.push((await api.post(path, allowed)).status);
        }
      }
    }
    const queries: Array<[string, string]> = [
      ['/api/admin/persons/list', 'customName'],
      ['/api/admin/persons/list', 'page'],
      ['/api/admin/persons/query', 'id'],
      ['/api/admin/persons/query', 'customName'],
      ['/api/admin/orders/orderList', 'shoppingUser'],
      ['/api/admin/orders/orderList', 'orderSn'],
      ['/api/admin/orders/rechargeOrderList', 'personId'],
      ['/api/admin/analytics/trends', 'days'],
    ];
    for (const [path, key] of queries) {
      for (const value of ["'", '%00', '\u0000', '-1', '1e99', '9'.repeat(40), 'a'.repeat(3000), '[]', '😀']) {
        statuses.push((await api.get(path, { query: { [key]: value } })).status);
      }
    }
    for (const raw of ['{', '[]', '"x"', '1', 'null', '{"a":1}'.repeat(3), `{"personId":"1","amount":1,"__proto__":{"x":1}}`]) {
      statuses.push((await api.call('POST', '/api/admin/persons/add-money', { rawBody: raw })).status);
    }
    statuses.push((await api.get('/api/admin/projects/99999999999999999999999')).status);
    expect(statuses.filter((x) => x >= 500)).toEqual([]);
    expect(statuses.filter((x) => x >= 400).length).toBeGreaterThan(statuses.length / 2);
  } finally {
    await s.close();
    await db.drop();
  }
});
