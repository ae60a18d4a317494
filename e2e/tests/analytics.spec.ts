// Analytics Dashboard journeys: the default section after sign-in, its three cards
// against the seeded data, the four charts drawn on sized canvases, the period toggle reloading
// the trends, and the charts following the window size.
import type { Locator, Page } from '@playwright/test';
import { canvasSize, drawnPixels, expect, signedApi, signIn, systemInfo, test } from '../support';

// A cold system on a shared machine needs more than the default 30 s per journey.
test.describe.configure({ timeout: 90_000 });

interface UserStats {
  activeUsers: number;
  total: number;
  newUsers: { week: number };
}
interface RevenueStats {
  today: { revenue: number; growth: number; orderCount: number };
  week: { orderCount: number };
}

// Spec 9, written out independently of shared-client so the UI is checked against its own oracle.
const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}%`;
const expectedCards = (users: UserStats, revenue: RevenueStats) => ({
  'Active Users': {
    value: users.activeUsers.toLocaleString('en-US'),
    change: pct((users.newUsers.week / (users.total || 1)) * 100),
  },
  'Total Revenue': { value: `$${revenue.today.revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`, change: pct(revenue.today.growth) },
  'Orders Today': {
    value: revenue.today.orderCount.toLocaleString('en-US'),
    change: pct((revenue.today.orderCount / (revenue.week.orderCount || 1)) * 100 - 100),
  },
});

/**
 * Waits out the first load (three API calls, then the remote's chart chunk) with room for a busy
 * machine, and notes how long it took.
 */
async function dashboardLoaded(page: Page) {
  const started = Date.now();
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Active Users' })).toBeVisible({ timeout: 30_000 });
  test.info().annotations.push({ type: 'dashboard load', description: `${Date.now() - started} ms` });
}

const CHARTS = ['User Activity', 'Order Distribution', 'Revenue by Product Type', 'Regional Distribution'];

const chartCanvas = (page: Page, title: string): Locator =>
  page.getByRole('img', { name: title }).locator('canvas').first();

test('after sign-in the dashboard shows the seeded figures in the three cards and draws four charts', async ({ page }) => {
  const api = await signedApi();
  const [users, revenue] = await Promise.all([
    api.get<UserStats>('/api/admin/analytics/users'),
    api.get<RevenueStats>('/api/admin/analytics/revenue'),
  ]);
  expect(users.total).toBeGreaterThan(0); // the demo seed is in

  await signIn(page);
  await dashboardLoaded(page);
  await expect(page.getByText('Monitor key metrics and trends')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();

  for (const [title, { value, change }] of Object.entries(expectedCards(users, revenue))) {
    const card = page.getByRole('group', { name: title });
    await expect(card.getByTestId('stat-value')).toHaveText(value);
    await expect(card.getByTestId('stat-change')).toHaveText(change);
    await expect(card).toContainText('from last period');
    const colour = await card.getByTestId('stat-change').evaluate((el) => getComputedStyle(el).color);
    // green (#047857) when zero or positive, red (#B91C1C) otherwise
    expect(colour).toBe(change.startsWith('+') ? 'rgb(4, 120, 87)' : 'rgb(185, 28, 28)');
  }

  for (const title of CHARTS) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    const size = await canvasSize(chartCanvas(page, title));
    expect(size.width, `${title} canvas width`).toBeGreaterThan(200);
    expect(size.height, `${title} canvas height`).toBe(300);
  }
});

// Journeys about the drawn dashboard, not its first load: in a warm browser profile (support/warmBrowser.ts),
// whose cached and compiled code an administrator coming back has too. The first load's journeys
// (the one above, the one below) keep a fresh context.
test.describe('the dashboard drawn', () => {
  test.use({ warmBrowser: true });

  test('switching the period reloads the trends and redraws the User Activity chart', async ({ signedInPage: page }) => {
    await dashboardLoaded(page);
    const line = chartCanvas(page, 'User Activity');
    const daily = await drawnPixels(line);

    const hourlyRequest = page.waitForRequest((r) => r.url().includes('/api/admin/analytics/trends') && r.url().includes('period=hour'));
    await page.getByText('Hourly', { exact: true }).click();
    const request = new URL((await hourlyRequest).url());
    // Days counted in the browser's time zone (see dashboard.spec.ts for a zone far from UTC).
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(Object.fromEntries(request.searchParams)).toEqual({ period: 'hour', days: '30', tz });
    await expect(page.getByRole('radio', { name: 'Hourly' })).toBeChecked();
    await expect(page).toHaveURL(/\/\?period=hour$/);
    await expect(page.getByRole('status', { name: 'Loading analytics' })).toBeHidden({ timeout: 30_000 });

    const hourly = await drawnPixels(chartCanvas(page, 'User Activity'));
    expect(hourly).not.toBe(daily);

    const weeklyRequest = page.waitForRequest((r) => r.url().includes('/api/admin/analytics/trends') && r.url().includes('period=week'));
    await page.getByText('Weekly', { exact: true }).click();
    expect(new URL((await weeklyRequest).url()).searchParams.get('days')).toBe('30');
    await expect(page.getByRole('status', { name: 'Loading analytics' })).toBeHidden({ timeout: 30_000 });
    const weekly = await drawnPixels(chartCanvas(page, 'User Activity'));
    expect(weekly).not.toBe(hourly);
    // The cards do not depend on the period and stay.
    await expect(page.getByRole('group', { name: 'Active Users' })).toBeVisible();
  });

  test('the charts resize with the window', async ({ signedInPage: page }) => {
    await dashboardLoaded(page);
    const canvas = chartCanvas(page, 'Order Distribution');
    await drawnPixels(canvas);
    const wide = await canvasSize(canvas);

    // Below antd's xl breakpoint the charts go from two columns to one, so each gets wider.
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect.poll(() => canvasSize(canvas).then((s) => s.width)).toBeGreaterThan(wide.width + 100);

    await page.setViewportSize({ width: 1400, height: 900 });
    await expect.poll(() => canvasSize(canvas).then((s) => s.width)).toBe(wide.width);
  });
});

test('the shell loads only tree-shaken chart code from the analytics remote', async ({ page }) => {
  const origin = systemInfo().remoteUrls.analytics;
  // By URL: the login screen's prefetch fetches the landing remote's files into the cache and the load
  // after sign-in reads them there, two responses for one file.
  const files = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.url().startsWith(origin) && response.url().endsWith('.js')) {
      files.set(response.url(), (await response.body()).length);
    }
  });
  await signIn(page);
  await dashboardLoaded(page);
  await drawnPixels(chartCanvas(page, 'Regional Distribution'));

  const scripts = [...files].map(([url, bytes]) => ({ url, bytes }));
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  test.info().annotations.push({ type: 'analytics remote JS (minified, uncompressed)', description: `${total} bytes in ${scripts.length} files` });
  expect(scripts.some((s) => s.url.endsWith('/remoteEntry.js'))).toBe(true);
  // The full echarts build alone is 1.12 MB minified; remoteEntry + the tree-shaken echarts chunk
  // + the section stay well under it (react, antd and the rest come from the shell's share scope).
  expect(total).toBeLessThan(900_000);
});
