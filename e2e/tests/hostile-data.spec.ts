// Hostile data everywhere (support/hostileData.ts): every free-text column of projects, persons and
// orders holds markup and script, written straight into the database. An administrator visits every
// section, hovers every chart in every period and opens every row dialog; nothing may run (no
// script, no CSP or Trusted Types violation, no element built from the data) and every screen renders,
// showing the payloads as text.
import type { Page } from '@playwright/test';
import { drawnOptions, expect, signIn, test } from '../support';
import { HOSTILE_NAME, HOSTILE_PRODUCT_TYPE, HOSTILE_PROJECT_NAME, HOSTILE_REGION, HOSTILE_SHOPPING_USER, startHostileSystem } from '../support/hostileData';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ warmBrowser: true });

let system: Awaited<ReturnType<typeof startHostileSystem>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  system = await startHostileSystem();
});
test.afterAll(async () => system?.stop());

const content = (page: Page) => page.locator('.ga-content');

/** Nothing from the data became an element or ran. */
async function expectNothingRan(page: Page) {
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: string }).__xss ?? null,
    injected: [...document.querySelectorAll('[onerror], [onload], img[src="x"], script:not([src]), iframe')].map((e) => e.outerHTML.slice(0, 120)),
  }));
  expect(found).toEqual({ xss: null, injected: [] });
}

const CHARTS = ['User Activity', 'Order Distribution', 'Revenue by Product Type', 'Regional Distribution'];
/** The charts whose tooltip is the axis's: every series at the nearest bucket, whatever the height. */
const AXIS_TOOLTIPS = new Set(['User Activity', 'Order Distribution']);

/**
 * Moves the mouse over a grid of points of every chart canvas, so every tooltip shows: the pies'
 * slices across the whole canvas, the axis charts' buckets along one line across it.
 */
async function hoverEveryChart(page: Page): Promise<string> {
  let tooltips = '';
  for (const title of CHARTS) {
    const chart = page.getByRole('img', { name: title });
    const canvas = chart.locator('canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    for (const fx of [0.2, 0.35, 0.5, 0.65, 0.8]) {
      for (const fy of AXIS_TOOLTIPS.has(title) ? [0.5] : [0.3, 0.5, 0.7]) {
        await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
        tooltips += await chart.evaluate((el) => el.textContent ?? '');
      }
    }
  }
  return tooltips;
}

test('the dashboard: cards and charts render, and every tooltip in every period shows the data as text', async ({ page }) => {
  await signIn(page, { path: system.shellUrl });
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  let tooltips = '';
  for (const period of ['Hourly', 'Daily', 'Weekly']) {
    await page.getByText(period, { exact: true }).click();
    await expect(page.getByRole('radio', { name: period })).toBeChecked();
    await expect(page.getByRole('status', { name: 'Loading analytics' })).toBeHidden({ timeout: 30_000 });
    for (const title of CHARTS) await expect(page.getByRole('img', { name: title }).locator('canvas')).toBeVisible();
    tooltips += await hoverEveryChart(page);
    await expectNothingRan(page);
  }
  // The hostile region and product type are the biggest slices: their tooltips showed them as text.
  expect(tooltips).toContain(HOSTILE_REGION);
  expect(tooltips).toContain(HOSTILE_PRODUCT_TYPE);
});

test('projects: the list and the Configure dialog show every field as text', async ({ page }) => {
  await signIn(page, { path: `${system.shellUrl}/projects` });
  const row = content(page).getByRole('row').filter({ hasText: HOSTILE_PROJECT_NAME });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`ID: ${'<img src=x onerror="window.__xss=\'projects.project_id\'">'}`);
  await content(page).getByRole('combobox').last().click(); // the team dropdown lists the hostile team as text
  await expect(drawnOptions(page).filter({ hasText: '<img src=x onerro' })).toBeVisible();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Configure' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Project Name')).toHaveValue(HOSTILE_PROJECT_NAME);
  await expectNothingRan(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNothingRan(page);
});

test('users: every column, the details and Add Coins show the person as text', async ({ page }) => {
  await signIn(page, { path: `${system.shellUrl}/users` });
  await expect(content(page).getByText(HOSTILE_NAME).first()).toBeVisible();
  // Every optional column on.
  await page.getByRole('button', { name: 'Customize Columns' }).click();
  // The column checkboxes are listed once the panel shows them (antd's Checkbox loads on first use).
  await expect(page.getByRole('checkbox', { name: 'Location' })).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked()) && (await box.isEnabled())) await box.check();
  await page.keyboard.press('Escape');
  await expect(content(page).getByText("persons.country_code").first()).toBeVisible();
  await expectNothingRan(page);
  await content(page).getByText(HOSTILE_NAME).first().click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(HOSTILE_NAME).first()).toBeVisible();
  await expect(details.getByText('Recent Orders')).toBeVisible();
  await expect(details.getByText(/Order #/).first()).toBeVisible();
  await expectNothingRan(page);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await content(page).getByRole('row').filter({ hasText: HOSTILE_NAME }).first().getByRole('button', { name: 'Add Coins' }).click();
  await expect(page.getByRole('dialog')).toContainText(HOSTILE_NAME);
  await expectNothingRan(page);
});

for (const section of ['Orders', 'Payments'] as const) {
  test(`${section.toLowerCase()}: the list and every row's details show the order as text`, async ({ page }) => {
    await signIn(page, { path: `${system.shellUrl}/${section.toLowerCase()}` });
    const rows = content(page).getByRole('row').filter({ hasText: HOSTILE_SHOPPING_USER });
    await expect(rows.first()).toBeVisible();
    const count = Math.min(await rows.count(), 3);
    for (let i = 0; i < count; i++) {
      await rows.nth(i).getByText(/(Order|Payment) #/).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(HOSTILE_SHOPPING_USER);
      await expectNothingRan(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await expectNothingRan(page);
  });
}

test('settings renders too', async ({ page }) => {
  await signIn(page, { path: `${system.shellUrl}/settings` });
  await expect(content(page).getByRole('heading', { name: 'Settings' }).first()).toBeVisible();
  await expectNothingRan(page);
});
