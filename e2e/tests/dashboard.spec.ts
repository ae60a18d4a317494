// Dashboard: dark mode and compact density switched in the sidebar (remembered
// across reloads, reaching every remote's screen and the charts), accessible in both modes; the
// drill-down by pointer and by keyboard; the period and range in the URL; day buckets in the
// browser's time zone, agreeing with the list a day opens.
import type { Locator, Page } from '@playwright/test';
import { canvasSize, dataRows, drawnPixels, expect, expectAccessible, openSection, pauseTimers, signedApi, signIn, signInViaApi, test } from '../support';

test.describe.configure({ timeout: 120_000 });
test.use({ warmBrowser: true });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

async function dashboardLoaded(page: Page) {
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Active Users' })).toBeVisible({ timeout: 30_000 });
}

const chartCanvas = (page: Page, title: string): Locator => page.getByRole('img', { name: title }).locator('canvas').first();

const chartTextColor = (page: Page, title: string) => page.getByRole('img', { name: title }).getAttribute('data-text-color');
const isLight = (colour: string | null) => /^rgba?\(255, ?255, ?255/.test(colour ?? '');

/** The luminance (0 black … 1 white) of an element's computed background. */
const backgroundLuminance = (element: Locator) =>
  element.evaluate((el) => {
    const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? ['0', '0', '0']).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

test('dark mode: switched in the sidebar, kept after a reload, on the charts and on another remote, accessible in both modes', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await dashboardLoaded(page);
  const darkSwitch = page.getByRole('switch', { name: 'Dark mode' });
  await expect(darkSwitch).not.toBeChecked();
  // The layout's and dashboard's antd styles, and their theme values in each appearance, come from the
  // shell build's file (antd-static-css.mjs): none of them was computed and injected in the page.
  // (antd's class names are what this looks for, in the injected CSS: nothing is looked up by them.)
  await expect(page.locator('link[rel="stylesheet"][href*="antd-static."]')).toHaveCount(1);
  const injectedFor = await page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]:not([data-token-hash])')].flatMap((s) => s.textContent?.match(/\.ant-(layout|menu|btn|card|typography|segmented|switch|picker)\b/g) ?? []),
  );
  expect(injectedFor).toEqual([]);
  const lightDrawing = await drawnPixels(chartCanvas(page, 'User Activity'));
  expect(isLight(await chartTextColor(page, 'User Activity'))).toBe(false);
  await expectAccessible(page, 'the dashboard in light mode');

  await darkSwitch.click();
  await expect(darkSwitch).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await backgroundLuminance(page.getByRole('group', { name: 'Active Users' }))).toBeLessThan(0.2);
  for (const title of ['User Activity', 'Order Distribution', 'Revenue by Product Type', 'Regional Distribution']) {
    expect(isLight(await chartTextColor(page, title)), `${title} drawn with light text`).toBe(true);
  }
  expect(await drawnPixels(chartCanvas(page, 'User Activity')), 'the chart redrawn').not.toBe(lightDrawing);
  await shot(page, 'dashboard-dark');
  await expectAccessible(page, 'the dashboard in dark mode');

  await page.reload();
  await dashboardLoaded(page);
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(isLight(await chartTextColor(page, 'Regional Distribution'))).toBe(true);

  // Another remote's screen, inside the same ConfigProvider.
  await openSection(page, 'Orders');
  const header = page.getByRole('main').getByRole('columnheader').first(); // the table's cells are see-through: its header is drawn
  await expect(header).toBeVisible({ timeout: 30_000 });
  expect(await backgroundLuminance(header)).toBeLessThan(0.2);
  await shot(page, 'orders-dark');
  await expectAccessible(page, 'Orders in dark mode');

  // Compact density: the same screens, tighter.
  const firstRow = dataRows(page.getByRole('main')).first();
  const rowHeight = () => firstRow.evaluate((r) => r.getBoundingClientRect().height);
  await expect(firstRow).toBeVisible({ timeout: 30_000 });
  const comfortable = await rowHeight();
  await page.getByRole('switch', { name: 'Compact' }).click();
  await expect.poll(rowHeight).toBeLessThan(comfortable);

  // Back to light: every choice is the administrator's, per browser.
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => backgroundLuminance(header)).toBeGreaterThan(0.8); // (its background eases into the new colour)
});

