// Orders and payments: lists, filters, searches, totals, refunds (rules, coin effect, concurrency).
import { orders as contract } from '@growth-admin/api-contract';
import { listOrders } from '../src/modules/orders/repository';
import { expectShape, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());

const STATUS: Record<string, string> = {
  completed: 'is_complete',
  pending: 'not is_complete and not is_error',
  error: 'is_error',
  refunded: 'is_refund',
};

const list = (path: 'orderList' | 'rechargeOrderList', query: Record<string, string | number> = {}) =>
  t.api.get(`/api/admin/orders/${path}`, { query });

test('orderList: spec-3 orders, newest first, total, zero-based paging', async () => {
  const r = await list('orderList', { page: 0, limit: 20 });
  expect(r.status).toBe(200);
  const { orders, total } = r.body.data;
  const [count] = await t.sql("select count(*)::int as n from orders where kind = 'growth'");
  expect(total).toBe(count.n);
  expect(orders).toHaveLength(20);
  for (const o of orders) expectShape(contract.Order, o);
  for (let i = 1; i < orders.length; i++) expect(orders[i - 1].createdAt >= orders[i].createdAt).toBe(true);
  for (const o of orders) {
    expect(['heart', 'watch', 'view', 'share', 'comment']).toContain(o.productType);
    expect(o.stateColor).toMatch(/^#[0-9A-F]{6}$/i);
    expect(typeof o.paymentMoney).toBe('number');
    expect(typeof o.personId).toBe('string');
  }
  const next = await list('orderList', { page: 1, limit: 20 });
  expect(next.body.data.orders[0].createdAt <= orders[19].createdAt).toBe(true);
  expect(next.body.data.orders[0]._id).not.toBe(orders[19]._id);
});

test('rechargeOrderList holds the payments (coins) only', async () => {
  const r = await list('rechargeOrderList', { limit: 50 });
  const [count] = await t.sql("select count(*)::int as n from orders where kind = 'recharge'");
  expect(r.body.data.total).toBe(count.n);
  for (const o of r.body.data.orders) expect(o.productType).toBe('coins');
});

test('the seed covers every state, errors with a message, some promo codes', async () => {
  const states = await t.sql('select state, count(*)::int as n, count(error_message)::int as msgs, count(prom_code)::int as promos from orders group by state');
  expect(states.map((s) => s.state).sort()).toEqual(['completed', 'error', 'pending', 'refunded']);
  const err = states.find((s) => s.state === 'error');
  expect(err.msgs).toBe(err.n);
  expect(states.reduce((a, s) => a + s.promos, 0)).toBeGreaterThan(0);
});

test.each(Object.keys(STATUS))('status=%s filters with spec 4 meaning, and total follows the filter', async (status) => {
  for (const [path, kind] of [['orderList', 'growth'], ['rechargeOrderList', 'recharge']] as const) {
    const r = await list(path, { status, limit: 100 });
    expect(r.status).toBe(200);
    const [count] = await t.sql(`select count(*)::int as n from orders where kind = $1 and ${STATUS[status]}`, [kind]);
    expect(r.body.data.total).toBe(count.n);
    for (const o of r.body.data.orders) {
      if (status === 'completed') expect(o.isComplete).toBe(true);
      if (status === 'pending') expect(!o.isComplete && !o.isError).toBe(true);
      if (status === 'error') expect(o.isError).toBe(true);
      if (status === 'refunded') expect(o.isRefund).toBe(true);
    }
    const badge = ({ completed: ['Completed', 'Refunded'], pending: ['Pending'], error: ['Error'], refunded: ['Refunded'] } as Record<string, string[]>)[status];
    for (const o of r.body.data.orders) expect(badge).toContain(o.stateStr);
  }
});

test('search by orderSn (exact), shoppingUser (any part, case-insensitive), personId (exact), with a status', async () => {
  const [o] = await t.sql("select id::text as id, order_sn, shopping_user, person_id::text as pid from orders where kind = 'growth' order by id limit 1");
  const bySn = await list('orderList', { orderSn: o.order_sn });
  expect(bySn.body.data.total).toBe(1);
  expect(bySn.body.data.orders[0]._id).toBe(o.id);
  expect((await list('orderList', { orderSn: o.order_sn.slice(0, -1) })).body.data.total).toBe(0);
  expect((await list('rechargeOrderList', { orderSn: o.order_sn })).body.data.total).toBe(0);

  const [byUserCount] = await t.sql("select count(*)::int as n from orders where kind = 'growth' and strpos(lower(shopping_user), lower($1)) > 0", [o.shopping_user]);
  const byUser = await list('orderList', { shoppingUser: o.shopping_user.toUpperCase() });
  expect(byUser.body.data.total).toBe(byUserCount.n);
  expect(byUser.body.data.total).toBeGreaterThan(0);
  for (const x of byUser.body.data.orders) expect(x.shoppingUser.toLowerCase()).toContain(o.shopping_user.toLowerCase());

  const [byPersonCount] = await t.sql("select count(*)::int as n from orders where kind = 'growth' and person_id = $1", [o.pid]);
  const byPerson = await list('orderList', { personId: o.pid, limit: 10, page: 0 });
  expect(byPerson.body.data.total).toBe(byPersonCount.n);
  for (const x of byPerson.body.data.orders) expect(x.personId).toBe(o.pid);

  // The ID the screens show ('ID: 7000…' in Users) finds the same orders as the internal _id.
  const [{ custom_id: customId }] = await t.sql('select custom_id from persons where id = $1', [o.pid]);
  const byCustomId = await list('orderList', { personId: customId, limit: 10, page: 0 });
  expect(byCustomId.body.data).toEqual(byPerson.body.data);
  expect((await list('orderList', { personId: '999999999999' })).body.data.total).toBe(0);

  const completedOfPerson = await list('orderList', { personId: o.pid, status: 'completed' });
  const [cc] = await t.sql("select count(*)::int as n from orders where kind = 'growth' and person_id = $1 and is_complete", [o.pid]);
  expect(completedOfPerson.body.data.total).toBe(cc.n);
});

describe('Customer Name: any part of the name, case-insensitively', () => {
  /** What the search must answer, counted the slow way: every order whose name contains `part`. */
  async function expected(kind: string, part: string, status?: string) {
    const rows = await t.sql(
      `select id::text as id from orders where kind = $1 and strpos(lower(shopping_user), lower($2)) > 0 ${status ? `and ${STATUS[status]}` : ''}
        order by created_at desc, id desc`,
      [kind, part],
    );
    return rows.map((r) => r.id);
  }

  test.each([
    ['a surname', (name: string) => name.split('_')[1]?.replace(/[0-9]+$/, '') ?? name],
    ['the middle of a name, in capitals', (name: string) => name.slice(2, 7).toUpperCase()],
    ['a single letter', () => 'a'],
  ])('%s: the total and the pages are exactly the matching orders, newest first', async (_what, partOf) => {
    const [o] = await t.sql("select shopping_user from orders where kind = 'growth' and shopping_user like '%\\_%' order by id limit 1");
    const part = partOf(o.shopping_user);
    for (const status of [undefined, 'completed', 'refunded']) {
      const ids = await expected('growth', part, status);
      expect(ids.length).toBeGreaterThan(status === 'refunded' ? -1 : 0);
      const first = await list('orderList', { shoppingUser: part, limit: 20, page: 0, ...(status ? { status } : {}) });
      expect({ status, total: first.body.data.total }).toEqual({ status, total: ids.length });
      expect(first.body.data.orders.map((x: { _id: string }) => x._id)).toEqual(ids.slice(0, 20));
      const second = await list('orderList', { shoppingUser: part, limit: 20, page: 1, ...(status ? { status } : {}) });
      expect(second.body.data.orders.map((x: { _id: string }) => x._id)).toEqual(ids.slice(20, 40));
    }
  });

  test('rare matches are read by name, common ones by walking the newest first: the same answer either way', async () => {
    const db = t.server.db;
    for (const part of ['a', 'e_', 'zzz']) {
      const query = { page: 0, limit: 20, shoppingUser: part };
      const byName = await listOrders(db, 'growth', query, { walkRatio: 0 });
      const byWalk = await listOrders(db, 'growth', query, { walkRatio: Number.POSITIVE_INFINITY });
      expect(byWalk).toEqual(byName);
      expect(byName.total).toBe((await expected('growth', part)).length);
    }
  });

  test('the name totals follow new, refunded and deleted orders (kept by a trigger)', async () => {
    const name = `Totals_Probe_${Date.now()}`;
    const [p] = await t.sql('select id from persons order by id limit 1');
    await t.sql(
      `insert into orders (kind, order_sn, person_id, shopping_user, product_type, payment_money, is_complete, state)
       values ('growth', $1, $2, $3, 'heart', 1, true, 'completed'), ('growth', $4, $2, $3, 'heart', 1, false, 'pending')`,
      [`probe-a-${name}`, p.id, name, `probe-b-${name}`],
    );
    const probe = () => list('orderList', { shoppingUser: name.toLowerCase().slice(7) });
    expect((await probe()).body.data.total).toBe(2);
    const [done] = await t.sql("select id::text as id from orders where shopping_user = $1 and state = 'completed'", [name]);
    expect((await t.api.post('/api/admin/orders/refundOrder', { orderId: done.id })).status).toBe(200);
    expect((await list('orderList', { shoppingUser: name, status: 'refunded' })).body.data.total).toBe(1);
    expect((await list('orderList', { shoppingUser: name, status: 'pending' })).body.data.total).toBe(1);
    await t.sql('delete from orders where shopping_user = $1', [name]);
    expect((await probe()).body.data).toEqual({ orders: [], total: 0 });
    const columns = 'completed::int as completed, pending::int as pending, error::int as error, refunded::int as refunded';
    const totals = await t.sql(`select name, kind, ${columns} from order_name_totals where completed + pending + error + refunded > 0 order by 1, 2`);
    const recount = await t.sql(
      `select name, kind, ${columns} from (select lower(shopping_user) as name, kind, count(*) filter (where state = 'completed') as completed,
         count(*) filter (where state = 'pending') as pending, count(*) filter (where state = 'error') as error,
         count(*) filter (where state = 'refunded') as refunded from orders group by 1, 2) r order by 1, 2`,
    );
    expect(totals).toEqual(recount);
  });

  test('%, _ and \\ match themselves, not anything', async () => {
    const [{ n }] = await t.sql("select count(*)::int as n from orders where kind = 'growth' and shopping_user like '%\\%%'");
    expect((await list('orderList', { shoppingUser: '%' })).body.data.total).toBe(n);
    const [{ u }] = await t.sql("select count(*)::int as u from orders where kind = 'growth' and strpos(shopping_user, '_') > 0");
    expect((await list('orderList', { shoppingUser: '_' })).body.data.total).toBe(u);
  });
});

test('bad list parameters are 400s naming the field', async () => {
  const cases: Array<[Record<string, string | number>, string]> = [
    [{ page: -1 }, 'page'],
    [{ page: 'first' }, 'page'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 1000 }, 'limit'],
    [{ status: 'done' }, 'status'],
    [{ personId: 'abc' }, 'personId'],
    [{ orderSn: 'x'.repeat(65) }, 'orderSn'],
    [{ sort: 'asc' }, 'sort'],
  ];
  for (const [query, field] of cases) {
    const r = await list('orderList', query);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(field);
  }
  const sqlish = await list('orderList', { shoppingUser: "x' or '1'='1" });
  expect(sqlish.status).toBe(200);
  expect(sqlish.body.data.total).toBe(0);
});

