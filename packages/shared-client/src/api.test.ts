import {
  browserTimeZone,
  getMe,
  getRevenueStats,
  getTrends,
  getUserStats,
  login,
  logout,
  reauthenticate,
  reportReleaseFailure,
  TRENDS_DEFAULT_DAYS,
} from './api';
import { ApiError, NETWORK_MESSAGE } from './errors';
import { getToken, setSession } from './tokenStore';
import {
  configureTestClient,
  installFetch,
  onlyRequest,
  removeFetch,
  type FetchMock,
  type RecordedRequest,
} from './testing/fakeFetch';

let fetchMock: FetchMock;

/** Calls `run` against a server answering `{data}` and returns the one request it sent. */
async function sentBy(run: () => Promise<unknown>, data: unknown = null): Promise<RecordedRequest> {
  fetchMock = installFetch(() => ({ body: { data } }));
  await run();
  return onlyRequest(fetchMock);
}

beforeEach(() => {
  localStorage.clear();
  configureTestClient();
});

afterEach(() => removeFetch());

describe('constants of spec 9', () => {
  it('has a 30-day trend window', () => {
    expect(TRENDS_DEFAULT_DAYS).toBe(30);
  });
});

describe('session calls', () => {
  it('login POSTs username and password and returns the session', async () => {
    const session = { token: 'tok', user: { username: 'admin' } };
    fetchMock = installFetch(() => ({ body: { data: session } }));
    await expect(login({ username: 'admin', password: 's3cret' })).resolves.toEqual(session);
    const req = onlyRequest(fetchMock);
    expect(req).toMatchObject({ method: 'POST', path: '/api/admin/login', query: {} });
    expect(req.body).toEqual({ username: 'admin', password: 's3cret' });
  });

  it.each([
    ['no body', { raw: '' }],
    ['no data', { body: {} }],
    ['null data', { body: { data: null } }],
    ['no token', { body: { data: { user: { username: 'admin' } } } }],
    ['an empty token', { body: { data: { token: '', user: { username: 'admin' } } } }],
    ['a non-string token', { body: { data: { token: 42, user: { username: 'admin' } } } }],
    ['no user', { body: { data: { token: 'tok' } } }],
    ['a user without username', { body: { data: { token: 'tok', user: {} } } }],
  ])("login fails with 'Invalid response format' on %s", async (_label, reply) => {
    installFetch(() => reply);
    const failure = login({ username: 'a', password: 'b' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Invalid response format', status: 500, code: 'INVALID_RESPONSE' });
  });

  it("login passes on the server's message and status, and a 401 there keeps the stored token", async () => {
    const onUnauthorized = jest.fn();
    configureTestClient({ onUnauthorized });
    setSession({ token: 'other-tab-session', username: 'admin' });
    installFetch(() => ({ status: 401, body: { message: 'Invalid username or password', code: 'BAD_CREDENTIALS' } }));

    await expect(login({ username: 'admin', password: 'wrong' })).rejects.toMatchObject({
      message: 'Invalid username or password',
      status: 401,
      code: 'BAD_CREDENTIALS',
    });
    expect(getToken()).toBe('other-tab-session');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('login reports a network failure as an ApiError', async () => {
    installFetch().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      message: `${NETWORK_MESSAGE} (Failed to fetch)`,
      status: 503,
    });
  });

  it('logout POSTs with no body', async () => {
    const req = await sentBy(() => logout());
    expect(req).toMatchObject({ method: 'POST', path: '/api/admin/logout', query: {}, body: undefined });
  });

  it('logout of a given token (a sign-out retried later) sends that token, not the stored one', async () => {
    setSession({ token: 'tok-now', username: 'admin' });
    const req = await sentBy(() => logout('tok-before'));
    expect(req.headers.Authorization).toBe('Bearer tok-before');
  });
});

describe("the shell's own calls", () => {
  it('getMe GETs the signed-in administrator', async () => {
    fetchMock = installFetch(() => ({ body: { data: { username: 'admin', role: 'owner' } } }));
    await expect(getMe()).resolves.toEqual({ username: 'admin', role: 'owner' });
    expect(onlyRequest(fetchMock)).toMatchObject({ method: 'GET', path: '/api/admin/me', query: {}, body: undefined });
  });

  it('reauthenticate POSTs the password (step-up)', async () => {
    const req = await sentBy(() => reauthenticate('s3cret'), { reauthenticated: true, validForSeconds: 300 });
    expect(req).toMatchObject({ method: 'POST', path: '/api/admin/account/reauthenticate', body: { password: 's3cret' } });
  });

  it('reportReleaseFailure POSTs the release, the kind and the message', async () => {
    const body = { releaseId: '7', kind: 'render' as const, message: 'boom' };
    expect(await sentBy(() => reportReleaseFailure(body))).toMatchObject({ method: 'POST', path: '/api/admin/releases/failures', body });
  });
});

describe('analytics calls', () => {
  it.each([
    ['getUserStats', getUserStats, '/api/admin/analytics/users'],
    ['getRevenueStats', getRevenueStats, '/api/admin/analytics/revenue'],
  ])('%s GETs %s with no query and returns data', async (_name, call, path) => {
    fetchMock = installFetch(() => ({ body: { data: { total: 5 } } }));
    await expect(call()).resolves.toEqual({ total: 5 });
    const req = onlyRequest(fetchMock);
    expect(req).toMatchObject({ method: 'GET', path, query: {}, body: undefined });
  });

  it('getTrends defaults to period day and 30 days', async () => {
    const req = await sentBy(() => getTrends(), []);
    expect(req).toMatchObject({ method: 'GET', path: '/api/admin/analytics/trends' });
    expect(req.query).toEqual({ period: 'day', days: '30' });
  });

  it.each(['hour', 'day', 'week'] as const)('getTrends sends period %s and the given days', async (period) => {
    const req = await sentBy(() => getTrends(period, 7), []);
    expect(req.query).toEqual({ period, days: '7' });
  });

  it('getTrends sends a range of days as from and to, without days', async () => {
    const req = await sentBy(() => getTrends('week', { from: '2026-11-01', to: '2026-11-07' }), []);
    expect(req).toMatchObject({ method: 'GET', path: '/api/admin/analytics/trends' });
    expect(req.query).toEqual({ period: 'week', from: '2026-11-01', to: '2026-11-07' });
  });

  it('getTrends names the time zone its days are cut in, with a window or a range', async () => {
    expect((await sentBy(() => getTrends('day', 7, 'America/New_York'), [])).query).toEqual({ period: 'day', days: '7', tz: 'America/New_York' });
    expect((await sentBy(() => getTrends('day', { from: '2026-11-01', to: '2026-11-02' }, 'Asia/Tokyo'), [])).query).toEqual({
      period: 'day',
      from: '2026-11-01',
      to: '2026-11-02',
      tz: 'Asia/Tokyo',
    });
  });

  it("browserTimeZone is the browser's IANA zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(browserTimeZone()).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
  });

  it('getTrends returns the points', async () => {
    const points = [{ time: '2026-11-21T00:00:00.000Z', newUsers: 3, orders: { coins: 1, likes: 2, followers: 0 } }];
    installFetch(() => ({ body: { data: points } }));
    await expect(getTrends('hour')).resolves.toEqual(points);
  });
});
