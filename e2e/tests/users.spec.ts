// Users journeys: find a seeded user by name and by user ID, open the details with
// that user's recent orders, add 25 coins and see the balance rise by exactly 25 (in the row,
// the details and the API), top up from the details with the keyboard alone, and show a hidden
// column that stays shown after a reload.
// Every value is read from the API first; nothing depends on particular seeded ids.
import type { Locator, Page } from '@playwright/test';
import type { Order, Person, PersonsList } from '@growth-admin/api-contract';
import { chooseOption, dataRows, expect, signedApi, test } from '../support';

// Shared CI machines can be slow: these journeys drive several dialogs and lookups.
test.describe.configure({ timeout: 90_000 });
test.use({ warmBrowser: true, signedInAt: '/users' });

const userRows = (page: Page) => dataRows(page.getByRole('main'));
const rowOf = (page: Page, customId: string) =>
  userRows(page).filter({ hasText: `ID: ${customId}` });
const coins = (n: number) => `${n.toLocaleString('en-US')} coins`;

/** The Users section as signedInPage opens it (signedInAt above): its header and first row shown. */
async function usersShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText('Manage user accounts and balances')).toBeVisible();
  await expect(userRows(page).first()).toBeVisible();
}

async function chooseSearchType(page: Page, label: 'Username' | 'User ID') {
  await chooseOption(page.getByRole('combobox', { name: 'Search type' }), label);
  await expect(
    page.getByPlaceholder(label === 'User ID' ? 'Search by user ID...' : 'Search by username...'),
  ).toBeVisible();
}

