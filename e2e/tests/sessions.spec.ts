// Sessions and step-up: the Sessions tab ends another browser's session and a password
// change ends the other session, each landing that browser on the sign-in screen at its next call
// with a message saying why; a refund asks for the password again (a wrong one is refused with a
// clear message, the right one refunds, keyboard only). Accessibility of the new tab and dialog.
import type { Browser, Page } from '@playwright/test';
import type { Order, OrdersList } from '@growth-admin/api-contract';
import { apiCall, expect, expectAccessible, openSection, SESSION_STORAGE_KEY, signedApi, signIn, test } from '../support';

const ENDED = 'Your session has ended. Please sign in again.';

/** A fresh operator (so nothing here touches the shared administrator's password or sessions). */
async function newOperator() {
  const owner = await signedApi();
  const username = `op${Date.now().toString(36)}`;
  const password = 'an-operator-password';
  await owner.post('/api/admin/administrators', { username, role: 'operator', password });
  return { username, password };
}

async function browserAs(browser: Browser, credentials: { username: string; password: string }, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await signIn(page, credentials);
  return page;
}

/** The next call of a signed-out browser (opening a section it is not on) lands on Admin Login, which says why. */
async function expectSignedOut(page: Page, section: 'Users' | 'Projects') {
  await openSection(page, section);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(ENDED);
}

test('the Sessions tab ends another session; a password change ends the other; both land on the sign-in screen with a message', async ({ browser }) => {
  test.slow(); // two browsers, several sign-ins
  const op = await newOperator();
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const mine = await browserAs(browser, op);
  const other = await browserAs(browser, op, firefox);

  await openSection(mine, 'Settings');
  await mine.getByRole('tab', { name: 'Sessions' }).click();
  const myCard = mine.locator('.ant-card').filter({ has: mine.getByText('My sessions', { exact: true }) });
  await expect(myCard.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await expect(myCard.getByText('This session')).toHaveCount(1);
  await expect(myCard.getByText('Firefox 133 on Linux')).toBeVisible();
  await expect(mine.getByText("Every administrator's sessions")).toHaveCount(0); // an operator sees only their own
  await expectAccessible(mine, 'Settings, Sessions');

  await myCard.getByRole('button', { name: /^End session: .* in Firefox 133 on Linux/ }).click();
  await expect(mine.getByText(`Session of ${op.username} in Firefox 133 on Linux ended`)).toBeVisible();
  await expect(myCard.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expectSignedOut(other, 'Users');

  // The other browser signs in again; a password change here ends it once more.
  await other.getByLabel('Username').fill(op.username);
  await other.getByLabel('Password').fill(op.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByText('Logged in as')).toBeVisible();
  await expect(other.getByRole('status')).toHaveCount(0); // the message is gone once signed in

  await mine.getByRole('tab', { name: 'Account' }).click();
  await mine.getByLabel('Current password').fill(op.password);
  await mine.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await mine.getByLabel('Repeat the new password').fill('a-brand-new-password');
  await mine.getByRole('button', { name: 'Change password' }).click();
  await expect(mine.getByText('Password changed; 1 other session(s) signed out')).toBeVisible();
  await expectSignedOut(other, 'Projects');
  await expect(mine.getByText('Logged in as')).toBeVisible(); // this session stays

  await mine.context().close();
  await other.context().close();
});

test('a refund asks for the password again: a wrong one is refused with a clear message, the right one refunds', async ({ browser }) => {
  test.slow();
  const op = await newOperator();
  const api = await signedApi();
  // Far from page 0, where the orders journey picks its order.
  const { orders } = await api.get<OrdersList>('/api/admin/orders/orderList', { page: 5, limit: 20, status: 'completed' });
  const order = orders.find((o) => o.isComplete && !o.isRefund) as Order;
  expect(order, 'a complete, not-refunded seeded order').toBeTruthy();

  const page = await browserAs(browser, op);
  // Sign-in counts as entering the password; a wrong re-entry withdraws that (the API's rule), so
  // this refund must ask without waiting 5 minutes.
  const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').token as string, SESSION_STORAGE_KEY);
  await expect(apiCall('POST', '/api/admin/account/reauthenticate', { token, body: { password: 'not-the-password' } })).rejects.toMatchObject({ status: 403 });

  await openSection(page, 'Orders');
  await page.getByLabel('Search by', { exact: true }).click();
  await page.locator('.ant-select-item-option[title="Order Number"]').click();
  await page.getByPlaceholder('Search by order number...').fill(order.orderSn);
  await page.getByPlaceholder('Search by order number...').press('Enter');
  await page.getByRole('button', { name: `Order #${order.orderSn}` }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await details.getByRole('button', { name: 'Refund Order' }).click();
  await page.getByRole('button', { name: 'Yes, refund' }).click();

  const stepUp = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(stepUp).toBeVisible();
  const password = stepUp.getByLabel('Password');
  await expect(password).toBeFocused();
  await expectAccessible(page, 'the step-up dialog');
  await page.keyboard.type('a-wrong-password');
  await page.keyboard.press('Enter');
  await expect(stepUp.getByRole('alert')).toHaveText('The password is wrong');
  await expect(password).toBeFocused();
  await expect(password).toHaveValue('');
  expect((await api.get<OrdersList>('/api/admin/orders/orderList', { page: 0, limit: 1, orderSn: order.orderSn })).orders[0].isRefund).toBe(false);

  await page.keyboard.type(op.password);
  await page.keyboard.press('Enter');
  await expect(stepUp).toBeHidden();
  await expect(page.getByText('Order refunded successfully')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Refund Order' })).toHaveCount(0);
  expect((await api.get<OrdersList>('/api/admin/orders/orderList', { page: 0, limit: 1, orderSn: order.orderSn })).orders[0].isRefund).toBe(true);
  await page.context().close();
});
