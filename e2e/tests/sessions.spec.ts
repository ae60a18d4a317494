// Sessions and step-up: the Sessions tab ends another browser's session and a password
// change ends the other session, each landing that browser on the sign-in screen at its next call
// with a message saying why; a refund asks for the password again (a wrong one is refused with a
// clear message, the right one refunds, keyboard only). Accessibility of the new tab and dialog.
import type { Browser, Locator, Page } from '@playwright/test';
import type { Order, OrdersList } from '@growth-admin/api-contract';
import { adminCredentials, apiCall, chooseOption, dataRows, expect, expectAccessible, motionSettled, openSection, SESSION_STORAGE_KEY, signedApi, signIn, test } from '../support';

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
  const myCard = mine.getByRole('table', { name: 'My sessions' });
  await expect(dataRows(myCard)).toHaveCount(2);
  await expect(myCard.getByText('This session')).toHaveCount(1);
  await expect(myCard.getByText('Firefox 133 on Linux')).toBeVisible();
  await expect(mine.getByText("Every administrator's sessions")).toHaveCount(0); // an operator sees only their own
  await expectAccessible(mine, 'Settings, Sessions');

  await myCard.getByRole('button', { name: /^End session: .* in Firefox 133 on Linux/ }).click();
  await expect(mine.getByText(`Session of ${op.username} in Firefox 133 on Linux ended`)).toBeVisible();
  await expect(dataRows(myCard)).toHaveCount(1);
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
  await chooseOption(page.getByRole('combobox', { name: 'Search by', exact: true }), 'Order Number');
  await page.getByPlaceholder('Search by order number...').fill(order.orderSn);
  await page.getByPlaceholder('Search by order number...').press('Enter');
  await page.getByRole('button', { name: `Order #${order.orderSn}` }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await details.getByRole('button', { name: 'Refund Order' }).click();
  // Once the confirmation has zoomed in, as an administrator would click (a click while it zooms
  // lands on its mask, which keeps it open: seen on a busy machine).
  await motionSettled(page);
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

/** Wrong passwords until the throttle holds this account for the rest of its window (its delays of 1, 2 s waited out). */
async function wrongUntilHeld(page: Page, submit: Locator, alert: Locator, typeWrong: () => Promise<void>) {
  for (let i = 0; i < 12; i++) {
    await expect(submit).toBeEnabled({ timeout: 15_000 });
    await typeWrong();
    await submit.click();
    await expect(alert).toBeVisible();
    if (/Try again in \d+ min/.test(await alert.innerText())) return;
  }
  throw new Error('the throttle never held the account');
}

test('too many wrong passwords at sign-in: the screen says which limit, counts down, and Sign in waits; another account is not held', async ({ browser }) => {
  const op = await newOperator();
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await page.getByLabel('Username').fill(op.username);
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  const alert = page.getByRole('alert');
  await wrongUntilHeld(page, signInButton, alert, () => page.getByLabel('Password').fill('not-the-password'));
  await expect(alert).toHaveText(/^Too many wrong passwords for this account from your network\. Try again in 1[45] min( \d+ s)?\.$/);
  await expect(signInButton).toBeDisabled();
  const said = await alert.innerText();
  await expect(alert).not.toHaveText(said); // a live countdown
  await expect(page.getByText(/Invalid username or password|failed/)).toHaveCount(0);
  await expectAccessible(page, 'Admin Login, held by the password throttle');
  // The right password is not checked either while the account is held here...
  await page.getByLabel('Password').fill(op.password);
  await expect(signInButton).toBeDisabled();
  // ...but the limit is this account's: another one signs in from the same network.
  const admin = adminCredentials();
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await expect(alert).toHaveCount(0);
  await signInButton.click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
  await page.context().close();
});

test('too many wrong passwords at step-up: the dialog says so, counts down, and Confirm waits', async ({ browser }) => {
  test.slow();
  const op = await newOperator();
  const api = await signedApi();
  const { orders } = await api.get<OrdersList>('/api/admin/orders/orderList', { page: 7, limit: 20, status: 'completed' });
  const order = orders.find((o) => o.isComplete && !o.isRefund) as Order;
  const page = await browserAs(browser, op);
  const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').token as string, SESSION_STORAGE_KEY);
  await expect(apiCall('POST', '/api/admin/account/reauthenticate', { token, body: { password: 'not-the-password' } })).rejects.toMatchObject({ status: 403 });

  await openSection(page, 'Orders');
  await chooseOption(page.getByRole('combobox', { name: 'Search by', exact: true }), 'Order Number');
  await page.getByPlaceholder('Search by order number...').fill(order.orderSn);
  await page.getByPlaceholder('Search by order number...').press('Enter');
  await page.getByRole('button', { name: `Order #${order.orderSn}` }).click();
  await page.getByRole('dialog', { name: 'Order Details' }).getByRole('button', { name: 'Refund Order' }).click();
  // Once the confirmation has zoomed in, as the journey above (a click during the zoom is lost on a busy machine).
  await motionSettled(page);
  await page.getByRole('button', { name: 'Yes, refund' }).click();

  const stepUp = page.getByRole('dialog', { name: 'Confirm your password' });
  const confirm = stepUp.getByRole('button', { name: 'Confirm' });
  const alert = stepUp.getByRole('alert');
  await wrongUntilHeld(page, confirm, alert, () => stepUp.getByLabel('Password').fill('not-the-password'));
  await expect(alert).toHaveText(/^Too many wrong passwords in this session\. Try again in 1[45] min( \d+ s)?\.$/);
  await expect(confirm).toBeDisabled();
  const said = await alert.innerText();
  await expect(alert).not.toHaveText(said);
  await expectAccessible(page, 'the step-up dialog, held by the password throttle');
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(stepUp).toBeHidden();
  expect((await api.get<OrdersList>('/api/admin/orders/orderList', { page: 0, limit: 1, orderSn: order.orderSn })).orders[0].isRefund).toBe(false);
  await page.context().close();
});
