import { configureClient, getToken, setSession } from '@growth-admin/shared-client';
import { PENDING_LOGOUT_KEY, RETRY_DELAYS_MS, resumePendingLogouts, retryLogoutLater } from './pendingLogout';

type Reply = { status: number; body?: unknown };

/** A fetch answering from `replies` in turn, recording the Authorization header of each call. */
function fakeFetch(replies: Reply[]) {
  const sent: string[] = [];
  global.fetch = jest.fn(async (_url: unknown, init?: RequestInit) => {
    sent.push(String((init?.headers as Record<string, string>).Authorization));
    const reply = replies.shift() ?? { status: 200, body: { data: { loggedOut: true } } };
    return { ok: reply.status < 400, status: reply.status, statusText: '', text: async () => JSON.stringify(reply.body ?? {}) } as Response;
  }) as unknown as typeof fetch;
  return sent;
}

const pending = () => JSON.parse(localStorage.getItem(PENDING_LOGOUT_KEY) ?? '[]');
const flush = async (ms: number) => {
  await jest.advanceTimersByTimeAsync(ms);
};

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  configureClient({ apiBaseUrl: 'http://api.test', signingKey: 'k', directImageHosts: [], onUnauthorized: jest.fn() });
});
afterEach(() => jest.useRealTimers());

it('retries the logout of the old token until the server confirms, then forgets it', async () => {
  const sent = fakeFetch([{ status: 503, body: { message: 'down' } }, { status: 500, body: { message: 'boom' } }]);
  retryLogoutLater('old-token');
  expect(pending()).toEqual(['old-token']);
  await flush(RETRY_DELAYS_MS[0]);
  await flush(RETRY_DELAYS_MS[1]);
  expect(pending()).toEqual(['old-token']);
  await flush(RETRY_DELAYS_MS[2]);
  expect(sent).toEqual(['Bearer old-token', 'Bearer old-token', 'Bearer old-token']);
  expect(pending()).toEqual([]);
});

it('stops at a 401 (the session is already over) without touching a newer session', async () => {
  setSession({ token: 'new-session', username: 'admin' });
  fakeFetch([{ status: 401, body: { message: 'The session token is invalid, expired or signed out', code: 'TOKEN_INVALID' } }]);
  retryLogoutLater('dead-token');
  await flush(RETRY_DELAYS_MS[0]);
  expect(pending()).toEqual([]);
  expect(getToken()).toBe('new-session');
});

it('goes on after a reload with what an earlier page left', async () => {
  localStorage.setItem(PENDING_LOGOUT_KEY, JSON.stringify(['left-over']));
  const sent = fakeFetch([]);
  resumePendingLogouts();
  await flush(RETRY_DELAYS_MS[0]);
  expect(sent).toEqual(['Bearer left-over']);
  expect(pending()).toEqual([]);
});
