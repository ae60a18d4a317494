// The dashboard's date range and its minute refresh, through the real section against a fake API.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFakeApi, ok, type FakeReply } from '@growth-admin/shared-client/testing';
import Section from '../Section';
import { happyRoutes, makeTrends, makeUserStats, TRENDS_PATH, USERS_PATH } from '../test-utils/fixtures';
import { REFRESH_MS } from './useDashboardData';
import { browserTimeZone } from '@growth-admin/shared-client';
import { renderSection } from '@growth-admin/ui-kit/testing';

/** The trends are asked for in the browser's zone (jsdom's: the process's). */
const TZ = browserTimeZone();

jest.mock('../charts/EChart');
jest.setTimeout(30_000);


function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  jest.useRealTimers();
  setVisibility('visible');
});

test('a chosen range loads the trends for those days; clearing it goes back to the last 30 days', async () => {
  const calls = installFakeApi(happyRoutes);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  renderSection(Section);
  await screen.findByText('Active Users');
  const trendQueries = () => calls.filter((c) => c.path.endsWith('/trends')).map((c) => Object.fromEntries(c.query));
  expect(trendQueries()).toEqual([{ period: 'day', days: '30', tz: TZ }]);

  const start = screen.getByPlaceholderText('Start date');
  await user.click(start);
  await user.type(start, '2026-11-01{Enter}');
  const end = screen.getByPlaceholderText('End date');
  await user.type(end, '2026-11-07{Enter}');
  await waitFor(() => expect(trendQueries().at(-1)).toEqual({ period: 'day', from: '2026-11-01', to: '2026-11-07', tz: TZ }));

  // The period applies to the range too.
  await user.click(screen.getByText('Weekly'));
  await waitFor(() => expect(trendQueries().at(-1)).toEqual({ period: 'week', from: '2026-11-01', to: '2026-11-07', tz: TZ }));

  await user.click(screen.getByRole('button', { name: 'Clear' }));
  await waitFor(() => expect(trendQueries().at(-1)).toEqual({ period: 'week', days: '30', tz: TZ }));
});

test('every minute the three loads refresh while the page is visible, without the spinner; hidden, they pause', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  let nextTrends: Promise<FakeReply> | null = null;
  const calls = installFakeApi({ ...happyRoutes, [TRENDS_PATH]: () => nextTrends ?? ok(makeTrends()) });
  renderSection(Section);
  await screen.findByText('Active Users');
  const count = (path: string) => calls.filter((c) => c.path.endsWith(path)).length;
  expect([count('/users'), count('/revenue'), count('/trends')]).toEqual([1, 1, 1]);

  // A refresh whose answer is slow: the figures and charts stay, no spinner.
  const slow = deferred<FakeReply>();
  nextTrends = slow.promise;
  await act(async () => void jest.advanceTimersByTime(REFRESH_MS));
  await waitFor(() => expect([count('/users'), count('/revenue'), count('/trends')]).toEqual([2, 2, 2]));
  expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();
  expect(screen.getByText('Active Users')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'User Activity' })).toBeInTheDocument();
  slow.resolve(ok(makeTrends(4)));
  nextTrends = null;
  // The refreshed points are drawn.
  await waitFor(() => expect(screen.getByRole('img', { name: 'User Activity' })).toHaveTextContent('line:New Users=[10,11,12,13]'));

  // Hidden: no refresh however long it stays hidden.
  act(() => setVisibility('hidden'));
  await act(async () => void jest.advanceTimersByTime(5 * REFRESH_MS));
  expect(count('/trends')).toBe(2);

  // Visible again: no refetch on focus, the next minute refreshes.
  act(() => setVisibility('visible'));
  expect(count('/trends')).toBe(2);
  await act(async () => void jest.advanceTimersByTime(REFRESH_MS));
  await waitFor(() => expect(count('/trends')).toBe(3));
  expect(count('/users')).toBe(3);
});

test('a failed refresh keeps the figures on screen, and the next minute brings new ones', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  let usersReply: () => FakeReply | Promise<FakeReply> = () => ok(makeUserStats());
  installFakeApi({ ...happyRoutes, [USERS_PATH]: () => usersReply() });
  renderSection(Section);
  await screen.findByText('1,234');

  usersReply = () => fail(500, 'Database unavailable');
  await act(async () => void jest.advanceTimersByTime(REFRESH_MS));
  await act(async () => void jest.advanceTimersByTime(10));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByText('1,234')).toBeInTheDocument();

  usersReply = () => ok(makeUserStats({ activeUsers: 1300 }));
  await act(async () => void jest.advanceTimersByTime(REFRESH_MS));
  expect(await screen.findByText('1,300')).toBeInTheDocument();
});

describe('period and range in the URL', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('a pasted link shows its period and range; toggling records a history entry that back undoes', async () => {
    window.history.replaceState(null, '', '/?period=week&from=2026-11-01&to=2026-11-07');
    const calls = installFakeApi(happyRoutes);
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSection(Section);
    await screen.findByText('Active Users');
    const trendQueries = () => calls.filter((c) => c.path.endsWith('/trends')).map((c) => Object.fromEntries(c.query));
    expect(trendQueries()).toEqual([expect.objectContaining({ period: 'week', from: '2026-11-01', to: '2026-11-07', tz: TZ })]);
    expect(screen.getByPlaceholderText('Start date')).toHaveValue('2026-11-01');
    expect(screen.getByPlaceholderText('End date')).toHaveValue('2026-11-07');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked();

    await user.click(screen.getByText('Hourly'));
    await waitFor(() => expect(window.location.search).toBe('?period=hour&from=2026-11-01&to=2026-11-07'));
    await waitFor(() => expect(trendQueries().at(-1)).toEqual(expect.objectContaining({ period: 'hour', from: '2026-11-01' })));

    // Back: the week again (from the query cache or the API, the same figures).
    act(() => {
      window.history.replaceState(null, '', '/?period=week&from=2026-11-01&to=2026-11-07');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked());
  });

  test('invalid values show the default dashboard (Daily, last 30 days) and the address bar says so', async () => {
    window.history.replaceState(null, '', '/?period=7d&from=2026-02-30&to=2026-03-02');
    const calls = installFakeApi(happyRoutes);
    renderSection(Section);
    await screen.findByText('Active Users');
    expect(calls.filter((c) => c.path.endsWith('/trends')).map((c) => Object.fromEntries(c.query))).toEqual([
      expect.objectContaining({ period: 'day', days: '30', tz: TZ }),
    ]);
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(screen.getByPlaceholderText('Start date')).toHaveValue('');
    expect(window.location.search).toBe('');
  });
});
