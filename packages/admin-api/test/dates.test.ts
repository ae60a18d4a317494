// Every date a route takes is read one way (api-contract's dates.ts): a day that does not exist,
// such as 2026-02-30 (which JavaScript's Date reads as 2 March), is a 400 naming the field on every
// route, over real HTTP, and the refused call changes nothing.
import { DATE_RULES, routes, type RouteSpec } from '@growth-admin/api-contract';
import type { TSchema } from '@sinclair/typebox';
import { Api, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let api: Api;
beforeAll(async () => {
  t = await startTestServer();
  api = t.api;
  await api.login();
});
afterAll(() => t?.close());

type DateFormat = keyof typeof DATE_RULES;
/** Every (route, query field) whose schema is one of the contract's date formats. */
const dateFields = routes.flatMap((r: RouteSpec) =>
  Object.entries((r.querystring?.properties ?? {}) as Record<string, TSchema>)
    .filter(([, s]) => s.format === 'date-time' || s.format === 'date')
    .map(([field, s]) => ({ route: r, field, format: s.format as DateFormat })),
);
const label = ({ route, field }: (typeof dateFields)[number]) => `${route.method} ${route.path} ${field}`;

/** A real value of the format, and the route's other date field when it needs a pair (trends' from/to). */
const VALID: Record<DateFormat, string> = { 'date-time': '2026-02-28T00:00:00Z', date: '2026-02-28' };
const BAD: Record<DateFormat, string[]> = {
  'date-time': ['2026-02-30T00:00:00Z', '2026-02-30', '2026-04-31T10:00:00+02:00', '2026-11-23T24:00:00Z', '2026-11-23T10:00:00+25:00', 'yesterday'],
  date: ['2026-02-30', '2025-02-29', '2026-13-01', '2026-02-30T00:00:00Z', '2026-2-3'],
};
const others = (route: RouteSpec, field: string): Record<string, string> =>
  Object.fromEntries(dateFields.filter((d) => d.route === route && d.field !== field && d.format === 'date').map((d) => [d.field, VALID.date]));

test('the dates of every list, export and analytics range are declared with the contract date formats', () => {
  // A route that takes a date without the format would skip the one reading: this list must grow with it.
  expect(dateFields.map(label).sort()).toEqual(
    [
      'GET /api/admin/analytics/trends from',
      'GET /api/admin/analytics/trends to',
      'GET /api/admin/audit from',
      'GET /api/admin/audit to',
      'GET /api/admin/audit/export.csv from',
      'GET /api/admin/audit/export.csv to',
      'GET /api/admin/orders/orderList createdFrom',
      'GET /api/admin/orders/orderList createdTo',
      'GET /api/admin/orders/rechargeOrderList createdFrom',
      'GET /api/admin/orders/rechargeOrderList createdTo',
      'GET /api/admin/orders/exportOrders createdFrom',
      'GET /api/admin/orders/exportOrders createdTo',
      'GET /api/admin/orders/exportPayments createdFrom',
      'GET /api/admin/orders/exportPayments createdTo',
    ].sort(),
  );
});

test.each(dateFields.map((d) => [label(d), d] as const))('%s: a day that does not exist is a 400 naming the field; a real one is read', async (_, { route, field, format }) => {
  const auditRows = async () => (await t.sql('select count(*)::int as n from audit_log'))[0].n as number;
  const before = await auditRows();
  for (const value of BAD[format]) {
    const r = await api.get(route.path, { query: { ...others(route, field), [field]: value } });
    expect({ value, status: r.status, body: r.body }).toEqual({ value, status: 400, body: { code: 'VALIDATION_ERROR', message: `${field} ${DATE_RULES[format]}` } });
  }
  expect(await auditRows()).toBe(before); // no export was started, nothing recorded

  const ok = await api.get(route.path, { query: { ...others(route, field), [field]: VALID[format] } });
  expect(ok.status).toBe(200);
});

test('the orders list no longer reads 2026-02-30 as 2 March: refused, where 1 March is read', async () => {
  const refused = await api.get('/api/admin/orders/orderList', { query: { createdFrom: '2026-02-30T00:00:00Z' } });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('createdFrom must be a real date and time with a zone (ISO 8601, e.g. 2026-11-23T00:00:00Z)');
  const march = await api.get('/api/admin/orders/orderList', { query: { createdFrom: '2026-03-01T00:00:00+01:00', limit: 1 } });
  expect(march.status).toBe(200);
});
