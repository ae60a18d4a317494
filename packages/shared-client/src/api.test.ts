import {
  addAdministrator,
  addMoney,
  browserTimeZone,
  changeOwnPassword,
  createProject,
  endMyOtherSessions,
  endSession,
  exportAuditCsv,
  getAdministrators,
  getAllSessions,
  getAudit,
  getMe,
  getMySessions,
  deleteProject,
  getOrders,
  getOrderStats,
  getPayments,
  getPersons,
  getProject,
  getProjects,
  getReleaseHistory,
  getReleases,
  getRevenueStats,
  getTrends,
  getUserRecentOrders,
  getUserStats,
  login,
  logout,
  orderSearchParams,
  promoteRelease,
  ORDERS_PAGE_SIZE,
  PERSONS_PAGE_SIZE,
  queryPerson,
  RECENT_ORDERS_LIMIT,
  refundOrder,
  reportReleaseFailure,
  rollbackRelease,
  TRENDS_DEFAULT_DAYS,
  updateAdministrator,
  updateProject,
} from './api';
import { ApiError, NETWORK_MESSAGE } from './errors';
import { getToken, setSession } from './tokenStore';
import type { Order, ProjectInput } from './types';
import {
  configureTestClient,
  installFetch,
  onlyRequest,
  removeFetch,
  type FetchMock,
  type RecordedRequest,
} from './testing/fakeFetch';

const project: ProjectInput = {
  projectName: 'Likes Pro',
  projectId: 'com.example.likes',
  team: 'growth',
  appId: 123456,
  buildNumber: 202611210000,
  checkNumber: 202611210000,
  testing: false,
  online: true,
  enablePush: true,
  enableRate: false,
  blockedRegions: ['EU', 'AP'],
  productIdList: { '10001': 'coins_100', '10006': 'coins_max' },
  iapCountryLimits: { US: 100, CN: 0 },
};

const order = { _id: 'o1', orderSn: 'SN1', isComplete: true, isError: false, isRefund: false } as Order;

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
  it('has page sizes 20, recent orders 10 and a 30-day trend window', () => {
    expect(PERSONS_PAGE_SIZE).toBe(20);
    expect(ORDERS_PAGE_SIZE).toBe(20);
    expect(RECENT_ORDERS_LIMIT).toBe(10);
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

describe('account, session, administrator and audit calls (Settings)', () => {
  it.each<[string, () => Promise<unknown>, { method: string; path: string; body?: unknown }]>([
    ['getMe', () => getMe(), { method: 'GET', path: '/api/admin/me' }],
    ['getMySessions', () => getMySessions(), { method: 'GET', path: '/api/admin/account/sessions' }],
    ['getAllSessions', () => getAllSessions(), { method: 'GET', path: '/api/admin/sessions' }],
    ['endSession (mine)', () => endSession('7'), { method: 'DELETE', path: '/api/admin/account/sessions/7' }],
    ['endSession (anyone, owners)', () => endSession('7', true), { method: 'DELETE', path: '/api/admin/sessions/7' }],
    ['endMyOtherSessions', () => endMyOtherSessions(), { method: 'POST', path: '/api/admin/account/sessions/end-others' }],
    ['getAdministrators', () => getAdministrators(), { method: 'GET', path: '/api/admin/administrators' }],
    [
      'addAdministrator',
      () => addAdministrator({ username: 'vera', role: 'viewer', password: 'a-long-password' }),
      { method: 'POST', path: '/api/admin/administrators', body: { username: 'vera', role: 'viewer', password: 'a-long-password' } },
    ],
    ['updateAdministrator', () => updateAdministrator('3', { role: 'owner', disabled: false }), { method: 'PUT', path: '/api/admin/administrators/3', body: { role: 'owner', disabled: false } }],
    [
      'changeOwnPassword',
      () => changeOwnPassword({ currentPassword: 'old-password', newPassword: 'new-password' }),
      { method: 'POST', path: '/api/admin/account/password', body: { currentPassword: 'old-password', newPassword: 'new-password' } },
    ],
  ])('%s sends %j and answers the data', async (_name, run, expected) => {
    fetchMock = installFetch(() => ({ body: { data: { answer: 1 } } }));
    await expect(run()).resolves.toEqual({ answer: 1 });
    expect(onlyRequest(fetchMock)).toMatchObject({ query: {}, body: undefined, ...expected });
  });

  it('getAudit asks for page 1 of 20 unless told, with the filter', async () => {
    expect((await sentBy(() => getAudit({}))).query).toEqual({ page: '1', pageSize: '20' });
    const req = await sentBy(() => getAudit({ page: 3, action: 'order.refund' }));
    expect(req).toMatchObject({ method: 'GET', path: '/api/admin/audit' });
    expect(req.query).toEqual({ page: '3', pageSize: '20', action: 'order.refund' });
  });

  it('exportAuditCsv downloads the filtered log as a file (the raw answer, not an envelope)', async () => {
    fetchMock = installFetch(() => ({ raw: 'time,action\r\n' }));
    const file = await exportAuditCsv({ action: 'login' });
    // (jsdom's Blob has no text(): read it as a browser page would)
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(file);
    });
    expect(text).toBe('time,action\r\n');
    expect(onlyRequest(fetchMock)).toMatchObject({ method: 'GET', path: '/api/admin/audit/export.csv', query: { action: 'login' }, body: undefined });
  });
});

