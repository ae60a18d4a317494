// Sessions over HTTP: my active sessions with browser, IP and last-seen; ending one or all
// my others; owners listing and ending anyone's; last-seen written at most once a minute; the idle
// timeout and the absolute lifetime answering 401 SESSION_EXPIRED. Time is moved by setting a
// session's times back in the database (the server compares with the database's clock), not by waiting.
import { sessions } from '@growth-admin/api-contract';
import { configFromEnv } from '../src/config';
import { durationInWords } from '../src/http/durations';
import { describeBrowser } from '../src/modules/sessions/browser';
import { Api, ADMIN, expectShape, startTestServer, type TestServer } from './helpers';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestServer;
let owner: Api;
beforeAll(async () => {
  t = await startTestServer({ loginLimitPerUserAndAddress: 1000, loginLimitPerAddress: 1000 });
  owner = new Api(t.url);
  await owner.login();
  await owner.post('/api/admin/administrators', { username: 'opal', role: 'operator', password: 'a-long-operator-pass' });
});
afterAll(() => t?.close());
// Each test starts with opal signed in nowhere: the sessions a test lists or ends are its own.
beforeEach(() => t.sql("update admin_sessions set revoked_at = now() where revoked_at is null and admin_id = (select id from admins where username = 'opal')"));

/** Signs in from a browser with this User-Agent. */
async function signIn(username: string, password: string, userAgent: string): Promise<Api> {
  const api = new Api(t.url);
  const res = await api.post('/api/admin/login', { username, password }, { token: null, headers: { 'User-Agent': userAgent } });
  expect(res.status).toBe(200);
  api.token = res.body.data.token;
  return api;
}

const sessionIdOf = async (api: Api): Promise<string> => (await api.get('/api/admin/account/sessions')).body.data.find((s: { current: boolean }) => s.current).id;
const setBack = (id: string, column: 'last_seen_at' | 'expires_at' | 'created_at', seconds: number) =>
  t.sql(`update admin_sessions set ${column} = now() - make_interval(secs => $2) where id = $1`, [id, seconds]);

test('I list my active sessions: started, last seen, IP, browser and which one is this; nobody else’s', async () => {
  const a = await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS);
  const b = await signIn('opal', 'a-long-operator-pass', FIREFOX_LINUX);
  const res = await a.get('/api/admin/account/sessions');
  expect(res.status).toBe(200);
  expectShape(sessions.listMySessions.data, res.body.data);
  const list = res.body.data as Array<{ username: string; browser: string; current: boolean; ip: string; startedAt: string; lastSeenAt: string }>;
  expect(list.every((s) => s.username === 'opal')).toBe(true);
  const mine = list.filter((s) => s.browser === 'Chrome 131 on Windows' || s.browser === 'Firefox 133 on Linux');
  expect(mine).toHaveLength(2);
  expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ browser: 'Chrome 131 on Windows', ip: '127.0.0.1' })]);
  expect(Math.abs(Date.parse(mine[0].startedAt) - Date.now())).toBeLessThan(60_000);
  expect(Date.parse(mine[0].lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(mine[0].startedAt));
  // Seen from the other session, the current one is the other.
  expect((await b.get('/api/admin/account/sessions')).body.data.find((s: { current: boolean }) => s.current).browser).toBe('Firefox 133 on Linux');
});

test('last seen is written at most once a minute per session', async () => {
  const api = await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS);
  const id = await sessionIdOf(api);
  const seen = async () => (await t.sql('select last_seen_at from admin_sessions where id = $1', [id]))[0].last_seen_at.getTime() as number;
  await setBack(id, 'last_seen_at', 30);
  const before = await seen();
  await api.get('/api/admin/me');
  expect(await seen()).toBe(before); // under a minute old: no write
  await setBack(id, 'last_seen_at', 61);
  await api.get('/api/admin/me');
  expect(Date.now() - (await seen())).toBeLessThan(5_000);
});

test('I end one of my other sessions (its token stops at once), not this one and not someone else’s', async () => {
  const mine = await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS);
  const other = await signIn('opal', 'a-long-operator-pass', FIREFOX_LINUX);
  const otherId = await sessionIdOf(other);
  const ownerId = await sessionIdOf(owner);

  const current = await mine.del(`/api/admin/account/sessions/${await sessionIdOf(mine)}`);
  expect(current.status).toBe(409);
  expect(current.body.code).toBe('CURRENT_SESSION');
  const notMine = await mine.del(`/api/admin/account/sessions/${ownerId}`);
  expect(notMine.status).toBe(404);
  expect(notMine.body.code).toBe('SESSION_NOT_FOUND');
  expect((await owner.get('/api/admin/me')).status).toBe(200);

  const ended = await mine.del(`/api/admin/account/sessions/${otherId}`);
  expect(ended.status).toBe(200);
  expect(ended.body.data).toEqual({ ended: 1 });
  const after = await other.get('/api/admin/me');
  expect(after.status).toBe(401);
  expect(after.body.code).toBe('TOKEN_INVALID');
  expect((await mine.del(`/api/admin/account/sessions/${otherId}`)).status).toBe(404);
  expect((await mine.get('/api/admin/account/sessions')).body.data.map((s: { id: string }) => s.id)).not.toContain(otherId);
  const [row] = await t.sql("select admin_username, summary from audit_log where action = 'session.end' order by id desc limit 1");
  expect(row).toEqual({ admin_username: 'opal', summary: `Ended session ${otherId} of opal` });
});

