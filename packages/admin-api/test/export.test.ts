// CSV exports of orders, payments and users: exactly the list's filters and sort, every page,
// escaped for spreadsheets, audited; and the keyset reader they stream from.
import { csvCell, csvRow, parseCsv } from '../src/http/csv';
import { keysetBatches } from '../src/modules/exports/keyset';
import { migrate } from '../src/migrations';
import { openFreshDb, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());

const exportOf = (path: string, query: Record<string, string> = {}) => t.api.get(path, { query });
/** Every page of a list through the list route. */
async function allPages(path: string, query: Record<string, string>, pageKey: 'orders' | 'list', first: number) {
  const rows = [];
  for (let page = first; ; page++) {
    const r = await t.api.get(path, { query: { ...query, page: String(page), ...(pageKey === 'orders' ? { limit: '100' } : { pageSize: '100' }) } });
    const got = r.body.data[pageKey];
    rows.push(...got);
    if (got.length < 100) return rows;
  }
}

describe('csv cells (the one writer of every export)', () => {
  test.each([
    ['plain', '"plain"'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['a=b', '"a=b"'],
    ['', '""'],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));
  test('parseCsv reads back what csvRow writes, and refuses a cut-off record', () => {
    const cells = ['a,b', 'say "hi"', 'two\r\nlines', '=1+1', ''];
    expect(parseCsv(csvRow(cells) + csvRow(['x']))).toEqual([["a,b", 'say "hi"', 'two\r\nlines', "'=1+1", ''], ['x']]);
    expect(() => parseCsv('a,b\r\nc')).toThrow('the CSV does not end with a complete record');
    expect(() => parseCsv('"a\r\n')).toThrow('the CSV does not end with a complete record');
  });

  test('numbers, booleans and missing values are written as they are', () => {
    expect(csvRow([-5, 1.5, true, null, undefined])).toBe('-5,1.5,true,,\r\n');
  });
});

describe('orders and payments export', () => {
  test('the export of a filtered, sorted list holds exactly its rows in its order, every page, with X-Total-Count', async () => {
    const [{ newest }] = await t.sql("select max(created_at) as newest from orders where kind = 'growth'");
    const createdFrom = new Date(new Date(newest).getTime() - 20 * 86_400_000).toISOString();
    const query = { status: 'completed', productType: 'heart', createdFrom, sort: 'paymentMoney.desc' };
    const listed = await allPages('/api/admin/orders/orderList', query, 'orders', 0);
    expect(listed.length).toBeGreaterThan(100); // more than one page of the list
    const r = await exportOf('/api/admin/orders/exportOrders', query);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(Number(r.headers.get('x-total-count'))).toBe(listed.length);
    const [header, ...rows] = parseCsv(r.body as string);
    expect(header).toEqual(['Order Number', 'Customer', 'Type', 'Count', 'Payment', 'Status', 'Platform', 'Created']);
    expect(rows.map((row) => row[0])).toEqual(listed.map((o) => o.orderSn));
    const first = listed[0];
    expect(rows[0]).toEqual([first.orderSn, first.shoppingUser, 'Like', String(first.count), first.paymentMoney.toFixed(2), first.stateStr, first.platform, first.createdAt]);
  });

  test('payments export every payment (no filter: the whole list, newest first), typed Coins', async () => {
    const [{ n }] = await t.sql("select count(*)::int as n from orders where kind = 'recharge'");
    const r = await exportOf('/api/admin/orders/exportPayments');
    const [, ...rows] = parseCsv(r.body as string);
    expect(rows).toHaveLength(n);
    expect(Number(r.headers.get('x-total-count'))).toBe(n);
    const expected = await t.sql("select order_sn from orders where kind = 'recharge' order by created_at desc, id desc");
    expect(rows.map((row) => row[0])).toEqual(expected.map((e) => e.order_sn));
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['Coins']));
  });

  test('hostile customer names come out as text: quoted, commas and line breaks kept, formulas neutralised', async () => {
    const hostile = ['=cmd|" /C calc"!A0', '+SUM(1,2)', '-1+1', '@import', 'new\nline, "quoted"'];
    const [{ person_id }] = await t.sql("select person_id from orders where kind = 'growth' limit 1");
    for (const [i, name] of hostile.entries()) {
      await t.sql(
        `insert into orders (kind, order_sn, person_id, shopping_user, product_type, count, payment_money, state, is_complete, created_at)
         values ('growth', $1, $2, $3, 'heart', 1, 1, 'completed', true, now() - interval '1 minute' * $4)`,
        [`HOSTILE-${i}`, person_id, name, i],
      );
    }
    const r = await exportOf('/api/admin/orders/exportOrders', { shoppingUser: '' });
    const rows = parseCsv(r.body as string);
    const byNumber = new Map(rows.map((row) => [row[0], row]));
    expect(byNumber.get('HOSTILE-0')![1]).toBe(`'=cmd|" /C calc"!A0`);
    expect(byNumber.get('HOSTILE-1')![1]).toBe(`'+SUM(1,2)`);
    expect(byNumber.get('HOSTILE-2')![1]).toBe(`'-1+1`);
    expect(byNumber.get('HOSTILE-3')![1]).toBe(`'@import`);
    expect(byNumber.get('HOSTILE-4')![1]).toBe('new\nline, "quoted"');
    for (const row of rows) expect(row).toHaveLength(8);
  });

  test('each export is audited with who, what and how many', async () => {
    await exportOf('/api/admin/orders/exportPayments', { status: 'error' });
    const [{ n }] = await t.sql("select count(*)::int as n from orders where kind = 'recharge' and is_error");
    const [entry] = await t.sql("select admin_username, action, target, summary from audit_log where action = 'payment.export' order by id desc limit 1");
    expect(entry).toMatchObject({ admin_username: 'admin', action: 'payment.export', target: 'payments' });
    expect(entry.summary).toContain(`Exported ${n} payments as CSV`);
    expect(entry.summary).toContain('"status":"error"');
  });

  test.each([
    [{ sort: 'count.desc' }, /^sort /],
    [{ createdFrom: '2026-11-18T00:00:00Z', createdTo: '2026-11-17T00:00:00Z' }, /^createdTo must be after createdFrom$/],
    [{ page: '2' }, /^page is not an allowed field$/],
  ])('%j is a 400 naming the field, and nothing is audited', async (query, message) => {
    const [{ before }] = await t.sql("select count(*)::int as before from audit_log where action = 'order.export'");
    const r = await exportOf('/api/admin/orders/exportOrders', query);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    const [{ after }] = await t.sql("select count(*)::int as after from audit_log where action = 'order.export'");
    expect(after).toBe(before);
  });

  test('starts with a byte-order mark, so spreadsheets read UTF-8 names right', async () => {
    const headers = { ...t.api.signedHeaders(), Authorization: `Bearer ${t.api.token}` };
    const bytes = new Uint8Array(await (await fetch(`${t.url}/api/admin/orders/exportOrders?orderSn=none`, { headers })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  test('needs a session', async () => {
    const r = await t.api.get('/api/admin/orders/exportOrders', { token: null });
    expect(r.status).toBe(401);
  });
});

describe('users export', () => {
  test('the visible columns, in the table order, the user always first; region and sort as the list', async () => {
    const [{ region }] = await t.sql('select last_client_region as region from persons group by 1 order by count(*) desc limit 1');
    const query = { lastClientRegion: region, sort: 'money.desc' };
    const listed = await allPages('/api/admin/persons/list', query, 'list', 1);
    const r = await exportOf('/api/admin/persons/export', { ...query, columns: 'lastUpdated,location,coins,actions' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/filename="users-/);
    const [header, ...rows] = parseCsv(r.body as string);
    expect(header).toEqual(['User ID', 'Name', 'Coins', 'Points', 'Country', 'Region', 'Last Updated']);
    expect(rows.map((row) => row[0])).toEqual(listed.map((p) => p.customId));
    expect(Number(r.headers.get('x-total-count'))).toBe(listed.length);
    const p = listed[0];
    expect(rows[0]).toEqual([p.customId, p.customName, String(p.money), String(p.point), p.countryCode, p.lastClientRegion, p.updatedAt]);
  });

  test('without columns: the default visible ones', async () => {
    const r = await exportOf('/api/admin/persons/export', { customName: 'a' });
    const [header, ...rows] = parseCsv(r.body as string);
    expect(header).toEqual(['User ID', 'Name', 'Coins', 'Points', 'Platform', 'Last Updated']);
    const [{ n }] = await t.sql("select count(*)::int as n from persons where lower(custom_name) like '%a%'");
    expect(rows).toHaveLength(n);
  });

  test.each(['email', 'user,password', 'coins,,platform'])('columns=%s is a 400 naming columns', async (columns) => {
    const r = await exportOf('/api/admin/persons/export', { columns });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^columns/);
  });
});

describe('keysetBatches', () => {
  test.each([
    ['payment_money', true],
    ['payment_money', false],
    ['created_at', true],
    ['id', false],
  ] as const)('by %s (descending %s) in small batches reads every row once, in order, ties included', async (sortColumn, descending) => {
    const { db, drop } = await openFreshDb();
    try {
      await migrate(db);
      await db.exec(`insert into orders (kind, order_sn, person_id, shopping_user, product_type, payment_money, created_at)
        select 'growth', 'K' || g, 1, 'u', 'heart', (g % 4)::numeric / 4, timestamptz '2026-11-01' + (g % 5) * interval '1.000001 second'
          from generate_series(1, 53) g`);
      const read: string[] = [];
      let batches = 0;
      for await (const rows of keysetBatches(db, { columns: 'order_sn', table: 'orders', where: "kind = $1", params: ['growth'], sortColumn, descending, batchSize: 7 })) {
        batches++;
        read.push(...rows.map((r) => String(r.order_sn)));
      }
      const dir = descending ? 'desc' : 'asc';
      const expected = await db.query(`select order_sn from orders where kind = 'growth' order by ${sortColumn === 'id' ? `id ${dir}` : `${sortColumn} ${dir}, id ${dir}`}`);
      expect(read).toEqual(expected.map((e) => String(e.order_sn)));
      expect(batches).toBe(8);
    } finally {
      await drop();
    }
  });
});
