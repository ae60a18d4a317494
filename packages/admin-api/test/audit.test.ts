// The audit log over HTTP: filtered by target and a date range besides administrator,
// action and text; each change with its before and after (project, role, add-coins balance, refund
// state); the CSV export of the current filter, streamed in batches, every matching row, itself
// audited and safe in a spreadsheet; append-only in the database (a trigger) and through the API.
import { routes } from '@growth-admin/api-contract';
import { Api, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let api: Api;
beforeAll(async () => {
  t = await startTestServer({ loginLimitPerUserAndAddress: 1000, loginLimitPerAddress: 1000 });
  api = t.api;
  await api.login();
});
afterAll(() => t?.close());

const entries = async (query: Record<string, string | number>) => {
  const res = await api.get('/api/admin/audit', { query: { pageSize: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { total: number; entries: Array<{ action: string; target: string; before: unknown; after: unknown; at: string; summary: string }> };
};

test('a project change, a role change, an add-coins and a refund each record what changed, before and after', async () => {
  const created = (await api.post('/api/admin/projects', { projectName: 'Audit me', projectId: 'com.audit.me', team: 'Red', appId: 1, buildNumber: 1, checkNumber: 1 })).body.data;
  await api.put(`/api/admin/projects/${created._id}`, { projectName: 'Audit me', projectId: 'com.audit.me', team: 'Blue', appId: 1, buildNumber: 2, checkNumber: 1 });
  const [update] = (await entries({ target: `project:${created._id}`, action: 'project.update' })).entries;
  expect(update.before).toEqual({ team: 'Red', buildNumber: 1 });
  expect(update.after).toEqual({ team: 'Blue', buildNumber: 2 });
  const [create] = (await entries({ target: `project:${created._id}`, action: 'project.create' })).entries;
  expect(create.before).toBeNull();
  expect(create.after).toMatchObject({ projectName: 'Audit me', team: 'Red' });

  const vic = (await api.post('/api/admin/administrators', { username: 'vic', role: 'viewer', password: 'a-long-viewer-pass' })).body.data;
  await api.put(`/api/admin/administrators/${vic.id}`, { role: 'operator' });
  const [role] = (await entries({ target: 'admin:vic', action: 'admin.update' })).entries;
  expect([role.before, role.after]).toEqual([{ role: 'viewer' }, { role: 'operator' }]);

  const [p] = await t.sql('select id::text as id, money::float8 as money from persons order by id limit 1');
  await api.post('/api/admin/persons/add-money', { personId: p.id, amount: 25 });
  const [coins] = (await entries({ target: `person:${p.id}` })).entries;
  expect([coins.before, coins.after]).toEqual([{ money: p.money }, { money: p.money + 25 }]);

  const [o] = await t.sql("select id::text as id, person_id::text as pid from orders where is_complete and not is_refund and kind = 'growth' order by id limit 1");
  const [{ money }] = await t.sql('select money::float8 as money from persons where id = $1', [o.pid]);
  const refunded = await api.post('/api/admin/orders/refundOrder', { orderId: o.id });
  expect(refunded.status).toBe(200);
  const [refund] = (await entries({ target: `order:${o.id}` })).entries;
  expect(refund.before).toEqual({ isRefund: false, stateStr: 'Completed', personMoney: money });
  expect(refund.after).toMatchObject({ isRefund: true, stateStr: 'Refunded' });
  expect((refund.after as { personMoney: number }).personMoney).toBeGreaterThan(money);
});

test('filters: an exact target, every target of a kind, and a date range (from inclusive, to exclusive)', async () => {
  await t.sql(`insert into audit_log (admin_username, action, target, summary, created_at) values
    ('admin', 'test.dated', 'order:1', 'one', '2020-01-01T10:00:00Z'),
    ('admin', 'test.dated', 'order:2', 'two', '2020-01-02T10:00:00Z'),
    ('admin', 'test.dated', 'person:3', 'three', '2020-01-03T10:00:00Z')`);
  const summaries = async (q: Record<string, string>) => (await entries({ action: 'test.dated', ...q })).entries.map((e) => e.summary);
  expect(await summaries({})).toEqual(['three', 'two', 'one']);
  expect(await summaries({ target: 'order:2' })).toEqual(['two']);
  expect(await summaries({ target: 'order:' })).toEqual(['two', 'one']);
  expect(await summaries({ from: '2020-01-02T10:00:00Z' })).toEqual(['three', 'two']);
  expect(await summaries({ to: '2020-01-02T10:00:00Z' })).toEqual(['one']);
  expect(await summaries({ from: '2020-01-01T12:00:01+02:00', to: '2020-01-03T00:00:00Z', target: 'order:' })).toEqual(['two']);
  expect((await entries({ action: 'test.dated', to: '2020-01-01T00:00:00Z' })).total).toBe(0);
});

test('a bad date is a 400 naming the field, never a database error', async () => {
  for (const [field, value, message] of [
    ['from', 'yesterday', 'from must be a real date and time with a zone (ISO 8601, e.g. 2026-11-23T00:00:00Z)'],
    ['to', '2026-13-45T00:00:00Z', 'to must be a real date and time with a zone (ISO 8601, e.g. 2026-11-23T00:00:00Z)'],
    ['from', '2026-02-30T00:00:00Z', 'from must be a real date and time with a zone (ISO 8601, e.g. 2026-11-23T00:00:00Z)'],
  ]) {
    const res = await api.get('/api/admin/audit', { query: { [field]: value } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message });
  }
});

test('the CSV export streams every matching row of the filter, newest first, and is audited itself', async () => {
  // 1,234 rows in one transaction share one created_at: the export's batches (500) page by id too.
  await t.sql(`insert into audit_log (admin_username, action, target, summary, ip)
    select 'admin', 'test.bulk', 'person:' || n, 'bulk ' || n, '10.0.0.1' from generate_series(1, 1234) n`);
  await t.sql(`insert into audit_log (admin_username, action, target, summary, ip) values ('admin', 'test.bulk', 'person:0', '=HYPERLINK("http://evil")', '10.0.0.1')`);
  const res = await api.get('/api/admin/audit/export.csv', { query: { action: 'test.bulk' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (res.body as string).replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('"time","administrator","action","target","summary","ip","before","after"');
  expect(lines).toHaveLength(1 + 1235);
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  expect(lines[2]).toContain('"bulk 1234"');
  expect(lines.at(-1)).toContain('"bulk 1"');
  expect(new Set(lines).size).toBe(lines.length);

  const [own] = (await entries({ action: 'audit.export' })).entries;
  expect(own.summary).toBe('Exported the audit log as CSV (filter: action=test.bulk)');
});

test('append-only: the database refuses to change or delete an entry, and no route changes it', async () => {
  const [{ n }] = await t.sql('select count(*)::int as n from audit_log');
  await expect(t.sql("update audit_log set summary = 'rewritten'")).rejects.toThrow(/audit_log is append-only: UPDATE is not allowed/);
  await expect(t.sql('delete from audit_log')).rejects.toThrow(/audit_log is append-only: DELETE is not allowed/);
  await expect(t.sql('truncate audit_log')).rejects.toThrow(/audit_log is append-only: TRUNCATE is not allowed/);
  expect((await t.sql('select count(*)::int as n from audit_log'))[0].n).toBe(n);
  expect((await t.sql("select count(*)::int as n from audit_log where summary = 'rewritten'"))[0].n).toBe(0);

  expect(routes.filter((r) => r.tag === 'audit').map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/audit', 'GET /api/admin/audit/export.csv']);
  for (const method of ['PUT', 'DELETE', 'POST'] as const) {
    expect((await api.call(method, '/api/admin/audit')).status).toBe(404);
  }
});
