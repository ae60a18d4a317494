import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFakeApi, ok, type FakeReply } from '@growth-admin/shared-client/testing';
import Section from './Section';
import { happyRoutes, makeTrends, makeUserStats, REVENUE_PATH, TRENDS_PATH, USERS_PATH } from './test-utils/fixtures';
import { CHANGE_COLORS, DARK_CHANGE_COLORS } from './stats/statCards';
import { ConfigProvider } from 'antd';
import { browserTimeZone, type SectionProps } from '@growth-admin/shared-client';
import { adminTheme } from '@growth-admin/ui-kit';
import { renderSection } from '@growth-admin/ui-kit/testing';

// Role queries skip the visibility check: it computes every ancestor's style, which jsdom does
// slowly under antd's injected styles (seconds a query on a busy machine). Names here are unique.
configure({ defaultHidden: true });

/** The trends are asked for in the browser's zone (jsdom's: the process's). */
const TZ = browserTimeZone();

// jsdom has no canvas: the echarts adapter is swapped for a stub that lists what would be drawn.
jest.mock('./charts/EChart');
// antd's first render in jsdom is slow on a busy machine.
jest.setTimeout(20_000);


const card = (key: string) => within(screen.getByTestId(`stat-${key}`));
const chart = (name: string) => within(screen.getByRole('img', { name }));

test('a spinner replaces the page until all three loads are in, then the cards and charts show the figures', async () => {
  const trends = deferred<FakeReply>();
  installFakeApi({ ...happyRoutes, [TRENDS_PATH]: () => trends.promise });
  renderSection(Section);

  expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Analytics Dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Monitor key metrics and trends')).toBeInTheDocument();
  // Users and revenue are in, but trends is still pending: still no cards.
  await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(3));
  expect(screen.queryByText('Active Users')).not.toBeInTheDocument();

  trends.resolve(ok(makeTrends()));
  expect(await screen.findByText('Active Users')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();

  // 150 / 2000 × 100 = 7.5; growth 12.34; 30 / 200 × 100 − 100 = −85
  expect(card('activeUsers').getByTestId('stat-value')).toHaveTextContent('1,234');
  expect(card('activeUsers').getByTestId('stat-change')).toHaveTextContent('+7.5%');
  expect(card('activeUsers').getByTestId('stat-change')).toHaveStyle({ color: CHANGE_COLORS.up });
  expect(card('totalRevenue').getByTestId('stat-value')).toHaveTextContent('$4,321.50');
  expect(card('totalRevenue').getByTestId('stat-change')).toHaveTextContent('+12.3%');
  expect(card('ordersToday').getByTestId('stat-value')).toHaveTextContent('30');
  expect(card('ordersToday').getByTestId('stat-change')).toHaveTextContent('-85.0%');
  expect(card('ordersToday').getByTestId('stat-change')).toHaveStyle({ color: CHANGE_COLORS.down });
  expect(screen.getAllByText('from last period')).toHaveLength(3);

  expect(chart('User Activity').getByTestId('echart-series')).toHaveTextContent('line:New Users=[10,11,12]');
  expect(chart('Order Distribution').getAllByTestId('echart-series').map((s) => s.textContent)).toEqual([
    'bar:Coins=[0,1,2]',
    'bar:Likes=[0,2,4]',
    'bar:Followers=[0,3,6]',
  ]);
  expect(chart('Revenue by Product Type').getByTestId('echart-series')).toHaveTextContent('pie:Revenue');
  expect(chart('Regional Distribution').getByTestId('echart-series')).toHaveTextContent('pie:Users');
});

test('the period toggle starts on Daily and reloads the trends for the chosen period over 30 days', async () => {
  const calls = installFakeApi({
    ...happyRoutes,
    [TRENDS_PATH]: (req) =>
      ok(req.query.get('period') === 'hour' ? makeTrends(2, Date.UTC(2026, 10, 20, 12), 3_600_000) : makeTrends()),
  });
  renderSection(Section);
  await screen.findByText('Active Users');
  const trendQueries = () => calls.filter((c) => c.path.endsWith('/trends')).map((c) => Object.fromEntries(c.query));
  expect(trendQueries()).toEqual([{ period: 'day', days: '30', tz: TZ }]);
  expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();

  await userEvent.click(screen.getByText('Hourly'));
  await waitFor(() => expect(chart('User Activity').getByTestId('echart-x-labels')).toHaveTextContent(/^\d\d:00\|\d\d:00$/));
  expect(trendQueries()).toEqual([
    { period: 'day', days: '30', tz: TZ },
    { period: 'hour', days: '30', tz: TZ },
  ]);
  expect(screen.getByRole('radio', { name: 'Hourly' })).toBeChecked();

  await userEvent.click(screen.getByText('Weekly'));
  await waitFor(() => expect(trendQueries().at(-1)).toEqual({ period: 'week', days: '30', tz: TZ }));
  // Users and revenue do not depend on the period and are not reloaded.
  expect(calls.filter((c) => c.path.endsWith('/users'))).toHaveLength(1);
});

