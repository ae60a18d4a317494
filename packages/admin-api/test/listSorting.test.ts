// The lists' sorts, created-date ranges and drill-down filters, over HTTP against
// direct SQL on the same seeded database.
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());

const orders = (path: 'orderList' | 'rechargeOrderList', query: Record<string, string | number> = {}) => t.api.get(`/api/admin/orders/${path}`, { query });
const persons = (query: Record<string, string | number> = {}) => t.api.get('/api/admin/persons/list', { query });
const ids = (rows: Array<{ _id: string }>) => rows.map((r) => r._id);

describe('orders and payments: sort', () => {
  test.each([
    ['createdAt.desc', 'created_at desc, id desc'],
    ['createdAt.asc', 'created_at asc, id asc'],
    ['paymentMoney.desc', 'payment_money desc, id desc'],
    ['paymentMoney.asc', 'payment_money asc, id asc'],
  ])('sort=%s answers the pages in that order', async (sort, orderBy) => {
    for (const [path, kind] of [['orderList', 'growth'], ['rechargeOrderList', 'recharge']] as const) {
      const expected = await t.sql(`select id::text as sid from orders where kind = $1 order by ${orderBy} limit 40`, [kind]);
      const first = await orders(path, { sort, limit: 20, page: 0 });
      const second = await orders(path, { sort, limit: 20, page: 1 });
      expect(first.status).toBe(200);
      expect([...ids(first.body.data.orders), ...ids(second.body.data.orders)]).toEqual(expected.map((r) => r.sid));
    }
  });

  test('no sort is newest first, as before', async () => {
    const plain = await orders('orderList', { limit: 30 });
    const sorted = await orders('orderList', { limit: 30, sort: 'createdAt.desc' });
    expect(ids(plain.body.data.orders)).toEqual(ids(sorted.body.data.orders));
  });

  test('a sort combines with the status filter and a name search, and the total follows only the filters', async () => {
    const [{ n }] = await t.sql("select count(*)::int as n from orders where kind = 'growth' and is_error");
    const r = await orders('orderList', { status: 'error', sort: 'paymentMoney.asc', limit: 100 });
    expect(r.body.data.total).toBe(n);
    const money = r.body.data.orders.map((o: { paymentMoney: number }) => o.paymentMoney);
    expect(money).toEqual([...money].sort((a, b) => a - b));
    for (const o of r.body.data.orders) expect(o.isError).toBe(true);

    const [someone] = await t.sql("select shopping_user from orders where kind = 'growth' group by 1 order by count(*) desc limit 1");
    const byName = await orders('orderList', { shoppingUser: someone.shopping_user, sort: 'paymentMoney.desc', limit: 100 });
    const expected = await t.sql("select id::text as sid from orders where kind = 'growth' and lower(shopping_user) like $1 order by payment_money desc, id desc limit 100", [
      `%${someone.shopping_user.toLowerCase()}%`,
    ]);
    expect(ids(byName.body.data.orders)).toEqual(expected.map((e) => e.sid));
  });

  test.each(['amount.desc', 'paymentMoney', 'createdAt.DESC', 'paymentMoney.desc;drop table orders'])('sort=%s is a 400 naming sort', async (sort) => {
    const r = await orders('orderList', { sort });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    expect(r.body.message).toMatch(/^sort /);
  });
});

