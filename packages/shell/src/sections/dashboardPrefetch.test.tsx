// The dashboard's three requests start at sign-in, while the analytics remote is still on its way,
// and the remote (reading shared-client's dashboardLoads, as useDashboardData does) draws from that
// answer without asking again. The shell and the client are real; the network and the remote's
// arrival are faked.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { browserTimeZone, clearSession, dashboardLoads, getSession, setSession } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, type FakeRequest } from '@growth-admin/shared-client/testing';
import { App } from '../App';

jest.setTimeout(30_000);
// Generous waits: the layout's chunk (antd) is slow to import on a busy machine.
const WAIT = { timeout: 15_000 };

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

jest.mock('./remoteModules', () => {
  const open = jest.fn(async () => {
    await remoteGate;
    return DashboardStandIn;
  });
  return {
    describeLoadError: (err: unknown) => String(err),
    releaseOf: () => undefined,
    preloadWhenIdle: jest.fn(() => () => undefined),
    askRegistryForSignIn: jest.fn(),
    openSectionComponent: open,
    loadSectionComponent: open,
  };
});

const ANALYTICS = ['/api/admin/analytics/users', '/api/admin/analytics/revenue', '/api/admin/analytics/trends'];
const analyticsCalls = (calls: FakeRequest[]) => calls.filter((c) => ANALYTICS.includes(c.path)).map((c) => c.path).sort();

function fakeApi(loginOk = true) {
  return installFakeApi({
    'POST /api/admin/login': () =>
      loginOk ? ok({ token: 't', user: { username: 'ada', role: 'owner' } }) : fail(401, 'Invalid username or password'),
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
  remoteGate = new Promise<void>((resolve) => (remoteArrives = resolve));
});
afterEach(() => clearSession());

test('a failed sign-in asks for no dashboard data', async () => {
  window.history.replaceState(null, '', '/analytics');
  const calls = fakeApi(false);
  render(<App />);
  signIn('wrong');
  expect(await screen.findByText('Invalid username or password', {}, WAIT)).toBeInTheDocument();
  expect(analyticsCalls(calls)).toEqual([]);
});

test('signed in on another section: no dashboard data is asked for', async () => {
  window.history.replaceState(null, '', '/users');
  const calls = fakeApi();
  setSession({ token: 't', username: 'ada' });
  render(<App />);
  await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/me')).toBe(true), WAIT);
  expect(analyticsCalls(calls)).toEqual([]);
});

test('a dashboard link with its own period or range: nothing is asked for ahead (the remote asks for that)', async () => {
  window.history.replaceState(null, '', '/?period=week');
  const calls = fakeApi();
  setSession({ token: 'linked', username: 'ada' });
  render(<App />);
  // The prefetch starts as the app first renders (the stored-session test below shows it on the plain dashboard).
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(analyticsCalls(calls)).toEqual([]);
  window.history.replaceState(null, '', '/');
});

test('sign-in on the dashboard starts its three requests before the remote mounts; the remote uses their answers', async () => {
  window.history.replaceState(null, '', '/analytics');
  const calls = fakeApi();
  render(<App />);
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
  setSession({ token: 'another', username: 'ada' }); // a new session (once per session)
  render(<App />);
  await waitFor(() => expect(analyticsCalls(calls)).toEqual(ANALYTICS.slice().sort()), WAIT);
  expect(remoteRendered).not.toHaveBeenCalled();
  await act(async () => remoteArrives());
  expect(await screen.findByText('dashboard: 7 users, 2 points', {}, WAIT)).toBeInTheDocument();
  expect(analyticsCalls(calls)).toEqual(ANALYTICS.slice().sort());
});

test('the sign-in click asks the registry for the name typed, beside the sign-in request', async () => {
  const { askRegistryForSignIn } = jest.requireMock('./remoteModules') as { askRegistryForSignIn: jest.Mock };
  askRegistryForSignIn.mockClear();
  window.history.replaceState(null, '', '/orders');
  const calls = fakeApi();
  render(<App />);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' ada ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  expect(askRegistryForSignIn).not.toHaveBeenCalled(); // not while typing: the name is final only at the click
  fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
  expect(askRegistryForSignIn).toHaveBeenCalledWith('ada', { name: 'orders', module: 'Orders' }); // and the section's remote with the answer
  // Started before the sign-in request, not after its answer.
  const fetches = global.fetch as jest.Mock;
  const loginFetch = fetches.mock.calls.findIndex(([url]) => String(url).endsWith('/api/admin/login'));
  expect(askRegistryForSignIn.mock.invocationCallOrder[0]).toBeLessThan(fetches.mock.invocationCallOrder[loginFetch]);
  await waitFor(() => expect(getSession()?.username).toBe('ada'), WAIT);
  expect(calls.filter((c) => c.path === '/api/admin/login')).toHaveLength(1);
  window.history.replaceState(null, '', '/');
});