async function searchById(page: Page, customId: string) {
  await chooseSearchType(page, 'User ID');
  const box = page.getByPlaceholder('Search by user ID...');
  await box.fill(customId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 users')).toBeVisible();
  await expect(userRows(page)).toHaveCount(1);
  return rowOf(page, customId);
}

/** Opens a user's details from their row (by the name button) and returns the dialog. */
async function openDetails(page: Page, row: Locator, person: Person) {
  await row
    .getByRole('button', { name: person.customName || `User ${person.customId}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'User Details' });
  // Settled as the user sees it: the recent orders load after the dialog opens and push its footer
  // (Add Coins, Close) down, so a click aimed before that can land where the button was.
  await expect(dialog.getByText('Recent Orders')).toBeVisible();
  await expect(dialog.getByText('Loading orders...')).toHaveCount(0);
  return dialog;
}

/** A seeded user who has orders, with those orders as the API lists them for the details. */
async function userWithOrders() {
  const api = await signedApi();
  const { orders } = await api.get<{ orders: Order[] }>('/api/admin/orders/orderList', {
    page: 0,
    limit: 1,
  });
  expect(orders.length).toBeGreaterThan(0);
  const person = await api.get<Person>('/api/admin/persons/query', { id: orders[0].personId });
  const recent = await api.get<{ orders: Order[] }>('/api/admin/orders/orderList', {
    personId: person._id,
    limit: 10,
    page: 0,
  });
  return { person, recent: recent.orders };
}

test('finds a seeded user by name and by user ID; an unknown ID shows an empty list', async ({
  signedInPage: page,
}) => {
  const api = await signedApi();
  const all = await api.get<PersonsList>('/api/admin/persons/list', { page: 1, pageSize: 20 });
  const person = all.list.find((p) => p.customName) as Person;
  expect(person).toBeTruthy();

  await usersShown(page);
  await expect(
    page.getByText(`Showing 1 to ${Math.min(20, all.total)} of ${all.total} users`),
  ).toBeVisible();
  await expect(page.getByText(`Page 1 of ${Math.max(1, Math.ceil(all.total / 20))}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText([
    'User',
    'Coins & Points',
    'Platform',
    'Last Updated',
    'Actions',
  ]);

  // By username, with Enter.
  const byName = await api.get<PersonsList>('/api/admin/persons/list', {
    page: 1,
    pageSize: 20,
    customName: person.customName,
  });
  const box = page.getByPlaceholder('Search by username...');
  await box.fill(person.customName);
  await box.press('Enter');
  await expect(
    page.getByText(`Showing 1 to ${Math.min(20, byName.total)} of ${byName.total} users`),
  ).toBeVisible();
  await expect(rowOf(page, person.customId)).toContainText(person.customName);

  // By user ID: one lookup, one row.
  const row = await searchById(page, person.customId);
  await expect(row).toContainText(person.customName);
  await expect(row).toContainText(coins(person.money));

  // An ID nobody has: the lookup fails and the list is empty.
  await page.getByPlaceholder('Search by user ID...').fill('no-such-user-000');
  await page.getByPlaceholder('Search by user ID...').press('Enter');
  await expect(page.getByText('No users found matching your criteria')).toBeVisible();
  await expect(page.getByText('Showing 0 to 0 of 0 users')).toBeVisible();

  // A user's internal record number is not their ID: it finds nobody (it found that user, whose ID
  // the screen shows as another number, and Add Coins went to a stranger).
  expect(all.list.some((p) => p.customId === person._id), 'a record number that is nobody\'s ID').toBe(false);
  await expect(await searchById(page, person.customId)).toContainText(person.customName); // (found again first)
  await page.getByPlaceholder('Search by user ID...').fill(person._id);
  await page.getByPlaceholder('Search by user ID...').press('Enter');
  await expect(page.getByText('No users found matching your criteria')).toBeVisible();
  await expect(page.getByText('Showing 0 to 0 of 0 users')).toBeVisible();
});

test("opens a user's details with their recent orders", async ({ signedInPage: page }) => {
  const { person, recent } = await userWithOrders();
  await usersShown(page);
  const row = await searchById(page, person.customId);
  const details = await openDetails(page, row, person);
  await expect(details).toBeVisible();
  await expect(details.getByText(`ID: ${person.customId}`)).toBeVisible();
  await expect(details.getByText(/^Level \d+$/)).toBeVisible();
  for (const label of [
    'Balance',
    'Points',
    'Platform',
    'Account Privacy',
    'Location',
    'Last Updated',
    'Followers',
    'Following',
    'Ad Views',
    'Last Ad View',
    'Used Apps',
    'Recent Orders',
  ]) {
    await expect(details.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(details.getByTestId('details-balance')).toHaveText(coins(person.money));
  const orders = details.getByRole('region', { name: 'Recent Orders' });
  for (const order of recent)
    await expect(orders.getByText(`Order #${order.orderSn}`)).toBeVisible();
  await expect(orders.getByRole('listitem')).toHaveCount(recent.length);

  // The footer's Close, the one with that text (the corner X is named 'Close' too).
  await details.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(details).toBeHidden();
});

test('adding 25 coins raises the balance by exactly 25 in the row, the details and the API', async ({
  signedInPage: page,
}) => {
  const api = await signedApi();
  const all = await api.get<PersonsList>('/api/admin/persons/list', { page: 1, pageSize: 20 });
  const target = all.list[all.list.length - 1];
  const before = (await api.get<Person>('/api/admin/persons/query', { id: target.customId })).money;

  await usersShown(page);
  const row = await searchById(page, target.customId);
  await expect(row).toContainText(coins(before));

  await row.getByRole('button', { name: /^Add Coins/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Coins' });
  await expect(dialog.getByTestId('add-coins-balance')).toHaveText(before.toLocaleString('en-US'));
  const amount = dialog.getByLabel('Amount to Add');

  // A bad amount is refused with the spec's message and nothing changes.
  await amount.fill('0');
  await amount.press('Enter');
  await expect(dialog.getByText('Please enter a valid amount greater than 0')).toBeVisible();

  await amount.fill('25');
  await dialog.getByRole('button', { name: 'Add Coins' }).click();
  await expect(page.getByText('Money added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(coins(before + 25));

  const after = (await api.get<Person>('/api/admin/persons/query', { id: target.customId })).money;
  expect(after - before).toBe(25);

  const details = await openDetails(page, row, target);
  await expect(details.getByTestId('details-balance')).toHaveText(coins(before + 25));
});

test('tops up from the details with the keyboard alone: the amount field has the focus', async ({
  signedInPage: page,
}) => {
  const api = await signedApi();
  const { list } = await api.get<PersonsList>('/api/admin/persons/list', { page: 1, pageSize: 20 });
  const target = list[Math.floor(list.length / 2)];
  const before = (await api.get<Person>('/api/admin/persons/query', { id: target.customId })).money;

  await usersShown(page);
  const row = await searchById(page, target.customId);
  const details = await openDetails(page, row, target);
  await details.getByRole('button', { name: /^Add Coins/ }).click();

  // Opened on top of the details: the focus must be in its amount field, not held by the details.
  const dialog = page.getByRole('dialog', { name: 'Add Coins' });
  await expect(dialog.getByLabel('Amount to Add')).toBeFocused();
  // Tab stays within it (the details beneath must not take the focus back).
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByLabel('Amount to Add')).toBeFocused();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(details.getByTestId('details-balance')).toHaveText(coins(before + 7));
  const after = (await api.get<Person>('/api/admin/persons/query', { id: target.customId })).money;
  expect(after - before).toBe(7);

  // Back in the details, which hold the focus again: Escape closes them.
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('shows a hidden column, and the choice survives a reload', async ({ signedInPage: page }) => {
  const api = await signedApi();
  const { list } = await api.get<PersonsList & { list: Array<Person & { watcherCount: number }> }>(
    '/api/admin/persons/list',
    { page: 1, pageSize: 20 },
  );
  await usersShown(page);
  const headers = page.getByRole('main').getByRole('columnheader');
  await expect(headers).not.toContainText(['Followers']);

  await page.getByRole('button', { name: 'Customize Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'User' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Followers' }).check();
  const withFollowers = [
    'User',
    'Coins & Points',
    'Platform',
    'Followers',
    'Last Updated',
    'Actions',
  ];
  await expect(headers).toHaveText(withFollowers);
  await expect(rowOf(page, list[0].customId).locator('td').nth(3)).toHaveText(
    list[0].watcherCount.toLocaleString('en-US'),
  );

  await page.reload();
  await expect(userRows(page).first()).toBeVisible();
  await expect(headers).toHaveText(withFollowers);
});

test('a dialog closed with Escape gives the focus back to the button that opened it', async ({ signedInPage: page }) => {
  await usersShown(page);
  const addCoins = userRows(page).first().getByRole('button', { name: /^Add Coins to / });
  await addCoins.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Coins' });
  await expect(dialog.getByLabel('Amount to Add')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addCoins).toBeFocused();
});
