// Sorting, created-date ranges, the dashboard's drill-down filters and CSV export on the lists,
// in a browser in a half-hour time zone (Asia/Kolkata, UTC+5:30): a day's start is no
// whole UTC hour, so the range's edges are exercised too. Every expected value is read from the API.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { OrdersList, PersonsList } from '@growth-admin/api-contract';
import { parseCsv } from '@growth-admin/admin-api';
import { dataRows, expect, expectAccessible, signedApi, signInViaApi, test } from '../support';

test.use({ timezoneId: 'Asia/Kolkata', warmBrowser: true });

const rows = (page: Page) => dataRows(page.getByRole('main'));
const header = (page: Page, name: string) => page.locator('thead th', { hasText: name }).first();
/** A calendar day in Kolkata, `days` before the newest order's. */
const kolkataDay = (iso: string, days: number) => new Date(Date.parse(iso) + 5.5 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
/** The instant a Kolkata day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function newestOrderAt(): Promise<string> {
  const api = await signedApi();
  return (await api.get<OrdersList>('/api/admin/orders/orderList', { page: 0, limit: 1 })).orders[0].createdAt;
}

test('a pasted link to a filtered, sorted, date-ranged page shows that page, and survives a reload', async ({ page }) => {
  const newest = await newestOrderAt();
  const [from, to] = [kolkataDay(newest, 8), kolkataDay(newest, 1)];
  const api = await signedApi();
  const expected = await api.get<OrdersList>('/api/admin/orders/orderList', {
    page: 1,
    limit: 20,
    status: 'completed',
    productType: 'heart',
    createdFrom: dayStart(from),
    createdTo: dayStart(nextDay(to)),
    sort: 'paymentMoney.desc',
  });
  expect(expected.total, 'the seed has more than a page of such orders').toBeGreaterThan(20);

  const link = `/orders?status=completed&type=heart&from=${from}&to=${to}&sort=paymentMoney.desc&page=2`;
  await signInViaApi(page, link);
  const paging = `Showing 21 to ${Math.min(40, expected.total)} of ${expected.total} orders`;
  await expect(page.getByText(paging)).toBeVisible();
  await expect(rows(page).first()).toContainText(`Order #${expected.orders[0].orderSn}`);
  await expect(rows(page).last()).toContainText(`Order #${expected.orders.at(-1)!.orderSn}`);
  await expect(header(page, 'Payment')).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('Type: Like')).toBeVisible();
  await expect(page.getByPlaceholder('Start date')).toHaveValue(from);
  await expect(page.getByPlaceholder('End date')).toHaveValue(to);
  await expectAccessible(page, 'Orders filtered by type, dates and status, sorted by amount');

  await page.reload();
  await expect(page.getByText(paging)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link.replace(/[?.]/g, '\\$&')}$`));
});

test('sorting from a column header asks the server for that order', async ({ page }) => {
  const api = await signedApi();
  const byAmount = await api.get<OrdersList>('/api/admin/orders/rechargeOrderList', { page: 0, limit: 20, sort: 'paymentMoney.desc' });
  const cheapest = await api.get<OrdersList>('/api/admin/orders/rechargeOrderList', { page: 0, limit: 20, sort: 'paymentMoney.asc' });
  await signInViaApi(page, '/payments');
  await expect(header(page, 'Order Details')).toHaveAttribute('aria-sort', 'descending');
  await header(page, 'Payment').click();
  await expect(page).toHaveURL(/\/payments\?sort=paymentMoney\.desc$/);
  await expect(rows(page).first()).toContainText(`Payment #${byAmount.orders[0].orderSn}`);
  await expect(rows(page).first()).toContainText(`$${byAmount.orders[0].paymentMoney.toFixed(2)}`);
  // Keyboard: Enter on the focused header.
  await header(page, 'Payment').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payments\?sort=paymentMoney\.asc$/);
  await expect(rows(page).first()).toContainText(`Payment #${cheapest.orders[0].orderSn}`);
  await expect(header(page, 'Payment')).toHaveAttribute('aria-sort', 'ascending');

  // Users by coins, highest first.
  const richest = await api.get<PersonsList>('/api/admin/persons/list', { page: 1, pageSize: 20, sort: 'money.desc' });
  await page.goto('/users');
  await header(page, 'Coins & Points').click();
  await expect(page).toHaveURL(/\/users\?sort=money\.desc$/);
  await expect(rows(page).first()).toContainText(richest.list[0].customName);
});

test('a created range picked in the date picker narrows the list to those days, in the URL', async ({ page }) => {
  const newest = await newestOrderAt();
  const [from, to] = [kolkataDay(newest, 3), kolkataDay(newest, 2)];
  const api = await signedApi();
  const expected = await api.get<OrdersList>('/api/admin/orders/orderList', { page: 0, limit: 20, createdFrom: dayStart(from), createdTo: dayStart(nextDay(to)) });
  await signInViaApi(page, '/orders');
  // Typed: the first day, then the last, Enter.
  await page.getByPlaceholder('Start date').click();
  await page.getByPlaceholder('Start date').pressSequentially(from);
  await page.getByPlaceholder('End date').click();
  await page.getByPlaceholder('End date').pressSequentially(to);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders\\?from=${from}&to=${to}$`));
  await expect(page.getByText(`of ${expected.total} orders`)).toBeVisible();
  await expect(rows(page).first()).toContainText(`Order #${expected.orders[0].orderSn}`);

  // Each day confirmed with Enter as it is typed: the first one is kept while the second is typed
  // (it was dropped, and the list filtered by the last day alone).
  const payments = await api.get<OrdersList>('/api/admin/orders/rechargeOrderList', { page: 0, limit: 20, createdFrom: dayStart(from), createdTo: dayStart(nextDay(to)) });
  await page.goto('/payments');
  await page.getByPlaceholder('Start date').click();
  await page.getByPlaceholder('Start date').pressSequentially(from);
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('End date')).toBeFocused();
  await page.getByPlaceholder('End date').pressSequentially(to);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payments\\?from=${from}&to=${to}$`));
  await expect(page.getByPlaceholder('Start date')).toHaveValue(from);
  await expect(page.getByText(`of ${payments.total} payments`)).toBeVisible();
});

test('Export CSV downloads every row of the filtered list (its total), with progress, in its order', async ({ page }) => {
  const newest = await newestOrderAt();
  const from = kolkataDay(newest, 20);
  const api = await signedApi();
  const query = { status: 'completed', createdFrom: dayStart(from), sort: 'paymentMoney.asc' };
  const first = await api.get<OrdersList>('/api/admin/orders/rechargeOrderList', { ...query, page: 0, limit: 1 });
  expect(first.total, 'more than one page to export').toBeGreaterThan(20);

  await signInViaApi(page, `/payments?status=completed&from=${from}&sort=paymentMoney.asc`);
  await expect(page.getByText(`of ${first.total} payments`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const [head, ...records] = parseCsv((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(head).toEqual(['Order Number', 'Customer', 'Type', 'Count', 'Payment', 'Status', 'Platform', 'Created']);
  expect(records).toHaveLength(first.total);
  expect(records[0][0]).toBe(first.orders[0].orderSn);
  await expect(page.getByText(`Exported ${first.total.toLocaleString('en-US')} payments`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeFocused();
});

test('a region drill-down shows its chip on Users, the list narrowed and the screen accessible', async ({ page }) => {
  const api = await signedApi();
  const eu = await api.get<PersonsList>('/api/admin/persons/list', { page: 1, pageSize: 20, lastClientRegion: 'EU', sort: 'updatedAt.desc' });
  await signInViaApi(page, '/users?region=EU&sort=updatedAt.desc');
  await expect(page.getByText(`of ${eu.total} users`)).toBeVisible();
  await expect(page.getByText('Region: EU')).toBeVisible();
  await expect(rows(page).first()).toContainText(eu.list[0].customName);
  await expectAccessible(page, 'Users narrowed by region, sorted by last update');
  await page.getByRole('button', { name: 'Remove filter Region: EU' }).click();
  await expect(page).toHaveURL(/\/users\?sort=updatedAt\.desc$/);
});
