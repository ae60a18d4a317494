// Orders journeys: search an order by number, open it, refund it (double clicks send one
// refund), then find it under the Refunded filter with the refund button gone; the status filter
// drives the server's totals; search a payment by payment number and open it.
// Every value is read from the API first; nothing depends on particular seeded ids.
import type { Page } from '@playwright/test';
import type { Order, OrdersList } from '@growth-admin/api-contract';
import { chooseOption, dataRows, expect, motionSettled, openSection, signedApi, test } from '../support';

test.use({ warmBrowser: true, signedInAt: '/orders' });

const ORDERS = '/api/admin/orders/orderList';
const PAYMENTS = '/api/admin/orders/rechargeOrderList';

const rows = (page: Page) => dataRows(page.getByRole('main'));
const detailsDialog = (page: Page) => page.getByRole('dialog', { name: /^(Order|Payment) Details$/ });
/** Closes the details and waits until they are gone, as an administrator would before typing elsewhere (its focus goes back to the row then). */
async function closeDialog(page: Page) {
  await detailsDialog(page).getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click(); // the footer's, not the corner's icon
  await expect(detailsDialog(page)).toBeHidden();
}

const choose = (page: Page, label: 'Search by' | 'Status', option: string) => chooseOption(page.getByRole('combobox', { name: label, exact: true }), option);

const showing = (total: number, noun: string) => `Showing ${total ? 1 : 0} to ${Math.min(20, total)} of ${total} ${noun}`;

test('searches an order by number, refunds it once, and finds it under Refunded without a refund button', async ({
  signedInPage: page,
}) => {
  test.slow(); // many steps and two list reloads: give a busy machine room
  const api = await signedApi();
  const completed = await api.get<OrdersList>(ORDERS, { page: 0, limit: 20, status: 'completed' });
  const order = completed.orders.find((o) => o.isComplete && !o.isRefund) as Order;
  expect(order, 'a complete, not-refunded seeded order').toBeTruthy();

  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByText('View and manage customer orders')).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText(['Order Details', 'Type', 'Count', 'Payment', 'Status', 'Platform']);
  await expect(rows(page).first()).toBeVisible();

  await choose(page, 'Search by', 'Order Number');
  const box = page.getByPlaceholder('Search by order number...');
  await box.fill(order.orderSn);
  await box.press('Enter');
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(order.shoppingUser);

  await page.getByRole('button', { name: `Order #${order.orderSn}` }).click();
  const dialog = detailsDialog(page);
  await expect(dialog.getByRole('heading', { name: `Order #${order.orderSn}` })).toBeVisible();
  await expect(dialog).toContainText(order.stateStr);

  await dialog.getByRole('button', { name: 'Refund Order' }).dblclick();
  await expect(page.getByText('Are you sure you want to refund this order?')).toHaveCount(1);
  // Double-clicked as an administrator would: once the confirmation is on screen (a click while it
  // zooms in lands on its mask, which closes it: seen once on a busy machine).
  await motionSettled(page);
  await page.getByRole('button', { name: 'Yes, refund' }).dblclick();
  await expect(page.getByText('Order refunded successfully')).toBeVisible();
  await expect(page.getByText(/Failed to refund order/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Refund Order|Processing Refund/ })).toHaveCount(0);

  const after = (await api.get<OrdersList>(ORDERS, { page: 0, limit: 20, orderSn: order.orderSn })).orders[0];
  expect(after.isRefund).toBe(true);
  await expect(dialog).toContainText(after.stateStr);
  await closeDialog(page);
  // The list reloaded: the row shows the refunded state.
  await expect(rows(page).first()).toContainText(after.stateStr);

  await choose(page, 'Status', 'Refunded');
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.getByRole('button', { name: `Order #${order.orderSn}` }).click();
  await expect(dialog.getByRole('heading', { name: `Order #${order.orderSn}` })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refund Order' })).toHaveCount(0);
});

test('the status filter is applied by the server, so totals and paging follow it', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const all = await api.get<OrdersList>(ORDERS, { page: 0, limit: 20 });
  const pending = await api.get<OrdersList>(ORDERS, { page: 0, limit: 20, status: 'pending' });
  expect(pending.total).toBeLessThan(all.total);

  await expect(page.getByText(showing(all.total, 'orders'))).toBeVisible();
  await expect(page.getByText(`Page 1 of ${Math.max(1, Math.ceil(all.total / 20))}`)).toBeVisible();

  await choose(page, 'Status', 'Pending');
  await expect(page.getByText(showing(pending.total, 'orders'))).toBeVisible();
  if (pending.total > 20) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Showing 21 to ${Math.min(40, pending.total)} of ${pending.total} orders`)).toBeVisible();
  }
});

test('searches a payment by payment number and opens it', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const { orders, total } = await api.get<OrdersList>(PAYMENTS, { page: 0, limit: 20 });
  const payment = orders[0];
  expect(payment, 'a seeded payment').toBeTruthy();

  await openSection(page, 'Payments');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByText('View and manage user payments')).toBeVisible();
  await expect(page.getByText(showing(total, 'payments'))).toBeVisible();

  await choose(page, 'Search by', 'Payment Number');
  await page.getByPlaceholder('Search by payment number...').fill(payment.orderSn);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 payments')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Coins');

  await page.getByRole('button', { name: `Payment #${payment.orderSn}` }).click();
  const dialog = detailsDialog(page);
  await expect(dialog.getByRole('heading', { name: `Payment #${payment.orderSn}` })).toBeVisible();
  await expect(dialog).toContainText(payment.shoppingUser);

  // A number that matches nothing.
  await closeDialog(page);
  await page.getByPlaceholder('Search by payment number...').fill('no-such-payment-000');
  await page.getByPlaceholder('Search by payment number...').press('Enter');
  await expect(page.getByText('No payments found matching your criteria')).toBeVisible();
});

test('finds a user\'s orders by the user ID the Users screen shows', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const { orders } = await api.get<OrdersList>(ORDERS, { page: 0, limit: 1 });
  const owner = await api.get<{ customId: string; customName: string }>('/api/admin/persons/query', { id: orders[0].personId });
  const { total } = await api.get<OrdersList>(ORDERS, { page: 0, limit: 20, personId: orders[0].personId });

  await choose(page, 'Search by', 'Person ID');
  const box = page.getByPlaceholder('Search by person ID...');
  await box.fill(owner.customId); // 'ID: 7000…', as Users and User Details show it
  await box.press('Enter');
  await expect(page.getByText(showing(total, 'orders'))).toBeVisible();
  await expect(rows(page).first()).toContainText(owner.customName);
});