interface UserStats {
  regionDistribution: Array<{ region: string; count: number }>;
}
interface RevenueStats {
  productTypes: Array<{ type: string; revenue: number }>;
}

/** Records each in-app navigation's URL as it is opened (before the list there corrects its query). */
async function recordNavigations(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __opened?: string[] };
    if (!w.__opened) window.addEventListener('popstate', () => w.__opened!.push(`${location.pathname}${location.search}`));
    w.__opened = [];
  });
  return () => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
}

/** Clicks inside the first slice of a pie (the largest: echarts starts at 12 o'clock, clockwise). */
async function clickFirstSlice(page: Page, title: string) {
  const canvas = chartCanvas(page, title);
  await drawnPixels(canvas);
  const { width } = await canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.clientWidth }));
  // The pie's centre is at 50 % / 45 % of the 300 px chart, its radius 100 px: 31° past 12 o'clock, 58 px out.
  await canvas.click({ position: { x: width / 2 + 30, y: 0.45 * 300 - 50 } });
}

// A fake clock stays installed in its context: this journey keeps a fresh one.
test.describe('with a paused clock', () => {
  test.use({ warmBrowser: false });

  test('toasts follow the theme: dark in dark mode, and a toast on screen turns light with the switch', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('growth-admin.appearance', JSON.stringify({ dark: true, compact: false })));
    await page.clock.install();
    await signIn(page);
    const toast = page.getByRole('alert').filter({ hasText: 'Successfully logged in' });
    await expect(toast).toBeVisible();
    // Its timer stops here, so it stays on screen while the test looks, however busy the machine
    // (hovering it raced its closing).
    await pauseTimers(page);
    expect(await backgroundLuminance(toast)).toBeLessThan(0.3);
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => backgroundLuminance(toast)).toBeGreaterThan(0.9);
  });
});

