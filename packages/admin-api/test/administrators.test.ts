// Administrators, my own password and the audit log, over HTTP: owners manage
// administrators, a disabled administrator's open session stops at its next call, the last active
// owner stays, a password change ends my other sessions, and the audit log shows every step.
import { routes } from '@growth-admin/api-contract';
import { Api, ADMIN, startTestServer, TEST_PASSWORD_HASH_COST, type TestServer } from './helpers';

let t: TestServer;
let owner: Api;
beforeAll(async () => {
  // Many sign-ins from one address: the throttle's delays are another test's subject.
  t = await startTestServer({ loginLimitPerUserAndAddress: 1000, loginLimitPerAddress: 1000 });
  owner = new Api(t.url);
  await owner.login();
});
afterAll(() => t?.close());

async function signedIn(username: string, password: string) {
  const api = new Api(t.url);
  await api.login(username, password);
  return api;
}

/** An administrator of this test's own (each test makes what it needs: they run in any order). */
async function added(username: string, role: 'viewer' | 'operator' | 'owner', password = `a-long-${role}-pass`) {
  const r = await owner.post('/api/admin/administrators', { username, role, password });
  expect(r.status).toBe(200);
  const [{ id }] = await t.sql('select id::text as id from admins where username = $1', [username]);
  return { id: id as string, password };
}