describe('release calls', () => {
  it('read the registry and its history by remote', async () => {
    expect(await sentBy(() => getReleases())).toMatchObject({ method: 'GET', path: '/api/admin/releases', body: undefined });
    expect(await sentBy(() => getReleaseHistory('orders'))).toMatchObject({ method: 'GET', path: '/api/admin/releases/orders' });
  });

  it('promote and rollback POST to the remote, rollback with the version asked for', async () => {
    expect(await sentBy(() => promoteRelease('orders'))).toMatchObject({ method: 'POST', path: '/api/admin/releases/orders/promote' });
    expect(await sentBy(() => rollbackRelease('orders'))).toMatchObject({ method: 'POST', path: '/api/admin/releases/orders/rollback', body: {} });
    expect((await sentBy(() => rollbackRelease('orders', '1.4.0'))).body).toEqual({ to: '1.4.0' });
  });

  it('reportReleaseFailure POSTs the release, the kind and the message', async () => {
    const body = { releaseId: '7', kind: 'render' as const, message: 'boom' };
    expect(await sentBy(() => reportReleaseFailure(body))).toMatchObject({ method: 'POST', path: '/api/admin/releases/failures', body });
  });
});

describe('project calls', () => {
  it('getProjects GETs the list', async () => {
    const list = [{ _id: 'p1', ...project }];
    fetchMock = installFetch(() => ({ body: { data: list } }));
    await expect(getProjects()).resolves.toEqual(list);
    expect(onlyRequest(fetchMock)).toMatchObject({ method: 'GET', path: '/api/admin/projects', body: undefined });
  });

  it('getProject GETs one project by (encoded) id', async () => {
    const req = await sentBy(() => getProject('a b/c'));
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/api/admin/projects/a%20b%2Fc');
  });

  it('createProject POSTs every field', async () => {
    const req = await sentBy(() => createProject(project));
    expect(req).toMatchObject({ method: 'POST', path: '/api/admin/projects' });
    expect(req.body).toEqual(project);
  });

  it('updateProject PUTs every field to the project path', async () => {
    const req = await sentBy(() => updateProject('p1', project));
    expect(req).toMatchObject({ method: 'PUT', path: '/api/admin/projects/p1' });
    expect(req.body).toEqual(project);
  });

  it('deleteProject DELETEs the project path with no body', async () => {
    const req = await sentBy(() => deleteProject('p1'));
    expect(req).toMatchObject({ method: 'DELETE', path: '/api/admin/projects/p1', body: undefined });
  });

  it('a failed project call rejects with the normalised error', async () => {
    installFetch(() => ({ status: 400, body: { message: 'appId is required' } }));
    await expect(createProject(project)).rejects.toMatchObject({ message: 'appId is required', status: 400 });
  });
});

