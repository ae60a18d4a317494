// Accessibility: every screen and every dialog has no serious or critical axe-core
// violation (WCAG 2.1 A/AA), and every dialog works from the keyboard alone: Enter on the control
// that opens it, the focus inside, Tab kept inside, Escape closes it and the focus is back on that
// control.
import type { Locator, Page } from '@playwright/test';
import { dataRows, expect, expectAccessible, signInViaApi, test } from '../support';

test.use({ warmBrowser: true });

test.describe.configure({ timeout: 120_000 });

const content = (page: Page) => page.locator('main');
const firstRow = (page: Page) => dataRows(content(page)).first();

const focusInside = (dialog: Locator) => dialog.evaluate((d) => d.contains(document.activeElement));

/**
 * Presses each key in turn and says, for each, whether the focus was then inside `dialog`: read in
 * the page as the key comes up (the focus has moved by then), so one round trip reads them all. A
 * press that took the focus out of the page (to the browser's own controls) has no key-up there,
 * and reads as outside.
 */
async function focusInsideAfter(page: Page, dialog: Locator, keys: string[]): Promise<boolean[]> {
  type Recorder = { e2eFocus: boolean[]; e2eFocusRecord: (event: KeyboardEvent) => void };
  await dialog.evaluate((d) => {
    const w = window as unknown as Recorder;
    w.e2eFocus = [];
    w.e2eFocusRecord = (event) => void (event.key === 'Tab' && w.e2eFocus.push(d.contains(document.activeElement)));
    document.addEventListener('keyup', w.e2eFocusRecord, true);
  });
  for (const key of keys) await page.keyboard.press(key);
  const inside = await page.evaluate(() => {
    const w = window as unknown as Recorder;
    document.removeEventListener('keyup', w.e2eFocusRecord, true);
    return w.e2eFocus;
  });
  return keys.map((_, i) => inside[i] ?? false);
}

/**
 * Opens a dialog with Enter on `opener` and checks it as a keyboard user meets it; `ready` waits
 * for its content (a dialog that loads checks what it shows, not its spinner). Leaves it closed.
 */
async function checkDialog(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  ready?: (dialog: Locator) => Promise<void>,
  inside?: (dialog: Locator) => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog), { message: `the focus moves into ${name}` }).toBe(true);
  await ready?.(dialog);
  const keys = [...Array<string>(25).fill('Tab'), 'Shift+Tab'];
  const stays = await focusInsideAfter(page, dialog, keys);
  expect(
    keys.map((key, i) => `${i + 1}. ${key}: ${stays[i] ? 'inside' : 'OUTSIDE'}`),
    `Tab and Shift+Tab stay inside ${name}`,
  ).toEqual(keys.map((key, i) => `${i + 1}. ${key}: inside`));
  await expectAccessible(page, `the ${name} dialog`);
  await inside?.(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `the focus returns to what opened ${name}`).toBeFocused();
}

test('the login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'Admin Login');
});

test('Analytics, and sign-out asks first in a dialog', async ({ page }) => {
  await signInViaApi(page, '/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
  await expect(content(page).locator('canvas')).toHaveCount(4);
  await expectAccessible(page, 'Analytics');
  await checkDialog(page, page.locator('.ga-sider-footer').getByRole('button', { name: 'Sign Out' }), /Sign Out|sign out/i);
});

test('Projects: the list, Add New Project, Configure Project and its delete confirmation', async ({ page }) => {
  await signInViaApi(page, '/projects');
  await expect(firstRow(page)).toBeVisible();
  await expectAccessible(page, 'Projects');
  await checkDialog(page, page.getByRole('button', { name: 'Add Project' }), 'Add New Project');
  await checkDialog(page, firstRow(page).getByRole('button', { name: 'Configure' }), 'Configure Project', undefined, async (dialog) => {
    // Its delete confirmation, opened and dismissed with the keyboard inside the dialog.
    await dialog.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Delete this project?' });
    await expect(confirm.getByText('Delete this project?')).toBeVisible();
    await expectAccessible(page, 'the delete confirmation');
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    // Back on Delete, inside the dialog (antd would leave it on the page, where Escape does nothing).
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  });
});

test('Users: the list with every column, Customize Columns, User Details and Add Coins', async ({ page }) => {
  await signInViaApi(page, '/users');
  await expect(firstRow(page)).toBeVisible();
  await expectAccessible(page, 'Users');
  // Customize Columns is a disclosure (a panel of checkboxes), not a dialog: Enter opens it, Space
  // ticks a box, Enter on the toggle closes it.
  const customize = page.getByRole('button', { name: 'Customize Columns' });
  await customize.focus();
  await page.keyboard.press('Enter');
  await expect(customize).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Visible columns' });
  // Listed once the panel shows them (antd's Checkbox loads on first use).
  await expect(panel.getByRole('checkbox', { name: 'Location' })).toBeVisible();
  for (const box of await panel.getByRole('checkbox').all()) {
    if ((await box.isEnabled()) && !(await box.isChecked())) {
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
  }
  await expectAccessible(page, 'Users with every column and the column options');
  await customize.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await checkDialog(page, firstRow(page).getByRole('button').first(), 'User Details', async (dialog) => {
    await expect(dialog.getByText('Recent Orders')).toBeVisible();
    await expect(dialog.getByText('Loading orders...')).toHaveCount(0);
  });
  await checkDialog(page, firstRow(page).getByRole('button', { name: 'Add Coins' }), /Add Coins/);
});

/** A list of orders or payments and a row's details, signed in on that section's page. */
async function listAndDetails(page: Page, section: 'Orders' | 'Payments') {
  await expect(firstRow(page)).toBeVisible();
  await expectAccessible(page, section);
  const noun = section === 'Orders' ? 'Order' : 'Payment';
  await checkDialog(page, firstRow(page).getByRole('button', { name: new RegExp(`^${noun} #`) }), `${noun} Details`);
}

// Each signs in at its section's own path, written out: an affected run finds the journeys that open
// a section by that path (scripts/affected.mjs).
test("Orders: the list and a row's details", async ({ page }) => {
  await signInViaApi(page, '/orders');
  await listAndDetails(page, 'Orders');
});

test("Payments: the list and a row's details", async ({ page }) => {
  await signInViaApi(page, '/payments');
  await listAndDetails(page, 'Payments');
});

test('Settings', async ({ page }) => {
  await signInViaApi(page, '/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'Settings');
});
