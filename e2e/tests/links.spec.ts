// Links an administrator pastes into a ticket or a chat: a filtered page of a
// list, an order, a user; and from a user's details to that user's orders and payments. Reload and
// back/forward show the same. Every value is read from the API first.
import type { Page } from '@playwright/test';
import type { Order, OrdersList, Person } from '@growth-admin/api-contract';
import { dataRows, expect, motionSettled, shownIn, signedApi, signInViaApi, test } from '../support';

test.use({ warmBrowser: true });

const rows = (page: Page) => dataRows(page.getByRole('main'));

test('a pasted link to page 2 of the refunded orders shows that page, that filter, and survives a reload', async ({ page }) => {
  const api = await signedApi();
  const refunded = await api.get<OrdersList>('/api/admin/orders/orderList', { page: 1, limit: 20, status: 'refunded' });
  expect(refunded.total, 'the seed has more than 20 refunded orders').toBeGreaterThan(20);

  await signInViaApi(page, '/orders?status=refunded&page=2');
  const paging = `Showing 21 to ${Math.min(40, refunded.total)} of ${refunded.total} orders`;
  await expect(page.getByText(paging)).toBeVisible();
  await expect(shownIn(page.getByRole('combobox', { name: 'Status' }))).toHaveText('Refunded');
  await expect(rows(page).first()).toContainText(`Order #${refunded.orders[0].orderSn}`);

  await page.reload();
  await expect(page.getByText(paging)).toBeVisible();
  await expect(page).toHaveURL(/\/orders\?status=refunded&page=2$/);
});

test('a pasted link to an order opens its details; closing them keeps the list, back opens them again', async ({ page }) => {
  const api = await signedApi();
  const { orders } = await api.get<OrdersList>('/api/admin/orders/orderList', { page: 3, limit: 1 });
  const order = orders[0];

  await signInViaApi(page, `/orders/${order.orderSn}`);
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog).toContainText(`Order #${order.orderSn}`);
  await expect(dialog).toContainText(order.shoppingUser);
  await motionSettled(page); // (a click while the dialog zooms in lands where it will be, not where it is)
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click(); // the footer's, not the corner's icon
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/orders$/);
  await page.goBack();
  await expect(dialog).toContainText(`Order #${order.orderSn}`);

  // A number that names nothing says so and shows the list.
  await page.goto('/orders/NO-SUCH-ORDER');
  await expect(page.getByText('Order #NO-SUCH-ORDER was not found')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
});

test("a user's details link to that user's orders and payments, found by the ID the screens show", async ({ page }) => {
  const api = await signedApi();
  const { orders } = await api.get<{ orders: Order[] }>('/api/admin/orders/orderList', { page: 0, limit: 1 });
  const person = await api.get<Person>('/api/admin/persons/query', { id: orders[0].personId });
  const theirs = await api.get<OrdersList>('/api/admin/orders/orderList', { page: 0, limit: 20, personId: person.customId });
  const payments = await api.get<OrdersList>('/api/admin/orders/rechargeOrderList', { page: 0, limit: 20, personId: person.customId });

  // The details open by URL too.
  await signInViaApi(page, `/users/${person.customId}`);
  const details = page.getByRole('dialog', { name: 'User Details' });
  await expect(details).toContainText(`ID: ${person.customId}`);
  await motionSettled(page);

  await details.getByRole('link', { name: 'All orders of this user' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?by=personId&q=${person.customId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByText(`of ${theirs.total} orders`)).toBeVisible();
  await expect(page.getByLabel('Search text')).toHaveValue(person.customId);
  await expect(shownIn(page.getByRole('combobox', { name: 'Search by' }))).toHaveText('Person ID');
  await expect(rows(page)).toHaveCount(Math.min(20, theirs.total));
  for (const row of await rows(page).all()) await expect(row).toContainText(person.customName);

  // Back: the user's details again, where the administrator left them.
  await page.goBack();
  await expect(details).toContainText(`ID: ${person.customId}`);
  await motionSettled(page);
  await details.getByRole('link', { name: 'All payments of this user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByText(`of ${payments.total} payments`)).toBeVisible();
});