test('an owner adds a viewer; weak passwords and taken usernames are refused with a clear message', async () => {
  const weak = await owner.post('/api/admin/administrators', { username: 'vic', role: 'viewer', password: 'short' });
  expect(weak.status).toBe(400);
  expect(weak.body).toEqual({ code: 'WEAK_PASSWORD', message: 'The password must have at least 12 characters and must not contain the username' });
  expect((await owner.post('/api/admin/administrators', { username: 'vic', role: 'viewer', password: 'xx-vic-password-xx' })).body.code).toBe('WEAK_PASSWORD');

  const created = await owner.post('/api/admin/administrators', { username: 'vic', role: 'viewer', password: 'a-long-viewer-pass' });
  expect(created.status).toBe(200);
  expect(created.body.data).toMatchObject({ username: 'vic', role: 'viewer', disabled: false });
  // Stored at the server's PASSWORD_HASH_COST (the test servers': helpers.ts), and it signs in.
  const [{ password_hash: stored }] = await t.sql('select password_hash from admins where username = $1', ['vic']);
  expect(stored).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_HASH_COST}\\$8\\$1\\$`));
  await signedIn('vic', 'a-long-viewer-pass');
  const again = await owner.post('/api/admin/administrators', { username: 'vic', role: 'owner', password: 'a-long-viewer-pass' });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('DUPLICATE_USERNAME');

  const list = await owner.get('/api/admin/administrators');
  const listed = list.body.data.map((a: { username: string; role: string }) => [a.username, a.role]);
  expect(listed).toEqual(expect.arrayContaining([['admin', 'owner'], ['vic', 'viewer']]));
});

test('only owners manage administrators', async () => {
  const viewer = await added('val', 'viewer');
  const operator = await added('otto', 'operator');
  const count = (await owner.get('/api/admin/administrators')).body.data.length;
  for (const who of [await signedIn('val', viewer.password), await signedIn('otto', operator.password)]) {
    for (const r of [
      await who.get('/api/admin/administrators'),
      await who.post('/api/admin/administrators', { username: 'x', role: 'owner', password: 'a-long-sneaky-pass' }),
      await who.put('/api/admin/administrators/1', { role: 'viewer' }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('ROLE_FORBIDDEN');
    }
  }
  expect((await owner.get('/api/admin/administrators')).body.data).toHaveLength(count);
});

test("disabling ends the administrator's open sessions at their next call, and they cannot sign in until enabled", async () => {
  const { id, password } = await added('dora', 'viewer');
  const dora = await signedIn('dora', password);
  expect((await dora.get('/api/admin/projects')).status).toBe(200);
  const disabled = await owner.put(`/api/admin/administrators/${id}`, { disabled: true });
  expect(disabled.body.data).toMatchObject({ username: 'dora', disabled: true });

  expect((await dora.get('/api/admin/projects')).status).toBe(401);
  const again = await new Api(t.url).post('/api/admin/login', { username: 'dora', password }, { token: null });
  expect(again.status).toBe(401);
  expect(again.body.code).toBe('INVALID_CREDENTIALS');

  await owner.put(`/api/admin/administrators/${id}`, { disabled: false, role: 'operator' });
  const back = await signedIn('dora', password);
  expect((await back.get('/api/admin/me')).body.data).toEqual({ username: 'dora', role: 'operator' });

  // The audit log says it, by administrator, action and text.
  const disabledDora = await owner.get('/api/admin/audit', { query: { action: 'admin.update', text: 'disabled', target: 'admin:dora' } });
  expect(disabledDora.body.data.entries).toHaveLength(1);
  expect(disabledDora.body.data.entries[0]).toMatchObject({ adminUsername: 'admin', summary: expect.stringMatching(/^disabled; [1-9]\d* session\(s\) ended$/) });
});

test('a password reset by an owner ends the sessions, and the new password signs in', async () => {
  const { id, password } = await added('remy', 'viewer');
  const remy = await signedIn('remy', password);
  expect((await owner.put(`/api/admin/administrators/${id}`, { password: 'short' })).body.code).toBe('WEAK_PASSWORD');
  expect((await owner.put(`/api/admin/administrators/${id}`, { password: 'a-brand-new-pass-1' })).status).toBe(200);
  expect((await remy.get('/api/admin/projects')).status).toBe(401);
  await signedIn('remy', 'a-brand-new-pass-1');
});

test('the last active owner cannot be demoted or disabled; with a second owner, they can', async () => {
  const [{ id }] = await t.sql("select id::text as id from admins where username = 'admin'");
  for (const change of [{ role: 'operator' }, { disabled: true }]) {
    const r = await owner.put(`/api/admin/administrators/${id}`, change);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: 'LAST_OWNER', message: 'This is the last active owner: make another administrator an owner first' });
  }
  expect((await owner.put('/api/admin/administrators/999999', { role: 'viewer' })).body.code).toBe('ADMIN_NOT_FOUND');
  const opal = await added('opal', 'operator');
  await owner.put(`/api/admin/administrators/${opal.id}`, { role: 'owner' });
  const asOpal = await signedIn('opal', opal.password);
  expect((await asOpal.put(`/api/admin/administrators/${id}`, { role: 'operator' })).status).toBe(200);
  expect((await asOpal.put(`/api/admin/administrators/${id}`, { role: 'owner' })).status).toBe(200);
  // Back to one owner, as the other tests expect.
  expect((await owner.put(`/api/admin/administrators/${opal.id}`, { role: 'operator' })).status).toBe(200);
  const byOpal = await owner.get('/api/admin/audit', { query: { admin: 'opal' } });
  expect(byOpal.body.data.entries.length).toBeGreaterThan(0);
  expect(byOpal.body.data.entries.every((e: { adminUsername: string }) => e.adminUsername === 'opal')).toBe(true);
  expect(byOpal.body.data.total).toBe(byOpal.body.data.entries.length);
});

test('changing my password needs the current one and ends my other sessions, not this one', async () => {
  const other = await signedIn(ADMIN.username, ADMIN.password);
  const wrong = await owner.post('/api/admin/account/password', { currentPassword: 'nope', newPassword: 'another-long-pass-1' });
  expect(wrong.status).toBe(403);
  expect(wrong.body).toEqual({ code: 'WRONG_PASSWORD', message: 'The current password is wrong' });
  expect((await owner.post('/api/admin/account/password', { currentPassword: ADMIN.password, newPassword: 'short' })).body.code).toBe('WEAK_PASSWORD');

  const changed = await owner.post('/api/admin/account/password', { currentPassword: ADMIN.password, newPassword: 'another-long-pass-1' });
  expect(changed.status).toBe(200);
  expect(changed.body.data.otherSessionsEnded).toBeGreaterThanOrEqual(1);
  expect((await other.get('/api/admin/projects')).status).toBe(401);
  expect((await owner.get('/api/admin/projects')).status).toBe(200);
  await signedIn(ADMIN.username, 'another-long-pass-1');
  expect((await owner.get('/api/admin/audit', { query: { action: 'account.password', admin: 'admin' } })).body.data.total).toBeGreaterThan(0);
  // Back, for the other tests (which sign in as the owner).
  await owner.post('/api/admin/account/password', { currentPassword: 'another-long-pass-1', newPassword: ADMIN.password });
});

describe('the audit log', () => {
  test('shows every step, newest first, and pages', async () => {
    const { id } = await added('aude', 'viewer');
    await owner.put(`/api/admin/administrators/${id}`, { role: 'operator' });
    const all = await owner.get('/api/admin/audit', { query: { pageSize: 100 } });
    expect(all.status).toBe(200);
    const actions = all.body.data.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.create', 'admin.update', 'login']));
    const times = all.body.data.entries.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const page2 = await owner.get('/api/admin/audit', { query: { page: 2, pageSize: 3 } });
    expect(page2.body.data.entries.map((e: { id: string }) => e.id)).toEqual(all.body.data.entries.slice(3, 6).map((e: { id: string }) => e.id));
  });

  test('is append-only: no route writes to it (the list and its CSV export only read)', () => {
    expect(routes.filter((r) => r.path.includes('/audit')).map((r) => r.method)).toEqual(['GET', 'GET']);
  });
});