test('drill-down: a slice of Regional Distribution opens its users filtered by region, one of Revenue by Product Type its orders filtered by type', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const [users, revenue] = await Promise.all([api.get<UserStats>('/api/admin/analytics/users'), api.get<RevenueStats>('/api/admin/analytics/revenue')]);
  const region = users.regionDistribution[0].region;
  const productType = revenue.productTypes[0].type;
  await page.setViewportSize({ width: 1400, height: 1000 });
  await dashboardLoaded(page);

  let opened = await recordNavigations(page);
  await clickFirstSlice(page, 'Regional Distribution');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await opened()).toEqual([`/users?region=${region}`]);
  // The list filtered by it: the URL kept, the filter shown, the region's users counted.
  await expect(page).toHaveURL(new RegExp(`/users\\?region=${region}$`));
  await expect(page.getByText(`Region: ${region}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`of ${users.regionDistribution[0].count.toLocaleString('en-US')} users$`))).toBeVisible({ timeout: 30_000 });

  await page.goBack();
  await dashboardLoaded(page);
  opened = await recordNavigations(page);
  await clickFirstSlice(page, 'Revenue by Product Type');
  // coins revenue is recharge payments: the Payments list
  const [section, heading] = productType === 'coins' ? ['/payments', 'Payments'] : [`/orders?type=${productType}`, 'Orders'];
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await opened()).toEqual([section]);
  if (productType !== 'coins') {
    await expect(page).toHaveURL(new RegExp(`/orders\\?type=${productType}$`));
    const label = { heart: 'Like', watch: 'Follow' }[productType] ?? productType;
    await expect(page.getByText(`Type: ${label}`)).toBeVisible();
    // The filtered rows, once the list has loaded them (the filter shows before they arrive): the
    // type column's cells.
    const types = dataRows(page.getByRole('main')).locator('td:nth-child(2)');
    await expect(types.first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => [...new Set(await types.allTextContents())]).toEqual([label]);
  }
});

test('the charts follow the window: a narrower window redraws them narrower', async ({ signedInPage: page }) => {
  // Both widths two charts a row (xl): the chart narrows with the window.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await dashboardLoaded(page);
  const canvas = chartCanvas(page, 'User Activity');
  // Widened as the charts appeared (from the 1400 px default, 494 px wide): drawn at the new width
  // (echarts-for-react's autoResize lost a resize in its first 60 ms).
  await expect.poll(async () => (await canvasSize(canvas)).width).toBeGreaterThan(560);
  const wide = await drawnPixels(canvas);
  const wideWidth = (await canvasSize(canvas)).width;
  await page.setViewportSize({ width: 1250, height: 1000 });
  await expect.poll(async () => (await canvasSize(canvas)).width).toBeLessThan(wideWidth - 100);
  expect(await drawnPixels(canvas)).not.toBe(wide);
});

test('tooltips: the charts are drawn without their code, which comes once drawn, or when the pointer enters a chart (again after a failed load)', async ({ page }) => {
  let asked = 0;
  let serve = false;
  await page.route('**/echarts-tooltips.*.js', (route) => {
    asked++;
    return serve ? route.continue() : route.abort();
  });
  await signInViaApi(page); // (no click: the pointer stays off the charts)
  await dashboardLoaded(page);
  const chart = page.getByRole('img', { name: 'User Activity' });
  await drawnPixels(chartCanvas(page, 'User Activity'));
  // Asked for once the charts were drawn and the browser idle; that load failed.
  await expect.poll(() => asked).toBe(1);

  serve = true;
  const box = (await chartCanvas(page, 'User Activity').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // The pointer entering asks again; the tooltip shows where it rests, with no further move.
  await expect.poll(() => asked).toBe(2);
  await expect(chart).toContainText('New Users');
});

test('keyboard: `/` focuses the list search, Ctrl+K jumps to a section and to an order by number', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const { orders } = await api.get<{ orders: Array<{ orderSn: string }> }>('/api/admin/orders/orderList', { page: 0, limit: 1 });
  const orderSn = orders[0].orderSn;
  await dashboardLoaded(page);

  // Ctrl+K → Users, from the keyboard alone.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  await expect(palette).toBeVisible();
  const box = palette.getByRole('combobox', { name: 'Go to a section, an order or a user' });
  await expect(box).toBeFocused();
  await shot(page, 'palette');
  await expectAccessible(page, 'the command palette');
  await box.fill('users');
  await expect(palette.getByRole('option')).toHaveText(['Users']);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible({ timeout: 30_000 });

  // `/` → the Users search box; a slash typed there is text.
  const search = page.getByRole('search', { name: 'Search users' }).getByRole('textbox');
  await expect(search).toBeVisible({ timeout: 30_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');

  // Ctrl+K → an order by its number: its details open from the URL.
  await search.blur();
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill(orderSn);
  // The items come in sidebar order (each section that opens items by number): User, then Order.
  await expect(palette.getByRole('option')).toHaveText([`User ${orderSn}`, `Order ${orderSn}`]);
  await page.keyboard.press('ArrowDown');
  await expect(palette.getByRole('option', { name: `Order ${orderSn}` })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${orderSn}$`));
  await expect(page.getByRole('dialog', { name: 'Order Details' }).getByRole('heading', { name: `Order #${orderSn}` })).toBeVisible({ timeout: 30_000 });

  // Escape closes the palette and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Order Details' })).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('/');
  await expect(page.getByRole('search', { name: 'Search orders' }).getByRole('textbox', { name: 'Search text' })).toBeFocused();
});

/** YYYY-MM-DD of the day `offset` days from today in the browser's zone (the page's `timezoneId`). */
const localDay = (page: Page, offset: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, offset);

const trendsRequest = (page: Page) => page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/api/admin/analytics/trends'));
const trendsQuery = (url: string) => Object.fromEntries(new URL(url).searchParams);

