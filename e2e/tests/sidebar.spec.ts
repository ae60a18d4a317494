// A sidebar of fifty sections stays usable: a team's remote adds 44 sections to the 6 built in (the
// example remote's build under five names, each with ten sections or fewer, released with their own tokens), and an administrator
// finds one by keyboard with the sidebar's filter (docs/screens.md, 2.1): typing narrows the list and
// says how many are left, Enter opens the first, ArrowDown reaches the list, Escape empties the box;
// no serious or critical axe violation with fifty sections or with the filter in use.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { editedBuild, expect, expectAccessible, releaseCommand, REPO, signedApi, systemInfo, test } from '../support';

const TICKETS_DIST = join(REPO, 'examples/tickets/dist');
const run = Date.now().toString(36);
const ADDED = 44;
const label = (i: number) => `Desk ${String(i).padStart(2, '0')}`;

// A remote declares at most 10 sections (the gate's rule): the 44 come from five remotes.
const REMOTES = ['desks1', 'desks2', 'desks3', 'desks4', 'desks5'];
const PER_REMOTE = 10;

test.describe.serial('a sidebar of fifty sections', () => {
  test.beforeAll(async () => {
    const owner = await signedApi();
    for (const [r, remote] of REMOTES.entries()) {
      const created = await owner.post<{ deployToken: { token: string } }>('/api/admin/remotes', { name: remote, team: 'Desks', origin: new URL(systemInfo().storeUrl).origin });
      const numbers = Array.from({ length: ADDED }, (_, i) => i + 1).slice(r * PER_REMOTE, (r + 1) * PER_REMOTE);
      /* eslint-disable @typescript-eslint/no-explicit-any -- a build's JSON files are edited as plain JSON */
      const build = editedBuild(TICKETS_DIST, `${remote}-${run}`, '', {
        everyFile: (text) => text.replaceAll('webpackChunktickets', `webpackChunk${remote}`).replace(/\btickets\b/g, remote),
        meta: (m: any) => {
          const [section] = m.sections;
          m.sections = numbers.map((n) => ({ ...section, path: `desk-${String(n).padStart(2, '0')}`, label: label(n), icon: 'tools', leastRole: 'viewer', order: 100 + n }));
          m.contributions = [];
        },
      });
      /* eslint-enable @typescript-eslint/no-explicit-any */
      const released = await releaseCommand(['release', remote, '--dist', build, '--version', `1.0.0-${run}`], created.deployToken.token);
      expect(released.err).toBe('');
    }
  });

  test.afterAll(async () => {
    // Nothing of them stays for the journeys after this file.
    const owner = await signedApi();
    for (const remote of REMOTES) await owner.post(`/api/admin/remotes/${remote}/decommission`);
  });

  const menu = (page: Page) => page.getByRole('menu');

  test('filtered by keyboard: narrowed as typed, Enter opens the first match, ArrowDown reaches the list, Escape empties the box', async ({ signedInPage: page }) => {
    await expect(menu(page).getByRole('link', { name: label(ADDED), exact: true })).toBeAttached();
    await expect(menu(page).getByRole('link')).toHaveCount(6 + ADDED);
    await expectAccessible(page, 'a sidebar of fifty sections');

    const filter = page.getByRole('searchbox', { name: 'Filter sections' });
    await filter.focus();
    await page.keyboard.type('desk 37');
    await expect(page.getByRole('status').filter({ hasText: 'sections' })).toHaveText(`1 of ${6 + ADDED} sections`);
    await expect(menu(page).getByRole('link')).toHaveText([label(37)]);
    await expectAccessible(page, 'the sidebar filtered');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/desk-37$/);
    await expect(filter).toHaveValue('');

    await filter.focus();
    await page.keyboard.type('desk 4');
    await expect(menu(page).getByRole('link')).toHaveText([40, 41, 42, 43, 44].map(label));
    await page.keyboard.press('ArrowDown');
    await expect(menu(page).getByRole('link', { name: label(40), exact: true })).toBeFocused();

    await filter.focus();
    await page.keyboard.type('x');
    await expect(page.getByText('No section matches "desk 4x"')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(filter).toHaveValue('');
    await expect(menu(page).getByRole('link')).toHaveCount(6 + ADDED);
  });
});
