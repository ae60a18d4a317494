// Step-up (ASVS 4.0.3 3.7.1) over HTTP: a refund, and an add-coins above the step-up
// amount, need the password entered in this session within the last 5 minutes (sign-in counts);
// otherwise 403 STEP_UP_REQUIRED and nothing changes. POST /account/reauthenticate records it; the
// same call then goes through with the same Idempotency-Key. Time is moved by setting the session's
// reauth_at back in the database, not by waiting.
import { configFromEnv } from '../src/config';
import { Api, ADMIN, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let api: Api;
let sessionId: string;
beforeAll(async () => {
  t = await startTestServer({ loginLimitPerUserAndAddress: 1000, loginLimitPerAddress: 1000 });
});
afterAll(() => t?.close());
// Each test has its own session, signed in just now (another test's re-authentication is not its own).
beforeEach(async () => {
  api = new Api(t.url);
  await api.login();
  sessionId = (await api.get('/api/admin/account/sessions')).body.data.find((s: { current: boolean }) => s.current).id;
});

const passwordEnteredAgo = (seconds: number) => t.sql('update admin_sessions set reauth_at = now() - make_interval(secs => $2) where id = $1', [sessionId, seconds]);
const key = () => `k-${Math.random().toString(36).slice(2, 12)}`;

async function aPerson(): Promise<{ id: string; money: number }> {
  const [p] = await t.sql('select id::text as id, money::float8 as money from persons order by random() limit 1');
  return p;
}
const balanceOf = async (id: string) => Number((await t.sql('select money::float8 as money from persons where id = $1', [id]))[0].money);
const ledgerRows = async (id: string) => Number((await t.sql('select count(*)::int as n from coin_ledger where person_id = $1', [id]))[0].n);

test('the defaults: 10,000 coins and 5 minutes, both configurable', () => {
  expect([configFromEnv({}).stepUpAmount, configFromEnv({}).stepUpWindowMs]).toEqual([10_000, 5 * 60_000]);
  const c = configFromEnv({ STEP_UP_AMOUNT: '500', STEP_UP_WINDOW_MINUTES: '2' });
  expect([c.stepUpAmount, c.stepUpWindowMs]).toEqual([500, 2 * 60_000]);
});

test('add-coins up to 10,000 needs no recent password; 10,001 does, and is refused with nothing changed', async () => {
  await passwordEnteredAgo(3600);
  const p = await aPerson();
  const atLimit = await api.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_000 }, { headers: { 'Idempotency-Key': key() } });
  expect(atLimit.status).toBe(200);
  expect(atLimit.body.data.money).toBe(p.money + 10_000);

  const rows = await ledgerRows(p.id);
  const above = await api.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_001 }, { headers: { 'Idempotency-Key': key() } });
  expect(above.status).toBe(403);
  expect(above.body).toEqual({ code: 'STEP_UP_REQUIRED', message: 'Enter your password again to continue: this action needs it within the last 5 minutes' });
  expect(await balanceOf(p.id)).toBe(p.money + 10_000);
  expect(await ledgerRows(p.id)).toBe(rows);
});

test('the password entered 4:59 ago is recent enough; 5:01 ago is not', async () => {
  const p = await aPerson();
  await passwordEnteredAgo(299);
  expect((await api.post('/api/admin/persons/add-money', { personId: p.id, amount: 20_000 })).status).toBe(200);
  await passwordEnteredAgo(301);
  expect((await api.post('/api/admin/persons/add-money', { personId: p.id, amount: 20_000 })).body.code).toBe('STEP_UP_REQUIRED');
  expect(await balanceOf(p.id)).toBe(p.money + 20_000);
});

test('sign-in counts as entering the password', async () => {
  const fresh = new Api(t.url);
  await fresh.login();
  const p = await aPerson();
  expect((await fresh.post('/api/admin/persons/add-money', { personId: p.id, amount: 50_000 })).status).toBe(200);
});

test('a refund needs a recent password; a wrong one is refused; the right one lets the same call (same key) through once', async () => {
  const [o] = await t.sql("select id::text as id from orders where is_complete and not is_refund and kind = 'growth' order by id limit 1");
  const [{ last }] = await t.sql('select coalesce(max(id), 0) as last from audit_log');
  await passwordEnteredAgo(301);
  const k = key();
  const refused = await api.post('/api/admin/orders/refundOrder', { orderId: o.id }, { headers: { 'Idempotency-Key': k } });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('STEP_UP_REQUIRED');
  expect((await t.sql('select is_refund from orders where id = $1', [o.id]))[0].is_refund).toBe(false);

  const wrong = await api.post('/api/admin/account/reauthenticate', { password: 'not-my-password' });
  expect(wrong.status).toBe(403);
  expect(wrong.body).toEqual({ code: 'WRONG_PASSWORD', message: 'The password is wrong' });
  expect((await api.post('/api/admin/orders/refundOrder', { orderId: o.id }, { headers: { 'Idempotency-Key': k } })).body.code).toBe('STEP_UP_REQUIRED');

  const right = await api.post('/api/admin/account/reauthenticate', { password: ADMIN.password });
  expect(right.status).toBe(200);
  expect(right.body.data).toEqual({ reauthenticated: true, validForSeconds: 300 });
  const done = await api.post('/api/admin/orders/refundOrder', { orderId: o.id }, { headers: { 'Idempotency-Key': k } });
  expect(done.status).toBe(200);
  expect(done.body.data.isRefund).toBe(true);

  // A retry of the call that went through answers its first result even once the window is over.
  await passwordEnteredAgo(3600);
  const replay = await api.post('/api/admin/orders/refundOrder', { orderId: o.id }, { headers: { 'Idempotency-Key': k } });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');

  const actions = (await t.sql("select action from audit_log where action like 'account.reauth%' and id > $1 order by id", [last])).map((r) => r.action);
  expect(actions).toEqual(['account.reauth.failed', 'account.reauth']);
});

test('a wrong password withdraws the allowance the session had (sign-in included)', async () => {
  const fresh = new Api(t.url);
  await fresh.login();
  const p = await aPerson();
  expect((await fresh.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_001 })).status).toBe(200);
  expect((await fresh.post('/api/admin/account/reauthenticate', { password: 'a-guess' })).body.code).toBe('WRONG_PASSWORD');
  expect((await fresh.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_001 })).body.code).toBe('STEP_UP_REQUIRED');
  expect((await fresh.post('/api/admin/account/reauthenticate', { password: ADMIN.password })).status).toBe(200);
  expect((await fresh.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_001 })).status).toBe(200);
});

test('the step-up is per session: re-authenticating one session does not unlock another', async () => {
  const other = new Api(t.url);
  await other.login();
  await t.sql("update admin_sessions set reauth_at = now() - interval '1 hour'");
  expect((await api.post('/api/admin/account/reauthenticate', { password: ADMIN.password })).status).toBe(200);
  const p = await aPerson();
  expect((await other.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_001 })).body.code).toBe('STEP_UP_REQUIRED');
  expect((await api.post('/api/admin/persons/add-money', { personId: p.id, amount: 10_001 })).status).toBe(200);
});
