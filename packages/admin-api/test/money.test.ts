// The money paths without HTTP: add-money and refunds called as functions on a real database, so
// every rule (atomicity, the ledger, the audit row, at most one refund, never below zero) is checked
// where it lives, fast enough to run under mutation testing.
import type { Db } from '../src/db';
import { migrate } from '../src/migrations';
import { refundOrder } from '../src/modules/orders/refund';
import { addMoney } from '../src/modules/persons/money';
import { seedDemo } from '../src/seed';
import { openFreshDb } from './helpers';

let db: Db;
let drop: () => Promise<void>;
const actor = { adminId: 1, username: 'admin', ip: '127.0.0.1' };

beforeAll(async () => {
  ({ db, drop } = await openFreshDb());
  await migrate(db);
  await seedDemo(db, { users: 40, orders: 400 });
});
afterAll(() => drop?.());

const balance = async (personId: string) => (await db.query<{ m: number }>('select money::float8 as m from persons where id = $1', [personId]))[0].m;
const ledger = (personId: string) =>
  db.query<{ delta: number; balance_after: number; reason: string; order_id: string | null; admin_id: number }>(
    'select delta::float8 as delta, balance_after::float8 as balance_after, reason, order_id::text as order_id, admin_id::int as admin_id from coin_ledger where person_id = $1 order by id',
    [personId],
  );
const audits = (target: string) =>
  db.query<{ action: string; summary: string; before: unknown; after: unknown }>('select action, summary, before, after from audit_log where target = $1 order by id', [target]);

describe('addMoney', () => {
  test('adds exactly the amount, writes one ledger row with the balance after, and one audit row', async () => {
    const before = await balance('3');
    const { result: person, replayed } = await addMoney(db, actor, { personId: '3', amount: 250 });
    expect(replayed).toBe(false);
    expect(person.money).toBe(before + 250);
    expect(await balance('3')).toBe(before + 250);
    expect(await ledger('3')).toEqual([{ delta: 250, balance_after: before + 250, reason: 'add-money', order_id: null, admin_id: 1 }]);
    const [a] = await audits('person:3');
    expect(a.action).toBe('person.add-money');
    expect(a.summary).toBe(`Added 250 coins to ${person.customName} (balance ${before + 250})`);
    // The audit trail records the balance on both sides of the change.
    expect([a.before, a.after]).toEqual([{ money: before }, { money: before + 250 }]);
  });

  test('concurrent additions all count (the sum is done by the database)', async () => {
    const before = await balance('4');
    await Promise.all(Array.from({ length: 25 }, () => addMoney(db, actor, { personId: '4', amount: 2 })));
    expect(await balance('4')).toBe(before + 50);
    expect(await ledger('4')).toHaveLength(25);
  });

  test('an unknown person changes nothing: 404, no ledger row, no audit row', async () => {
    const rows = (await db.query<{ n: number }>('select count(*)::int as n from coin_ledger'))[0].n;
    await expect(addMoney(db, actor, { personId: '999999', amount: 5 })).rejects.toMatchObject({
      statusCode: 404,
      code: 'PERSON_NOT_FOUND',
      message: 'personId 999999: no such user',
    });
    expect((await db.query<{ n: number }>('select count(*)::int as n from coin_ledger'))[0].n).toBe(rows);
    expect(await audits('person:999999')).toEqual([]);
  });
});