test('the period and range are in the URL: a pasted link, reload and back/forward show the same dashboard; invalid values the defaults', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  // A first visit only to learn the browser's days.
  await page.goto('/');
  const [from, to] = [await localDay(page, -13), await localDay(page, -1)];
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  let request = trendsRequest(page);
  await signInViaApi(page, `/?period=week&from=${from}&to=${to}`);
  expect(trendsQuery((await request).url())).toEqual({ period: 'week', from, to, tz: zone });
  await dashboardLoaded(page);
  const weekly = page.getByRole('radio', { name: 'Weekly' });
  await expect(weekly).toBeChecked();
  await expect(page.getByPlaceholder('Start date')).toHaveValue(from);
  await expect(page.getByPlaceholder('End date')).toHaveValue(to);
  await expect(page).toHaveURL(new RegExp(`/\\?period=week&from=${from}&to=${to}$`));

  // A change is a history entry.
  await page.getByText('Hourly', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?period=hour&from=${from}&to=${to}$`));
  await expect(page.getByRole('radio', { name: 'Hourly' })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/\\?period=week&from=${from}&to=${to}$`));
  await expect(weekly).toBeChecked();
  await page.goForward();
  await expect(page.getByRole('radio', { name: 'Hourly' })).toBeChecked();

  // Reload: the same dashboard, asked of the API again.
  request = trendsRequest(page);
  await page.reload();
  expect(trendsQuery((await request).url())).toEqual({ period: 'hour', from, to, tz: zone });
  await dashboardLoaded(page);
  await expect(page.getByRole('radio', { name: 'Hourly' })).toBeChecked();
  await expect(page.getByPlaceholder('Start date')).toHaveValue(from);

  // Invalid values: the default dashboard (Daily, last 30 days), no crash, and the address bar says so.
  request = trendsRequest(page);
  await page.goto('/?period=7d&from=2026-02-30&to=yesterday');
  expect(trendsQuery((await request).url())).toEqual({ period: 'day', days: '30', tz: zone });
  await dashboardLoaded(page);
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await expect(page.getByPlaceholder('Start date')).toHaveValue('');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('img', { name: 'User Activity' }).locator('canvas').first()).toBeVisible();
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('keyboard drill-down: Tab to a day\'s Likes in the Order Distribution data, Enter opens its orders, as many as the bar counts', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    const request = trendsRequest(page);
    await signInViaApi(page, '/');
    // The dashboard asks for New York days.
    expect(trendsQuery((await request).url())).toEqual({ period: 'day', days: '30', tz: 'America/New_York' });
    await dashboardLoaded(page);
    const api = await signedApi();
    const points = await api.get<Array<{ time: string; orders: { likes: number } }>>('/api/admin/analytics/trends', { period: 'day', days: 30, tz: 'America/New_York' });

    // From the card's title, Tab reaches the chart's "View data" toggle (out of sight until then).
    const card = page.getByTestId('chart-order-distribution');
    await card.getByText('Order Distribution', { exact: true }).click();
    await page.keyboard.press('Tab');
    const toggle = card.getByRole('button', { name: 'View data: Order Distribution' });
    await expect(toggle).toBeFocused();
    await expect(toggle).toBeVisible();
    await page.keyboard.press('Enter');
    const table = card.getByRole('table', { name: 'Order Distribution data' });
    await expect(table).toBeVisible();
    await expect(card.getByRole('button', { name: 'Hide data: Order Distribution' })).toHaveAttribute('aria-expanded', 'true');
    await shot(page, 'dashboard-view-data');
    await expectAccessible(page, 'the dashboard with a chart\'s data open');

    // Tab on through the figures to the first day with Likes.
    let name = '';
    for (let i = 0; i < 31 && !/^Likes, .+: [1-9]/.test(name); i++) {
      await page.keyboard.press('Tab');
      name = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '';
    }
    const [, label, shown] = /^Likes, (.+): ([\d,]+)$/.exec(name) ?? [];
    expect(label, 'a day with Likes in the first page of the table').toBeTruthy();
    const likes = Number(shown.replace(/,/g, ''));
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    const day = new URL(href!, 'http://x').searchParams.get('from')!;
    // The figure is the API's bucket of that New York day, and the bar's.
    const bucket = points.find((p) => new Date(p.time).toLocaleDateString('en-CA', { timeZone: 'America/New_York' }) === day);
    expect(bucket?.orders.likes).toBe(likes);
    expect(new Date(bucket!.time).toISOString()).toMatch(/T0[45]:00:00\.000Z$/); // New York's midnight

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/orders\?/);
    const query = new URL(page.url()).searchParams;
    expect({ type: query.get('type'), from: query.get('from'), to: query.get('to') }).toEqual({ type: 'heart', from: day, to: day });
    await expect(page.getByText('Type: Like')).toBeVisible();
    // The list reads the day in the same zone: its total is the bar's count.
    await expect(page.getByText(new RegExp(`of ${likes.toLocaleString('en-US')} orders$`))).toBeVisible({ timeout: 30_000 });
  });
});