describe('person calls', () => {
  it('getPersons defaults to page 1 and pageSize 20, without customName', async () => {
    const req = await sentBy(() => getPersons());
    expect(req).toMatchObject({ method: 'GET', path: '/api/admin/persons/list', body: undefined });
    expect(req.query).toEqual({ page: '1', pageSize: '20' });
  });

  it('getPersons sends the given page, size and name', async () => {
    const req = await sentBy(() => getPersons({ page: 3, pageSize: 50, customName: 'alice smith' }));
    expect(req.query).toEqual({ page: '3', pageSize: '50', customName: 'alice smith' });
  });

  it('getPersons leaves out an empty name and fills missing numbers with the defaults', async () => {
    const req = await sentBy(() => getPersons({ customName: '', page: undefined }));
    expect(req.query).toEqual({ page: '1', pageSize: '20' });
  });

  it('getPersons returns the list answer', async () => {
    const data = { total: 1, page: 1, pageSize: 20, list: [{ _id: 'u1' }] };
    fetchMock = installFetch(() => ({ body: { data } }));
    await expect(getPersons()).resolves.toEqual(data);
  });

  it('queryPerson GETs by id, or by customName, omitting the other', async () => {
    expect((await sentBy(() => queryPerson({ id: 'c-42' }))).query).toEqual({ id: 'c-42' });
    const byName = await sentBy(() => queryPerson({ customName: 'alice' }));
    expect(byName).toMatchObject({ method: 'GET', path: '/api/admin/persons/query' });
    expect(byName.query).toEqual({ customName: 'alice' });
  });

  it('addMoney POSTs personId and amount and returns the updated person', async () => {
    const updated = { _id: 'u1', money: 150 };
    fetchMock = installFetch(() => ({ body: { data: updated } }));
    await expect(addMoney('u1', 50)).resolves.toEqual(updated);
    const req = onlyRequest(fetchMock);
    expect(req).toMatchObject({ method: 'POST', path: '/api/admin/persons/add-money', query: {} });
    expect(req.body).toEqual({ personId: 'u1', amount: 50 });
    expect(req.headers['Idempotency-Key']).toBeUndefined();
  });

  it('money calls send the Idempotency-Key they are given', async () => {
    fetchMock = installFetch(() => ({ body: { data: { _id: 'u1' } } }));
    await addMoney('u1', 5, 'key-of-this-action');
    await refundOrder('o1', 'key-of-that-action');
    expect(fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['key-of-this-action', 'key-of-that-action']);
  });
});

