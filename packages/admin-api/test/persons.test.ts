// Users: list, search, query, add-money (validation, atomicity under concurrency, ledger, audit).
import { persons } from '@growth-admin/api-contract';
import { expectShape, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());


test('list: total, page, pageSize, list of spec-3 persons; paging', async () => {
  const r = await t.api.get('/api/admin/persons/list', { query: { page: 1, pageSize: 20 } });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ total: 300, page: 1, pageSize: 20 });
  expect(r.body.data.list).toHaveLength(20);
  const p = r.body.data.list[0];
  expectShape(persons.PersonsList, r.body.data);
  expect(typeof p._id).toBe('string');
  expect(p.avatar).toMatch(/^https:\/\/avatars\.demo\.growth-admin\.local\/u\/.+\.svg\?/);
  expect(new Date(p.updatedAt).toISOString()).toBe(p.updatedAt);
  const page2 = await t.api.get('/api/admin/persons/list', { query: { page: 2, pageSize: 20 } });
  const ids1 = new Set(r.body.data.list.map((x: { _id: string }) => x._id));
  expect(page2.body.data.list.some((x: { _id: string }) => ids1.has(x._id))).toBe(false);
  const last = await t.api.get('/api/admin/persons/list', { query: { page: 15, pageSize: 20 } });
  expect(last.body.data.list).toHaveLength(20);
  expect((await t.api.get('/api/admin/persons/list', { query: { page: 16 } })).body.data.list).toHaveLength(0);
  const defaults = await t.api.get('/api/admin/persons/list');
  expect(defaults.body.data).toMatchObject({ page: 1, pageSize: 20 });
});

test('customName: any part of the name, case-insensitive; LIKE metacharacters match literally', async () => {
  // 'patel' finds 'mia_patel2998': the middle of a name, not only its start.
  const [{ name }] = await t.sql<{ name: string }>("select custom_name as name from persons where custom_name like '%\\_%' order by id limit 1");
  const middle = name.split('_')[1].replace(/[0-9]+$/, '');
  const expected = await t.sql("select count(*)::int as n from persons where strpos(lower(custom_name), $1) > 0", [middle.toLowerCase()]);
  const r = await t.api.get('/api/admin/persons/list', { query: { customName: middle.toUpperCase() } });
  expect(r.body.data.total).toBe(expected[0].n);
  expect(r.body.data.list.map((p: { customName: string }) => p.customName)).toContain(name);
  for (const p of r.body.data.list) expect(p.customName.toLowerCase()).toContain(middle.toLowerCase());
  const pct = await t.api.get('/api/admin/persons/list', { query: { customName: '%' } });
  expect(pct.body.data.total).toBe(0);
  const [withUnderscore] = await t.sql("select count(*)::int as n from persons where strpos(custom_name, '_') > 0");
  const underscore = await t.api.get('/api/admin/persons/list', { query: { customName: '_' } });
  expect(underscore.body.data.total).toBe(withUnderscore.n); // a literal '_', not "any one character"
  expect((await t.api.get('/api/admin/persons/list', { query: { customName: 'zz-nobody-zz' } })).body.data.total).toBe(0);
});

test('list paging validation', async () => {
  for (const [q, field] of [[{ page: 0 }, 'page'], [{ page: 'x' }, 'page'], [{ pageSize: 101 }, 'pageSize'], [{ pageSize: -1 }, 'pageSize'], [{ foo: 1 }, 'foo'], [{ customName: 'x'.repeat(101) }, 'customName']] as const) {
    const r = await t.api.get('/api/admin/persons/list', { query: q as Record<string, string | number> });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(field);
  }
});