test('I end all my other sessions; this one stays', async () => {
  const mine = await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS);
  const others = [await signIn('opal', 'a-long-operator-pass', FIREFOX_LINUX), await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS)];
  const res = await mine.post('/api/admin/account/sessions/end-others');
  expect(res.status).toBe(200);
  expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
  for (const o of others) expect((await o.get('/api/admin/me')).status).toBe(401);
  expect((await mine.get('/api/admin/me')).status).toBe(200);
  expect((await mine.get('/api/admin/account/sessions')).body.data).toEqual([expect.objectContaining({ current: true })]);
  expect((await owner.get('/api/admin/me')).status).toBe(200); // another administrator's are untouched
});

test('owners list and end anyone’s session; others are refused (403)', async () => {
  const opal = await signIn('opal', 'a-long-operator-pass', FIREFOX_LINUX);
  const opalId = await sessionIdOf(opal);
  for (const r of [await opal.get('/api/admin/sessions'), await opal.del(`/api/admin/sessions/${await sessionIdOf(owner)}`)]) {
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('ROLE_FORBIDDEN');
  }
  const all = await owner.get('/api/admin/sessions');
  expect(all.status).toBe(200);
  const users = new Set(all.body.data.map((s: { username: string }) => s.username));
  expect(users).toEqual(new Set(['admin', 'opal']));
  expect(all.body.data.find((s: { id: string }) => s.id === opalId)).toMatchObject({ username: 'opal', current: false });

  expect((await owner.del(`/api/admin/sessions/${opalId}`)).body.data).toEqual({ ended: 1 });
  expect((await opal.get('/api/admin/me')).status).toBe(401);
  const [row] = await t.sql("select admin_username, target from audit_log where action = 'session.end' order by id desc limit 1");
  expect(row).toEqual({ admin_username: ADMIN.username, target: 'admin:opal' });
});

test('a session idle for 30 minutes has expired: 401 SESSION_EXPIRED, and it is no longer listed', async () => {
  const api = await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS);
  const id = await sessionIdOf(api);
  await setBack(id, 'last_seen_at', 29 * 60);
  expect((await api.get('/api/admin/me')).status).toBe(200); // and this call counts as activity
  await setBack(id, 'last_seen_at', 30 * 60 + 1);
  const res = await api.get('/api/admin/me');
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ code: 'SESSION_EXPIRED', message: 'Your session has expired (no request for 30 minutes): sign in again' });
  expect((await owner.get('/api/admin/sessions')).body.data.map((s: { id: string }) => s.id)).not.toContain(id);
});

test('a session past its absolute lifetime (12 h from sign-in) has expired, however active', async () => {
  const api = await signIn('opal', 'a-long-operator-pass', CHROME_WINDOWS);
  const id = await sessionIdOf(api);
  const [{ hours }] = await t.sql('select extract(epoch from expires_at - created_at) / 3600 as hours from admin_sessions where id = $1', [id]);
  expect(Number(hours)).toBeCloseTo(12, 3);
  await setBack(id, 'expires_at', 1);
  const res = await api.get('/api/admin/me');
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ code: 'SESSION_EXPIRED', message: 'Your session has expired (it is 12 hours old): sign in again' });
});

test('both limits are configurable (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS)', async () => {
  expect(configFromEnv({}).sessionIdleMs).toBe(30 * 60_000);
  expect(configFromEnv({}).sessionTtlMs).toBe(12 * 3600_000);
  const c = configFromEnv({ SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '2' });
  expect([c.sessionIdleMs, c.sessionTtlMs]).toEqual([5 * 60_000, 2 * 3600_000]);
  expect(() => configFromEnv({ SESSION_IDLE_MINUTES: '0' })).toThrow('SESSION_IDLE_MINUTES must be an integer >= 1 (got "0")');

  const short = await startTestServer({ sessionIdleMs: 5 * 60_000, sessionTtlMs: 2 * 3600_000 });
  try {
    const api = new Api(short.url);
    await api.login();
    const [{ id, hours }] = await short.sql('select id::text as id, extract(epoch from expires_at - created_at) / 3600 as hours from admin_sessions');
    expect(Number(hours)).toBeCloseTo(2, 3);
    await short.sql("update admin_sessions set last_seen_at = now() - interval '5 minutes 1 second' where id = $1", [id]);
    const res = await api.get('/api/admin/me');
    expect(res.body).toEqual({ code: 'SESSION_EXPIRED', message: 'Your session has expired (no request for 5 minutes): sign in again' });
  } finally {
    await short.close();
  }
});

test("the SESSION_EXPIRED message's durations in words: hours, minutes, else seconds; one without an s", () => {
  expect([3600_000, 12 * 3600_000, 60_000, 30 * 60_000, 90_000, 1000].map(durationInWords)).toEqual(['1 hour', '12 hours', '1 minute', '30 minutes', '90 seconds', '1 second']);
});

test('the browser is read from the User-Agent', () => {
  expect(describeBrowser(CHROME_WINDOWS)).toBe('Chrome 131 on Windows');
  expect(describeBrowser(FIREFOX_LINUX)).toBe('Firefox 133 on Linux');
  expect(describeBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe('Safari 17 on macOS');
  expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86')).toBe('Edge 131 on Windows');
  expect(describeBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toBe('Safari 17 on iOS');
  expect(describeBrowser('curl/8.5.0')).toBe('Unknown browser');
  expect(describeBrowser('')).toBe('Unknown browser');
});