describe('idempotency keys', () => {
  test('a repeat with the same key answers the first result and adds nothing', async () => {
    const before = await balance('5');
    const first = await addMoney(db, actor, { personId: '5', amount: 40 }, 'key-add-5-aaaa');
    const again = await addMoney(db, actor, { personId: '5', amount: 40 }, 'key-add-5-aaaa');
    expect(again).toEqual({ result: first.result, replayed: true });
    expect(await balance('5')).toBe(before + 40);
    expect(await ledger('5')).toHaveLength(1);
    expect(await audits('person:5')).toHaveLength(1);
  });

  test('concurrent repeats of one key: the coins are added once and every answer is the same', async () => {
    const before = await balance('6');
    const answers = await Promise.all(Array.from({ length: 10 }, () => addMoney(db, actor, { personId: '6', amount: 7 }, 'key-add-6-concurrent')));
    expect(await balance('6')).toBe(before + 7);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.result.money))).toEqual(new Set([before + 7]));
  });

  test('the same key for another request is refused (422) and changes nothing', async () => {
    await addMoney(db, actor, { personId: '7', amount: 1 }, 'key-add-7-reused');
    const before = await balance('7');
    await expect(addMoney(db, actor, { personId: '7', amount: 2 }, 'key-add-7-reused')).rejects.toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(addMoney(db, actor, { personId: '8', amount: 1 }, 'key-add-7-reused')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balance('7')).toBe(before);
  });

  test('a key stands for one action: reused for another order, or for a refund after an add-money, it is refused', async () => {
    const [a, b] = await db.query<{ id: string }>("select id::text as id from orders where kind = 'growth' and is_complete and not is_refund order by id desc limit 2");
    await refundOrder(db, actor, a.id, 'key-refund-one-order');
    await expect(refundOrder(db, actor, b.id, 'key-refund-one-order')).rejects.toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await db.query<{ r: boolean }>('select is_refund as r from orders where id = $1', [b.id]))[0].r).toBe(false);
    await addMoney(db, actor, { personId: '10', amount: 1 }, 'key-money-then-refund');
    await expect(refundOrder(db, actor, b.id, 'key-money-then-refund')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Each key records the action it stands for.
    const operations = await db.query<{ key: string; operation: string }>(
      "select key, operation from idempotency_keys where key in ('key-refund-one-order', 'key-money-then-refund') order by key",
    );
    expect(operations).toEqual([
      { key: 'key-money-then-refund', operation: 'persons.addMoney' },
      { key: 'key-refund-one-order', operation: 'orders.refundOrder' },
    ]);
  });

  test('keys are per administrator; a failed call keeps no key, so its retry runs', async () => {
    const before = await balance('9');
    await addMoney(db, actor, { personId: '9', amount: 3 }, 'key-shared-by-two');
    await addMoney(db, { ...actor, adminId: 2 }, { personId: '9', amount: 3 }, 'key-shared-by-two');
    expect(await balance('9')).toBe(before + 6);
    await expect(addMoney(db, actor, { personId: '999999', amount: 3 }, 'key-failed-first')).rejects.toMatchObject({ code: 'PERSON_NOT_FOUND' });
    expect(await db.query("select 1 from idempotency_keys where key = 'key-failed-first'")).toEqual([]);
  });
});