test('query by customId, by _id, by customName; 404 when none', async () => {
  const [row] = await t.sql('select id::text as id, custom_id, custom_name from persons order by id limit 1 offset 5');
  const byCustom = await t.api.get('/api/admin/persons/query', { query: { id: row.custom_id } });
  expect(byCustom.status).toBe(200);
  expect(byCustom.body.data._id).toBe(row.id);
  const byId = await t.api.get('/api/admin/persons/query', { query: { id: row.id } });
  expect(byId.body.data.customId).toBe(row.custom_id);
  const byName = await t.api.get('/api/admin/persons/query', { query: { customName: row.custom_name.toUpperCase() } });
  expect(byName.body.data._id).toBe(row.id);
  const none = await t.api.get('/api/admin/persons/query', { query: { id: '999999999' } });
  expect(none.status).toBe(404);
  expect(none.body.code).toBe('PERSON_NOT_FOUND');
  const nothing = await t.api.get('/api/admin/persons/query');
  expect(nothing.status).toBe(400);
  expect(nothing.body.message).toMatch(/id or customName/);
});

describe('add-money', () => {
  test('adds, answers the updated person, writes one ledger row and an audit row', async () => {
    const [p] = await t.sql('select id::text as id, money::float8 as money from persons order by id limit 1');
    const r = await t.api.post('/api/admin/persons/add-money', { personId: p.id, amount: 250 });
    expect(r.status).toBe(200);
    expect(r.body.data._id).toBe(p.id);
    expect(r.body.data.money).toBe(p.money + 250);
    const ledger = await t.sql('select delta::int as delta, balance_after::float8 as b, reason from coin_ledger where person_id = $1', [p.id]);
    expect(ledger).toEqual([{ delta: 250, b: p.money + 250, reason: 'add-money' }]);
    const audit = await t.sql("select admin_username, summary from audit_log where action = 'person.add-money' and target = $1", [`person:${p.id}`]);
    expect(audit).toHaveLength(1);
    expect(audit[0].admin_username).toBe('admin');
  });

  test('100 concurrent calls of 1 end exactly +100 with 100 ledger rows', async () => {
    const [p] = await t.sql('select id::text as id, money::float8 as money from persons order by id limit 1 offset 10');
    const results = await Promise.all(Array.from({ length: 100 }, () => t.api.post('/api/admin/persons/add-money', { personId: p.id, amount: 1 })));
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const [after] = await t.sql('select money::float8 as money from persons where id = $1', [p.id]);
    expect(after.money).toBe(p.money + 100);
    const [ledger] = await t.sql('select count(*)::int as n, sum(delta)::int as s from coin_ledger where person_id = $1', [p.id]);
    expect(ledger).toEqual({ n: 100, s: 100 });
    const balances = (await t.sql('select balance_after::float8 as b from coin_ledger where person_id = $1 order by b', [p.id])).map((x) => x.b);
    expect(new Set(balances).size).toBe(100); // each call saw its own balance
  });

  const bad: Array<[string, unknown, RegExp, number]> = [
    ['zero', { personId: '1', amount: 0 }, /amount must be at least 1/, 400],
    ['negative', { personId: '1', amount: -5 }, /amount must be at least 1/, 400],
    ['fractional', { personId: '1', amount: 1.5 }, /amount must be an integer/, 400],
    ['too big', { personId: '1', amount: 1_000_001 }, /amount must be at most 1000000/, 400],
    ['as text', { personId: '1', amount: '10' }, /amount must be an integer/, 400],
    ['missing amount', { personId: '1' }, /amount is required/, 400],
    ['missing personId', { amount: 1 }, /personId is required/, 400],
    ['numeric personId', { personId: 1, amount: 1 }, /personId must be a string/, 400],
    ['malformed personId', { personId: "1 or 1=1", amount: 1 }, /personId has an invalid format/, 400],
    ['unknown field', { personId: '1', amount: 1, note: 'x' }, /note is not an allowed field/, 400],
    ['unknown person', { personId: '99999999', amount: 1 }, /personId 99999999/, 404],
    ['no body', undefined, /request body must be a JSON object/, 400],
  ];
  test.each(bad)('%s is refused and changes nothing', async (_n, body, message, status) => {
    const before = await t.sql('select sum(money)::float8 as s, (select count(*) from coin_ledger)::int as l from persons');
    const r = await t.api.post('/api/admin/persons/add-money', body);
    expect(r.status).toBe(status);
    expect(r.body.message).toMatch(message);
    expect(await t.sql('select sum(money)::float8 as s, (select count(*) from coin_ledger)::int as l from persons')).toEqual(before);
  });
});
