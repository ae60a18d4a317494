// A remote's standalone page (its dist/index.html, what `pnpm --filter <pkg> dev` serves): the team
// signs in and gets the sections its remote.json declares, with their labels and in their order,
// each section's code found by the module remote.json names (nothing lists them a second time).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminCredentials, expect, expectAccessible, REPO, systemInfo, test } from '../support';

type RemoteJson = { sections: { label: string; order: number }[] };
const declared = (pkg: string) => JSON.parse(readFileSync(join(REPO, 'packages', pkg, 'remote.json'), 'utf8')) as RemoteJson;

test("orders' standalone page: its two sections from remote.json, behind a sign-in", async ({ page }) => {
  const labels = [...declared('orders-mfe').sections].sort((a, b) => a.order - b.order).map((s) => s.label);
  expect(labels).toEqual(['Orders', 'Payments']);

  await page.goto(`${systemInfo().remoteUrls.orders}/`);
  await expect(page).toHaveTitle('Orders (standalone)');
  const { username, password } = adminCredentials();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const switcher = page.getByRole('radiogroup');
  for (const label of labels) await expect(switcher.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: labels[0] })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible(); // the section's own code ran
  await expectAccessible(page, "orders' standalone page");

  await switcher.getByText(labels[1], { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels[1] })).toBeVisible();
});
