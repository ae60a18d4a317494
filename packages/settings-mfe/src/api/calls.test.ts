// Settings' account, session, administrator, audit and release calls, through the real signed client
// against a fake API at the network edge: the method, path, query and body each sends, and its answer.
import { QueryClient, keepPreviousData } from '@tanstack/react-query';
import { installFakeApi, ok, requestsTo, type FakeRequest } from '@growth-admin/shared-client/testing';
import {
  addAdministrator,
  changeOwnPassword,
  endMyOtherSessions,
  endSession,
  exportAuditCsv,
  getAdministrators,
  getAllSessions,
  getAudit,
  getMySessions,
  getReleaseHistory,
  getReleaseJudgement,
  getReleases,
  keys,
  promoteRelease,
  queries,
  rollbackRelease,
  updateAdministrator,
} from '.';

/** Runs `run` against an API answering `data` on `route` and returns the one request it sent. */
async function sentBy(route: string, run: () => Promise<unknown>, data: unknown = null): Promise<FakeRequest> {
  const requests = installFakeApi({ [route]: () => ok(data) });
  await run();
  expect(requests).toHaveLength(1);
  return requestsTo(requests, route)[0];
}

const query = (request: FakeRequest) => Object.fromEntries(request.query);

describe('account, session and administrator calls', () => {
  it.each<[string, string, () => Promise<unknown>, unknown]>([
    ['getMySessions', 'GET /api/admin/account/sessions', () => getMySessions(), undefined],
    ['getAllSessions', 'GET /api/admin/sessions', () => getAllSessions(), undefined],
    ['endSession (mine)', 'DELETE /api/admin/account/sessions/7', () => endSession('7'), undefined],
    ['endSession (anyone, owners)', 'DELETE /api/admin/sessions/7', () => endSession('7', true), undefined],
    ['endMyOtherSessions', 'POST /api/admin/account/sessions/end-others', () => endMyOtherSessions(), undefined],
    ['getAdministrators', 'GET /api/admin/administrators', () => getAdministrators(), undefined],
    [
      'addAdministrator',
      'POST /api/admin/administrators',
      () => addAdministrator({ username: 'vera', role: 'viewer', password: 'a-long-password' }),
      { username: 'vera', role: 'viewer', password: 'a-long-password' },
    ],
    ['updateAdministrator', 'PUT /api/admin/administrators/3', () => updateAdministrator('3', { role: 'owner', disabled: false }), { role: 'owner', disabled: false }],
    [
      'changeOwnPassword',
      'POST /api/admin/account/password',
      () => changeOwnPassword({ currentPassword: 'old-password', newPassword: 'new-password' }),
      { currentPassword: 'old-password', newPassword: 'new-password' },
    ],
  ])('%s calls %s and answers the data', async (_name, route, run, body) => {
    const requests = installFakeApi({ [route]: () => ok({ answer: 1 }) });
    await expect(run()).resolves.toEqual({ answer: 1 });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([route]);
    expect(query(requests[0])).toEqual({});
    expect(requests[0].body).toEqual(body);
  });
});

describe('audit calls', () => {
  it('getAudit asks for page 1 of 20 unless told, with the filter', async () => {
    expect(query(await sentBy('GET /api/admin/audit', () => getAudit({})))).toEqual({ page: '1', pageSize: '20' });
    const request = await sentBy('GET /api/admin/audit', () => getAudit({ page: 3, action: 'order.refund' }));
    expect(query(request)).toEqual({ page: '3', pageSize: '20', action: 'order.refund' });
  });

  it('exportAuditCsv downloads the filtered log as a file (the raw answer, not an envelope)', async () => {
    const requests = installFakeApi({ 'GET /api/admin/audit/export.csv': () => ({ status: 200, text: 'time,action\r\n' }) });
    const file = await exportAuditCsv({ action: 'login' });
    // (jsdom's Blob has no text(): read it as a browser page would)
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(file);
    });
    expect(text).toBe('time,action\r\n');
    expect(requests).toHaveLength(1);
    expect(query(requests[0])).toEqual({ action: 'login' });
    expect(requests[0].body).toBeUndefined();
  });
});

describe('release calls', () => {
  it('read the registry and its history by remote', async () => {
    expect((await sentBy('GET /api/admin/releases', () => getReleases())).body).toBeUndefined();
    await sentBy('GET /api/admin/releases/orders', () => getReleaseHistory('orders'));
  });

  it("ask for one past release's figures by its id", async () => {
    const request = await sentBy('GET /api/admin/releases/orders/judgement', () => getReleaseJudgement('orders', '12'));
    expect(query(request)).toEqual({ release: '12' });
  });

  it('promote and rollback POST to the remote, rollback with the version asked for', async () => {
    await sentBy('POST /api/admin/releases/orders/promote', () => promoteRelease('orders'));
    expect((await sentBy('POST /api/admin/releases/orders/rollback', () => rollbackRelease('orders'))).body).toEqual({});
    expect((await sentBy('POST /api/admin/releases/orders/rollback', () => rollbackRelease('orders', '1.4.0'))).body).toEqual({ to: '1.4.0' });
  });
});

describe('query options: each key with its fetcher', () => {
  it.each([
    ['sessions (mine)', queries.sessions('mine'), keys.sessions('mine'), 'GET /api/admin/account/sessions'],
    ['sessions (all)', queries.sessions('all'), keys.sessions('all'), 'GET /api/admin/sessions'],
    ['administrators', queries.administrators(), keys.administrators(), 'GET /api/admin/administrators'],
    ['releases', queries.releases(), keys.releases(), 'GET /api/admin/releases'],
    ['release history', queries.releaseHistory('orders'), keys.releaseHistory('orders'), 'GET /api/admin/releases/orders'],
    ['canary judgement', queries.canaryJudgement('orders'), keys.canaryJudgement('orders'), 'GET /api/admin/releases/orders/judgement'],
    ['remotes', queries.remotes(), keys.remotes(), 'GET /api/admin/remotes'],
    ['deploy tokens', queries.deployTokens(), keys.deployTokens(), 'GET /api/admin/deploy-tokens'],
    ['audit', queries.audit({ page: 2 }), keys.audit({ page: 2 }), 'GET /api/admin/audit'],
  ])('%s', async (_name, options, key, route) => {
    expect(options.queryKey).toEqual(key);
    const requests = installFakeApi({ [route]: () => ok([]) });
    await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options as never);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([route]);
  });

  it('keep the values they had in shared-client, under its root', () => {
    expect(keys.releases()).toEqual(['growth-admin', 'releases']);
    expect(keys.canaryJudgement('orders')).toEqual(['growth-admin', 'releases', 'orders', 'judgement']);
    expect(keys.deployTokens()).toEqual(['growth-admin', 'deploy-tokens']);
    expect(keys.sessions('mine')).toEqual(['growth-admin', 'sessions', 'mine']);
  });

  it("put a remote's history and judgement under the releases key (a promote or rollback refreshes them)", () => {
    const under = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((part, i) => part === key[i]);
    expect(under(keys.releases(), keys.releaseHistory('orders'))).toBe(true);
    expect(under(keys.releases(), keys.canaryJudgement('orders'))).toBe(true);
  });

  it('keep the audit log on screen while the next page loads, and ask for the judgement every 30 s', () => {
    expect(queries.audit({}).placeholderData).toBe(keepPreviousData);
    expect(queries.canaryJudgement('orders').refetchInterval).toBe(30_000);
  });
});