describe('refundOrder', () => {
  test('a complete growth order: refunded once, coins returned, ledger, audit, totals updated', async () => {
    const [o] = await t.sql("select id::text as id, person_id::text as pid, coins::float8 as coins from orders where kind = 'growth' and state = 'completed' order by id limit 1");
    const [before] = await t.sql('select money::float8 as money from persons where id = $1', [o.pid]);
    const refundedBefore = (await list('orderList', { status: 'refunded' })).body.data.total;
    const r = await t.api.post('/api/admin/orders/refundOrder', { orderId: o.id });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ _id: o.id, isRefund: true, isComplete: true, stateStr: 'Refunded' });
    const [after] = await t.sql('select money::float8 as money from persons where id = $1', [o.pid]);
    expect(after.money).toBe(before.money + o.coins);
    const ledger = await t.sql('select delta::float8 as delta, reason from coin_ledger where order_id = $1', [o.id]);
    expect(ledger).toEqual([{ delta: o.coins, reason: 'refund-order' }]);
    expect((await t.sql("select count(*)::int as n from audit_log where action = 'order.refund' and target = $1", [`order:${o.id}`]))[0].n).toBe(1);
    expect((await list('orderList', { status: 'refunded' })).body.data.total).toBe(refundedBefore + 1);
    const again = await t.api.post('/api/admin/orders/refundOrder', { orderId: o.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_REFUNDED');
  });

  test('a recharge takes back the coins it gave, never below zero', async () => {
    const [o] = await t.sql("select id::text as id, person_id::text as pid, coins::float8 as coins from orders where kind = 'recharge' and state = 'completed' order by id limit 1");
    await t.sql('update persons set money = $2 where id = $1', [o.pid, Math.floor(o.coins / 2)]);
    const r = await t.api.post('/api/admin/orders/refundOrder', { orderId: o.id });
    expect(r.status).toBe(200);
    const [after] = await t.sql('select money::float8 as money from persons where id = $1', [o.pid]);
    expect(after.money).toBe(0);
    const ledger = await t.sql('select delta::float8 as delta, balance_after::float8 as b, reason from coin_ledger where order_id = $1', [o.id]);
    expect(ledger).toEqual([{ delta: -Math.floor(o.coins / 2), b: 0, reason: 'refund-recharge' }]);
  });

  test('pending, error and unknown orders are refused; nothing changes', async () => {
    const [pending] = await t.sql("select id::text as id from orders where state = 'pending' limit 1");
    const [error] = await t.sql("select id::text as id from orders where state = 'error' limit 1");
    const ledgerBefore = await t.sql('select count(*)::int as n from coin_ledger');
    for (const id of [pending.id, error.id]) {
      const r = await t.api.post('/api/admin/orders/refundOrder', { orderId: id });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('NOT_REFUNDABLE');
    }
    expect((await t.api.post('/api/admin/orders/refundOrder', { orderId: '987654321' })).status).toBe(404);
    expect((await t.api.post('/api/admin/orders/refundOrder', { orderId: 5 })).status).toBe(400);
    expect((await t.api.post('/api/admin/orders/refundOrder', {})).body.message).toMatch(/orderId is required/);
    expect(await t.sql('select count(*)::int as n from coin_ledger')).toEqual(ledgerBefore);
  });

  test('20 concurrent refunds of one order: exactly one success, the others 409, one ledger row', async () => {
    const [o] = await t.sql("select id::text as id, person_id::text as pid, coins::float8 as coins from orders where kind = 'growth' and state = 'completed' order by id desc limit 1");
    const [before] = await t.sql('select money::float8 as money from persons where id = $1', [o.pid]);
    const results = await Promise.all(Array.from({ length: 20 }, () => t.api.post('/api/admin/orders/refundOrder', { orderId: o.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const [after] = await t.sql('select money::float8 as money from persons where id = $1', [o.pid]);
    expect(after.money).toBe(before.money + o.coins);
    expect((await t.sql('select count(*)::int as n from coin_ledger where order_id = $1', [o.id]))[0].n).toBe(1);
  });
});