test('a failed load shows the error with Retry, and Retry reloads only what failed', async () => {
  let usersFail = true;
  const calls = installFakeApi({
    ...happyRoutes,
    [USERS_PATH]: () => (usersFail ? fail(500, 'Database unavailable') : ok(makeUserStats())),
  });
  renderSection(Section);

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load analytics');
  expect(alert).toHaveTextContent('Database unavailable');
  expect(screen.queryByText('Active Users')).not.toBeInTheDocument();

  usersFail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Active Users')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.path.endsWith('/users'))).toHaveLength(2);
  expect(calls.filter((c) => c.path.endsWith('/revenue'))).toHaveLength(1);
});

test('no data shows empty states instead of charts, and missing figures show 0 and $0.00', async () => {
  installFakeApi({
    [USERS_PATH]: () => ok({ regionDistribution: [] }),
    [REVENUE_PATH]: () => ok({}),
    [TRENDS_PATH]: () => ok([]),
  });
  renderSection(Section);
  await screen.findByText('Active Users');

  expect(card('activeUsers').getByTestId('stat-value')).toHaveTextContent(/^0$/);
  expect(card('totalRevenue').getByTestId('stat-value')).toHaveTextContent('$0.00');
  expect(card('ordersToday').getByTestId('stat-value')).toHaveTextContent(/^0$/);
  expect(screen.queryByTestId('echart-stub')).not.toBeInTheDocument();
  expect(within(screen.getByTestId('chart-user-activity')).getByText('No activity in this period')).toBeInTheDocument();
  expect(within(screen.getByTestId('chart-order-distribution')).getByText('No activity in this period')).toBeInTheDocument();
  expect(within(screen.getByTestId('chart-revenue-by-type')).getByText('No revenue yet')).toBeInTheDocument();
  expect(within(screen.getByTestId('chart-regional-distribution')).getByText('No users yet')).toBeInTheDocument();
});

test('inside a dark theme the charts and the change figures take dark colours, the palette stays', async () => {
  installFakeApi(happyRoutes);
  const dark = adminTheme({ dark: true, compact: false });
  renderSection((props: SectionProps) => (
    <ConfigProvider theme={dark}>
      <Section {...props} />
    </ConfigProvider>
  ));
  await screen.findByText('Active Users');
  for (const name of ['User Activity', 'Order Distribution', 'Revenue by Product Type', 'Regional Distribution']) {
    // antd's dark text colour (light on dark), where the light theme draws near-black
    expect(screen.getByRole('img', { name })).toHaveAttribute('data-text-color', expect.stringMatching(/^rgba\(255, ?255, ?255,/));
  }
  expect(card('activeUsers').getByTestId('stat-change')).toHaveStyle({ color: DARK_CHANGE_COLORS.up });
  expect(card('ordersToday').getByTestId('stat-change')).toHaveStyle({ color: DARK_CHANGE_COLORS.down });
  expect(chart('Order Distribution').getAllByTestId('echart-series').map((s) => s.textContent)).toEqual([
    'bar:Coins=[0,1,2]',
    'bar:Likes=[0,2,4]',
    'bar:Followers=[0,3,6]',
  ]);
});

describe('a click on a chart element opens the list behind it, through the URL', () => {
  const opened: string[] = [];
  const onPop = () => opened.push(`${window.location.pathname}${window.location.search}`);
  beforeEach(() => {
    opened.length = 0;
    window.history.replaceState(null, '', '/analytics');
    window.addEventListener('popstate', onPop);
  });
  afterEach(() => window.removeEventListener('popstate', onPop));

  // No pointer-events check: it reads every ancestor's computed style, which jsdom works out slowly
  // under antd's injected styles (seconds a click on a busy machine). The chart stub's elements are plain buttons.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  const click = async (chartName: string, element: string) => user.click(chart(chartName).getByRole('button', { name: element }));

  test('a day of a series, a product type, a region, a day of user activity', async () => {
    installFakeApi(happyRoutes);
    renderSection(Section);
    await screen.findByText('Active Users');

    // makeTrends: daily buckets from 2026-11-01 (UTC)
    await click('Order Distribution', 'Likes 1');
    await click('Order Distribution', 'Followers 2');
    await click('Order Distribution', 'Coins 0');
    await click('Revenue by Product Type', 'Revenue 1'); // watch
    await click('Revenue by Product Type', 'Revenue 2'); // coins: recharge payments
    await click('Regional Distribution', 'Users 1'); // EU
    await click('User Activity', 'New Users 2');
    expect(opened).toEqual([
      '/orders?from=2026-11-02&to=2026-11-02&type=heart',
      '/orders?from=2026-11-03&to=2026-11-03&type=watch',
      '/payments?from=2026-11-01&to=2026-11-01',
      '/orders?type=watch',
      '/payments',
      '/users?region=EU',
      '/orders?from=2026-11-03&to=2026-11-03',
    ]);
  });

  test('a weekly bucket opens its seven days', async () => {
    installFakeApi({ ...happyRoutes, [TRENDS_PATH]: () => ok(makeTrends(2, Date.UTC(2026, 9, 26), 7 * 86_400_000)) });
    renderSection(Section);
    await screen.findByText('Active Users');
    await userEvent.click(screen.getByText('Weekly'));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked());
    await click('Order Distribution', 'Likes 1');
    expect(opened).toEqual(['/orders?from=2026-11-02&to=2026-11-08&type=heart']);
  });
});