describe('orders and payments: created range and product type', () => {
  /** An instant a given number of hours (and minutes) before the newest order, as the browser's day starts fall. */
  const around = async (hours: number, minutes = 0) => {
    const [{ newest }] = await t.sql("select max(created_at) as newest from orders where kind = 'growth'");
    return new Date(new Date(newest).getTime() - hours * 3_600_000 - minutes * 60_000).toISOString();
  };

  test('createdFrom is inclusive, createdTo exclusive; the total is the count, whole hours or not', async () => {
    for (const [fromH, fromM, toH, toM] of [
      [24 * 7, 0, 24, 0],
      [24 * 3, 30, 5, 30], // a half-hour time zone's day starts: partial hours at both ends
      [2, 20, 2, 5], // within one hour
    ]) {
      const createdFrom = await around(fromH, fromM);
      const createdTo = await around(toH, toM);
      for (const status of [undefined, 'completed', 'pending']) {
        const [{ n }] = await t.sql(
          `select count(*)::int as n from orders where kind = 'growth' and created_at >= $1 and created_at < $2 ${status === 'completed' ? 'and is_complete' : status === 'pending' ? 'and not is_complete and not is_error' : ''}`,
          [createdFrom, createdTo],
        );
        const r = await orders('orderList', { createdFrom, createdTo, limit: 100, ...(status ? { status } : {}) });
        expect(r.status).toBe(200);
        expect(r.body.data.total).toBe(n);
        for (const o of r.body.data.orders) {
          expect(o.createdAt >= createdFrom).toBe(true);
          expect(o.createdAt < createdTo).toBe(true);
        }
      }
    }
  });

  test('an order exactly at createdFrom is in, one exactly at createdTo is out', async () => {
    const [o] = await t.sql("select id::text as id, created_at from orders where kind = 'growth' order by id desc offset 10 limit 1");
    const at = new Date(o.created_at).toISOString();
    const from = await orders('orderList', { createdFrom: at, createdTo: new Date(Date.parse(at) + 1).toISOString(), limit: 100 });
    expect(ids(from.body.data.orders)).toContain(o.id);
    const to = await orders('orderList', { createdTo: at, limit: 100, sort: 'createdAt.desc' });
    expect(ids(to.body.data.orders)).not.toContain(o.id);
  });

  test('one bound alone, with a time-zone offset', async () => {
    const createdFrom = (await around(48)).replace('Z', '+00:00');
    const [{ n }] = await t.sql("select count(*)::int as n from orders where kind = 'recharge' and created_at >= $1", [createdFrom]);
    expect((await orders('rechargeOrderList', { createdFrom })).body.data.total).toBe(n);
    const [{ m }] = await t.sql("select count(*)::int as m from orders where kind = 'recharge' and created_at < $1", [createdFrom]);
    expect((await orders('rechargeOrderList', { createdTo: createdFrom })).body.data.total).toBe(m);
  });

  test('productType keeps that type; with a range, a status, a search and a sort', async () => {
    for (const type of ['heart', 'watch', 'view']) {
      const [{ n }] = await t.sql("select count(*)::int as n from orders where kind = 'growth' and product_type = $1", [type]);
      const r = await orders('orderList', { productType: type, limit: 50 });
      expect(r.body.data.total).toBe(n);
      for (const o of r.body.data.orders) expect(o.productType).toBe(type);
    }
    const createdFrom = await around(24 * 10, 15);
    const [{ n }] = await t.sql(
      "select count(*)::int as n from orders where kind = 'growth' and product_type = 'heart' and is_complete and created_at >= $1",
      [createdFrom],
    );
    const r = await orders('orderList', { productType: 'heart', status: 'completed', createdFrom, sort: 'paymentMoney.desc', limit: 100 });
    expect(r.body.data.total).toBe(n);
    const [someone] = await t.sql("select person_id::text as pid from orders where kind = 'growth' and product_type = 'heart' limit 1");
    const [{ k }] = await t.sql("select count(*)::int as k from orders where kind = 'growth' and product_type = 'heart' and person_id = $1", [someone.pid]);
    expect((await orders('orderList', { productType: 'heart', personId: someone.pid })).body.data.total).toBe(k);
    expect((await orders('rechargeOrderList', { productType: 'heart' })).body.data).toEqual({ orders: [], total: 0 });
  });

  test('a range sorted by amount (read by date, then sorted) answers the exact order of SQL, both ways, page after page', async () => {
    const createdFrom = await around(24 * 5);
    const createdTo = await around(24 * 2, 30);
    for (const [sort, orderBy] of [
      ['paymentMoney.desc', 'payment_money desc, id desc'],
      ['paymentMoney.asc', 'payment_money asc, id asc'],
    ]) {
      const expected = await t.sql(
        `select id::text as sid from orders where kind = 'growth' and created_at >= $1 and created_at < $2 order by ${orderBy}`,
        [createdFrom, createdTo],
      );
      expect(expected.length).toBeGreaterThan(40); // several pages, amounts with ties broken by id
      const pages = [];
      for (let page = 0; page * 20 < expected.length; page++) {
        const r = await orders('orderList', { createdFrom, createdTo, sort, limit: 20, page });
        expect(r.body.data.total).toBe(expected.length);
        pages.push(...ids(r.body.data.orders));
      }
      expect(pages).toEqual(expected.map((r) => r.sid));
    }
  });

  test.each([
    [{ createdFrom: '2026-11-17' }, /^createdFrom /],
    [{ createdFrom: '2026-13-45T00:00:00Z' }, /^createdFrom must be a real date and time with a zone/],
    [{ createdTo: 'yesterday' }, /^createdTo /],
    [{ createdFrom: '2026-11-17T00:00:00Z', createdTo: '2026-11-17T00:00:00Z' }, /^createdTo must be after createdFrom$/],
    [{ createdFrom: '2026-11-18T00:00:00Z', createdTo: '2026-11-17T00:00:00Z' }, /^createdTo must be after createdFrom$/],
    [{ productType: 'Heart' }, /^productType /],
    [{ productType: "heart' or 1=1" }, /^productType /],
  ])('%j is a 400 naming the field', async (query, message) => {
    const r = await orders('orderList', query);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    expect(r.body.message).toMatch(message);
  });
});