describe('order and payment calls', () => {
  it.each([
    ['getOrders', getOrders, '/api/admin/orders/orderList'],
    ['getPayments', getPayments, '/api/admin/orders/rechargeOrderList'],
  ])('%s defaults to the zero-based page 0 and limit 20', async (_name, call, path) => {
    const req = await sentBy(() => call(), { orders: [], total: 0 });
    expect(req).toMatchObject({ method: 'GET', path, body: undefined });
    expect(req.query).toEqual({ page: '0', limit: '20' });
  });

  it('sends page, limit, the search field and status, and omits empty ones', async () => {
    const req = await sentBy(() =>
      getOrders({ page: 2, limit: 5, orderSn: 'SN-9', shoppingUser: '', personId: undefined, status: 'refunded' }),
    );
    expect(req.query).toEqual({ page: '2', limit: '5', orderSn: 'SN-9', status: 'refunded' });
  });

  it.each(['shoppingUser', 'personId', 'orderSn'] as const)('sends the %s search field', async (field) => {
    const req = await sentBy(() => getPayments({ page: 1, ...orderSearchParams(field, '  abc ') }));
    expect(req.query).toEqual({ page: '1', limit: '20', [field]: 'abc' });
  });

  it('returns the orders and total', async () => {
    installFetch(() => ({ body: { data: { orders: [order], total: 41 } } }));
    await expect(getOrders()).resolves.toEqual({ orders: [order], total: 41 });
  });

  it('fills a partial or missing answer with [] and 0', async () => {
    installFetch(() => ({ body: { data: {} } }));
    await expect(getOrders()).resolves.toEqual({ orders: [], total: 0 });
    installFetch(() => ({ body: {} }));
    await expect(getPayments()).resolves.toEqual({ orders: [], total: 0 });
  });

  it.each([
    ['getOrders', getOrders],
    ['getPayments', getPayments],
  ])('%s rejects with the ApiError on a failed fetch (React Query retries it; the list shows it)', async (_name, call) => {
    installFetch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    const failure = call({ page: 1 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Database unavailable', status: 500 });
  });

  it('rejects on a network failure too', async () => {
    installFetch().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getOrders()).rejects.toMatchObject({ status: 503 });
  });

  it("a 401 in an orders call still signs out (the session handling is the client's, not the caller's)", async () => {
    const onUnauthorized = jest.fn();
    configureTestClient({ onUnauthorized });
    setSession({ token: 'expired', username: 'admin' });
    installFetch(() => ({ status: 401, body: { message: 'Session expired' } }));
    await expect(getOrders()).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("getUserRecentOrders asks for the person's orders: personId, limit 10, page 0", async () => {
    const req = await sentBy(() => getUserRecentOrders('u-7'), { orders: [], total: 0 });
    expect(req).toMatchObject({ method: 'GET', path: '/api/admin/orders/orderList' });
    expect(req.query).toEqual({ personId: 'u-7', limit: '10', page: '0' });
  });

  it('getUserRecentOrders can ask for payments, and rejects on failure like the lists', async () => {
    const req = await sentBy(() => getUserRecentOrders('u-7', 'payments'), { orders: [], total: 0 });
    expect(req.path).toBe('/api/admin/orders/rechargeOrderList');
    expect(req.query).toEqual({ personId: 'u-7', limit: '10', page: '0' });

    installFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    await expect(getUserRecentOrders('u-7')).rejects.toMatchObject({ message: 'Not found', status: 404 });
  });

  it('refundOrder POSTs the order id and returns the updated order', async () => {
    fetchMock = installFetch(() => ({ body: { data: { ...order, isRefund: true } } }));
    await expect(refundOrder('o1')).resolves.toMatchObject({ _id: 'o1', isRefund: true });
    const req = onlyRequest(fetchMock);
    expect(req).toMatchObject({ method: 'POST', path: '/api/admin/orders/refundOrder', query: {} });
    expect(req.body).toEqual({ orderId: 'o1' });
  });

  it('refundOrder rejects with the server message (unlike the lists)', async () => {
    installFetch(() => ({ status: 409, body: { message: 'Order already refunded' } }));
    await expect(refundOrder('o1')).rejects.toMatchObject({ message: 'Order already refunded', status: 409 });
  });
});

describe('orderSearchParams', () => {
  it('keys the trimmed text by the chosen field', () => {
    expect(orderSearchParams('shoppingUser', ' alice ')).toEqual({ shoppingUser: 'alice' });
    expect(orderSearchParams('personId', 'u1')).toEqual({ personId: 'u1' });
    expect(orderSearchParams('orderSn', 'SN-1')).toEqual({ orderSn: 'SN-1' });
  });

  it('gives nothing for empty or blank text', () => {
    expect(orderSearchParams('orderSn', '')).toEqual({});
    expect(orderSearchParams('orderSn', '   \t')).toEqual({});
  });

  it("takes an order number pasted as the screens show it ('Order #…'), without its '#'", () => {
    expect(orderSearchParams('orderSn', ' #100000029998 ')).toEqual({ orderSn: '100000029998' });
    expect(orderSearchParams('orderSn', '# 100000029998')).toEqual({ orderSn: '100000029998' });
    expect(orderSearchParams('orderSn', '#')).toEqual({});
    // Only the order number: a name may well start with '#'.
    expect(orderSearchParams('shoppingUser', '#ada')).toEqual({ shoppingUser: '#ada' });
  });
});

describe('analytics calls', () => {
  it.each([
    ['getOrderStats', getOrderStats, '/api/admin/analytics/orders'],
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
