// Settings and roles: an owner adds a viewer in Settings; the viewer signs in and is
// offered no Add Coins, Refund Order, Add Project or Configure, and the API refuses them; the owner
// disables the viewer and the viewer's open tab lands on the login screen at its next call; the
// audit log shows every step. Accessibility of the new tabs is checked on the way.
import type { Page } from '@playwright/test';
import { apiCall, apiLogin, dataRows, expect, expectAccessible, openSection, signIn, test } from '../support';

const content = (page: Page) => page.locator('main');

test('an owner adds a viewer, who may only read; disabled, the viewer is signed out at the next call', async ({ browser }) => {
  test.slow(); // two browsers, many screens
  const viewerName = `viewer${Date.now().toString(36)}`;
  const viewerPassword = 'a-long-viewer-password';

  // The owner, in Settings → Administrators.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner);
  await openSection(owner, 'Settings');
  await expect(owner.getByRole('tab', { name: 'Account' })).toBeVisible();
  await expectAccessible(owner, 'Settings, Account');
  await owner.getByRole('tab', { name: 'Administrators' }).click();
  await owner.getByRole('button', { name: 'Add administrator' }).click();
  const add = owner.getByRole('dialog', { name: 'Add administrator' });
  await add.getByLabel('Username').fill(viewerName);
  await add.getByLabel('Password').fill('short');
  await add.getByRole('button', { name: 'Add administrator' }).click();
  await expect(add.getByText('The password must have at least 12 characters and must not contain the username')).toBeVisible();
  await add.getByLabel('Password').fill(viewerPassword);
  await add.getByRole('button', { name: 'Add administrator' }).click();
  await expect(add).toBeHidden();
  const row = content(owner).getByRole('row').filter({ hasText: viewerName });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('combobox', { name: `Role of ${viewerName}` })).toBeVisible();
  await expectAccessible(owner, 'Settings, Administrators');

  // The viewer, in another browser: reads everything, is offered nothing that changes.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, { username: viewerName, password: viewerPassword });
  await openSection(viewer, 'Users');
  await expect(dataRows(content(viewer)).first()).toBeVisible();
  await expect(content(viewer).getByRole('button', { name: /Add Coins/ })).toHaveCount(0);
  await openSection(viewer, 'Projects');
  await expect(dataRows(content(viewer)).first()).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Add Project/ })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Configure/ })).toHaveCount(0);
  await openSection(viewer, 'Orders');
  await content(viewer).getByRole('button', { name: /^Order #/ }).first().click();
  await expect(viewer.getByRole('dialog', { name: 'Order Details' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Refund Order' })).toHaveCount(0);
  await viewer.keyboard.press('Escape');
  await openSection(viewer, 'Settings');
  await expect(viewer.getByRole('tab', { name: 'Administrators' })).toHaveCount(0);

  // And the API refuses them, whatever the screens offer.
  const session = await apiLogin({ username: viewerName, password: viewerPassword });
  const refused = await apiCall('POST', '/api/admin/persons/add-money', { token: session.token, body: { personId: '1', amount: 5 } }).catch((err) => err);
  expect(refused).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });

  // The owner disables the viewer: the viewer's open tab is signed out at its next call.
  await row.getByRole('button', { name: 'Disable' }).click();
  await owner.getByRole('button', { name: 'Disable' }).last().click();
  await expect(row).toContainText('Disabled');
  await openSection(viewer, 'Users');
  await expect(viewer.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The audit log shows every step.
  await owner.getByRole('tab', { name: 'Audit log' }).click();
  await owner.getByPlaceholder('Search target or summary...').fill(viewerName);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  const log = content(owner).getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText(`Added ${viewerName} as viewer`);
  await expect(log).toContainText('disabled; ');
  await expectAccessible(owner, 'Settings, Audit log');

  await ownerContext.close();
  await viewerContext.close();
});