describe('users: sort and region', () => {
  test.each([
    ['money.desc', 'money desc, id desc'],
    ['money.asc', 'money asc, id asc'],
    ['updatedAt.desc', 'updated_at desc, id desc'],
    ['updatedAt.asc', 'updated_at asc, id asc'],
  ])('sort=%s', async (sort, orderBy) => {
    const expected = await t.sql(`select id::text as sid from persons order by ${orderBy} limit 40`);
    const first = await persons({ sort, page: 1, pageSize: 20 });
    const second = await persons({ sort, page: 2, pageSize: 20 });
    expect([...ids(first.body.data.list), ...ids(second.body.data.list)]).toEqual(expected.map((r) => r.sid));
    expect(first.body.data.total).toBe((await t.sql('select count(*)::int as n from persons'))[0].n);
  });

  test('no sort is newest first, as before', async () => {
    const expected = await t.sql('select id::text as sid from persons order by id desc limit 20');
    expect(ids((await persons()).body.data.list)).toEqual(expected.map((r) => r.sid));
  });

  test('lastClientRegion keeps that region, alone, with a name and with a sort', async () => {
    const regions = await t.sql('select last_client_region as region, count(*)::int as n from persons group by 1');
    expect(regions.length).toBeGreaterThan(1);
    for (const { region, n } of regions) {
      const r = await persons({ lastClientRegion: region, pageSize: 50, sort: 'money.desc' });
      expect(r.body.data.total).toBe(n);
      for (const p of r.body.data.list) expect(p.lastClientRegion).toBe(region);
      const money = r.body.data.list.map((p: { money: number }) => p.money);
      expect(money).toEqual([...money].sort((a, b) => b - a));
    }
    const [{ region }] = regions;
    const [{ n }] = await t.sql("select count(*)::int as n from persons where last_client_region = $1 and lower(custom_name) like '%a%'", [region]);
    expect((await persons({ lastClientRegion: region, customName: 'A' })).body.data.total).toBe(n);
    expect((await persons({ lastClientRegion: 'XX' })).body.data).toMatchObject({ total: 0, list: [] });
  });

  test.each<Record<string, string>>([{ sort: 'coins.desc' }, { sort: 'money' }, { lastClientRegion: 'E U' }, { lastClientRegion: 'x'.repeat(17) }])('%j is a 400 naming the field', async (query) => {
    const r = await persons(query);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(new RegExp(`^${Object.keys(query)[0]} `));
  });
});