describe('refundOrder', () => {
  const completed = async (kind: 'growth' | 'recharge') =>
    (
      await db.query<{ id: string; person_id: string; coins: number }>(
        `select id::text as id, person_id::text as person_id, coins::float8 as coins from orders
          where kind = $1 and is_complete and not is_refund order by id limit 1`,
        [kind],
      )
    )[0];

  test('a growth order: refunded once, its coins back to the person, one ledger row, one audit row', async () => {
    const o = await completed('growth');
    const before = await balance(o.person_id);
    const { result: order } = await refundOrder(db, actor, o.id);
    expect(order).toMatchObject({ _id: o.id, isRefund: true, stateStr: 'Refunded' });
    expect(await balance(o.person_id)).toBe(before + o.coins);
    const rows = (await ledger(o.person_id)).filter((l) => l.order_id === o.id);
    expect(rows).toEqual([{ delta: o.coins, balance_after: before + o.coins, reason: 'refund-order', order_id: o.id, admin_id: 1 }]);
    expect(await audits(`order:${o.id}`)).toEqual([
      {
        action: 'order.refund',
        summary: `Refunded order #${order.orderSn} (+${o.coins} coins to person ${o.person_id})`,
        before: { isRefund: false, stateStr: 'Completed', personMoney: before },
        after: { isRefund: true, stateStr: 'Refunded', personMoney: before + o.coins },
      },
    ]);
    await expect(refundOrder(db, actor, o.id)).rejects.toMatchObject({ statusCode: 409, code: 'ALREADY_REFUNDED', message: `Order #${order.orderSn} was already refunded` });
    expect(await balance(o.person_id)).toBe(before + o.coins);
  });

  test('a refund repeated with its key answers the refunded order instead of 409, and moves the coins once', async () => {
    const o = await completed('growth');
    const before = await balance(o.person_id);
    const first = await refundOrder(db, actor, o.id, `refund-${o.id}-key`);
    const again = await refundOrder(db, actor, o.id, `refund-${o.id}-key`);
    expect(again).toEqual({ result: first.result, replayed: true });
    expect(await balance(o.person_id)).toBe(before + o.coins);
  });

  test('a recharge takes back the coins it gave, never below zero', async () => {
    const o = await completed('recharge');
    await db.query('update persons set money = $2 where id = $1', [o.person_id, Math.floor(o.coins / 2)]);
    await refundOrder(db, actor, o.id);
    expect(await balance(o.person_id)).toBe(0);
    const [row] = (await ledger(o.person_id)).filter((l) => l.order_id === o.id);
    expect(row).toMatchObject({ delta: -Math.floor(o.coins / 2), balance_after: 0, reason: 'refund-recharge' });
    const [a] = await audits(`order:${o.id}`);
    expect(a.summary).toMatch(new RegExp(`^Refunded order #\\S+ \\(-${Math.floor(o.coins / 2)} coins to person ${o.person_id}\\)$`));
  });

  test('a recharge refunded from a zero balance takes nothing and says +0', async () => {
    const o = await completed('recharge');
    await db.query('update persons set money = 0 where id = $1', [o.person_id]);
    const { result } = await refundOrder(db, actor, o.id);
    expect(await balance(o.person_id)).toBe(0);
    expect((await audits(`order:${o.id}`))[0].summary).toBe(`Refunded order #${result.orderSn} (+0 coins to person ${o.person_id})`);
  });

  test('an order whose user no longer exists is refunded without moving coins', async () => {
    const o = await completed('growth');
    await db.query('alter table orders disable trigger all');
    await db.query('update orders set person_id = 999999 where id = $1', [o.id]).finally(() => db.query('alter table orders enable trigger all'));
    const { result } = await refundOrder(db, actor, o.id);
    expect(result.isRefund).toBe(true);
    expect((await audits(`order:${o.id}`))[0].summary).toBe(`Refunded order #${result.orderSn}`);
    expect(await db.query('select 1 from coin_ledger where order_id = $1', [o.id])).toEqual([]);
  });

  test('concurrent refunds of one order: one succeeds, the others are told it was refunded, the coins move once', async () => {
    const o = await completed('growth');
    const before = await balance(o.person_id);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => refundOrder(db, actor, o.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(r.reason).toMatchObject({ code: 'ALREADY_REFUNDED' });
    expect(await balance(o.person_id)).toBe(before + o.coins);
  });

  test('an order that is not complete, or none at all, is refused and nothing changes', async () => {
    const [pending] = await db.query<{ id: string }>("select id::text as id from orders where not is_complete and not is_error limit 1");
    await expect(refundOrder(db, actor, pending.id)).rejects.toMatchObject({ statusCode: 409, code: 'NOT_REFUNDABLE', message: expect.stringMatching(/^Order #\S+ is not complete: only a complete order can be refunded$/) });
    expect((await db.query<{ r: boolean }>('select is_refund as r from orders where id = $1', [pending.id]))[0].r).toBe(false);
    await expect(refundOrder(db, actor, '99999999')).rejects.toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND', message: 'orderId 99999999: no such order' });
    expect(await audits(`order:${pending.id}`)).toEqual([]);
  });
});
