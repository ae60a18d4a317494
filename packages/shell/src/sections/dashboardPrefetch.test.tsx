// The dashboard's three requests start at sign-in, while the analytics remote is still on its way,
// and the remote (reading shared-client's dashboardLoads, as useDashboardData does) draws from that
// answer without asking again. The shell, its composition and the client are real; the network and
// the remote's arrival (the federation runtime) are faked.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { browserTimeZone, clearSession, dashboardLoads, getSession, setSession } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, type FakeRequest } from '@growth-admin/shared-client/testing';
import { App } from '../App';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';
import { resetComposition, startComposition } from './shellRuntime';

jest.setTimeout(30_000);
// Generous waits: the layout's chunk (antd) is slow to import on a busy machine.
const WAIT = { timeout: 15_000 };
const CONFIG_URL = 'http://api.test/api/runtime-config';

let remoteArrives: () => void = () => undefined;
let remoteGate = new Promise<void>((resolve) => (remoteArrives = resolve));
const remoteRendered = jest.fn();

/** The analytics remote's data as its dashboard reads it. */
function DashboardStandIn() {
  remoteRendered();
  const loads = dashboardLoads();
  const users = useQuery(loads.users);
  const revenue = useQuery(loads.revenue);
  const trends = useQuery(loads.trends);
  if (!users.data || !revenue.data || !trends.data) return <p>dashboard loading</p>;
  return <p>{`dashboard: ${users.data.total} users, ${trends.data.length} points`}</p>;
}

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadShare: jest.fn(async () => undefined),
  loadRemote: jest.fn(async () => {
    await remoteGate;
    return { default: DashboardStandIn };
  }),
}));
const runtime = jest.requireMock('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock; registerRemotes: jest.Mock };

const ANALYTICS = ['/api/admin/analytics/users', '/api/admin/analytics/revenue', '/api/admin/analytics/trends'];
const analyticsCalls = (calls: FakeRequest[]) => calls.filter((c) => ANALYTICS.includes(c.path)).map((c) => c.path).sort();

function fakeApi(loginOk = true) {
  return installFakeApi({
    'POST /api/admin/login': () =>
      loginOk ? ok({ token: 't', user: { username: 'ada', role: 'owner' }, runtime: TEST_RUNTIME_CONFIG }) : fail(401, 'Invalid username or password'),
    'GET /api/admin/me': () => ok({ username: 'ada', role: 'owner' }),
    'GET /api/admin/analytics/users': () => ok({ total: 7 }),
    'GET /api/admin/analytics/revenue': () => ok({ today: {} }),
    'GET /api/admin/analytics/trends': () => ok([{ period: '2026-11-01' }, { period: '2026-11-02' }]),
  });
}

function signIn(password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
}

beforeEach(() => {
  remoteRendered.mockClear();
  runtime.loadRemote.mockClear();
  remoteGate = new Promise<void>((resolve) => (remoteArrives = resolve));
});
afterEach(() => {
  clearSession();
  resetComposition(); // each test is a page of its own
});

/** A page load with a stored session: the boot starts the composition from its runtime config. */
function storedSession(token: string) {
  setSession({ token, username: 'ada' });
  startComposition(TEST_RUNTIME_CONFIG);
}

test('a failed sign-in asks for no dashboard data', async () => {
  window.history.replaceState(null, '', '/analytics');
  const calls = fakeApi(false);
  render(<App configUrl={CONFIG_URL} />);
  signIn('wrong');
  expect(await screen.findByText('Invalid username or password', {}, WAIT)).toBeInTheDocument();
  expect(analyticsCalls(calls)).toEqual([]);
});

test('signed in on another section: no dashboard data is asked for', async () => {
  window.history.replaceState(null, '', '/users');
  const calls = fakeApi();
  storedSession('t');
  render(<App configUrl={CONFIG_URL} />);
  // The section on screen is on its way (where the dashboard's requests would have started beside it).
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('people/Section'), WAIT);
  expect(analyticsCalls(calls)).toEqual([]);
});

test('a dashboard link with its own period or range: nothing is asked for ahead (the remote asks for that)', async () => {
  window.history.replaceState(null, '', '/?period=week');
  const calls = fakeApi();
  storedSession('linked');
  render(<App configUrl={CONFIG_URL} />);
  // The prefetch would start beside the remote's load (the stored-session test below shows it on the plain dashboard).
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('analytics/Section'), WAIT);
  expect(analyticsCalls(calls)).toEqual([]);
  window.history.replaceState(null, '', '/');
});

test('sign-in on the dashboard starts its three requests before the remote mounts; the remote uses their answers', async () => {
  window.history.replaceState(null, '', '/analytics');
  const calls = fakeApi();
  render(<App configUrl={CONFIG_URL} />);
  signIn('secret');
  await waitFor(() => expect(analyticsCalls(calls)).toEqual(ANALYTICS.slice().sort()), WAIT);
  expect(remoteRendered).not.toHaveBeenCalled();
  // The trends asked for are the dashboard's opening ones, in the browser's time zone.
  expect(Object.fromEntries(calls.find((c) => c.path.endsWith('/trends'))!.query)).toEqual({ period: 'day', days: '30', tz: browserTimeZone() });

  await act(async () => remoteArrives());
  expect(await screen.findByText('dashboard: 7 users, 2 points', {}, WAIT)).toBeInTheDocument();
  expect(analyticsCalls(calls)).toEqual(ANALYTICS.slice().sort()); // no second request
});

test('a page load with a stored session on the dashboard starts them too', async () => {
  window.history.replaceState(null, '', '/');
  const calls = fakeApi();
  storedSession('another'); // a new session (once per session)
  render(<App configUrl={CONFIG_URL} />);
  await waitFor(() => expect(analyticsCalls(calls)).toEqual(ANALYTICS.slice().sort()), WAIT);
  expect(remoteRendered).not.toHaveBeenCalled();
  await act(async () => remoteArrives());
  expect(await screen.findByText('dashboard: 7 users, 2 points', {}, WAIT)).toBeInTheDocument();
  expect(analyticsCalls(calls)).toEqual(ANALYTICS.slice().sort());
});

test("the sign-in answer's runtime config starts the page's composition: the section's remote loads with no second request", async () => {
  window.history.replaceState(null, '', '/orders');
  const calls = fakeApi();
  render(<App configUrl={CONFIG_URL} />);
  signIn('secret');
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('orders/Orders'), WAIT);
  await waitFor(() => expect(getSession()?.username).toBe('ada'), WAIT);
  expect(runtime.registerRemotes).toHaveBeenCalledWith(
    Object.entries(TEST_RUNTIME_CONFIG.remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  expect(calls.filter((c) => c.path === '/api/runtime-config')).toHaveLength(0);
  expect(calls.filter((c) => c.path === '/api/admin/login')).toHaveLength(1);
  window.history.replaceState(null, '', '/');
});
