// Preview releases, as a team and the administrators live them (docs/releases.md "Preview releases"):
// a team's build that adds a section and a dashboard card is published as a preview with its own
// deploy token; administrator A opens its link, signs in and sees the banner, the section and the
// card, while B, signed in at the same time, sees none of it, and a viewer with the link only what
// a viewer may; a second link puts a second remote in preview at once; an owner deletes that one in
// Settings → Remotes (a dialog the keyboard works) and A's banner says so; A exits the first in place
// and has the normal panel; an expired preview says so, and links the server refuses (forged, or to
// a preview the retention removed) say why. A build the gate refuses gets no preview, and another
// remote's token cannot make one. The team's build is the example remote's (examples/tickets) under
// the name `helpdesk`, which no other journey uses.
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { deleteExpiredPreviews } from '@growth-admin/admin-api/dist/controlPlane/releases/previews';
import {
  apiCall,
  apiLogin,
  editedBuild,
  expect,
  expectAccessible,
  openSection,
  releaseCommand,
  REPO,
  seedSession,
  SESSION_STORAGE_KEY,
  signedApi,
  signIn,
  systemInfo,
  test,
  whileApiStopped,
} from '../support';

const TICKETS_DIST = join(REPO, 'examples/tickets/dist');
const PROJECTS_DIST = join(REPO, 'packages/projects-mfe/dist');
const run = Date.now().toString(36);
const PASSWORD = 'a-long-preview-password';
const ACTIVE = `1.0.0-${run}`;
const PREVIEW = `1.1.0-${run}`;
const PROJECTS_PREVIEW = `2.0.0-${run}`;
/** What the preview adds: a section (operators and up), its subtitle, and a dashboard card (everyone). */
const SECTION = 'Helpdesk';
const SECTION_SUBTITLE = 'Orders that ended in an error, to follow up';
const CARD = 'Helpdesk Requests';
const PROJECTS_SUBTITLE = 'Manage your projects and their configurations';
const PROJECTS_PREVIEWED = 'Manage your projects: a preview build';

/* eslint-disable @typescript-eslint/no-explicit-any -- a build's JSON files are edited as plain JSON */
/**
 * The example remote's build under the name `helpdesk` (its federation name, chunk list and files),
 * its card titled CARD; `meta` says what this build adds to the shell, `usage` what it needs of it.
 */
function helpdeskBuild(name: string, meta: (m: any) => void, usage?: (u: any) => void): string {
  return editedBuild(TICKETS_DIST, `helpdesk-${name}-${run}`, '', {
    everyFile: (text) =>
      text
        .replaceAll('webpackChunktickets', 'webpackChunkhelpdesk')
        .replace(/\btickets\b/g, 'helpdesk')
        .replaceAll('"Open Tickets"', `"${CARD}"`),
    meta: (m) => {
      m.sections = m.sections.map((s: any) => ({ ...s, label: SECTION, icon: 'tickets' }));
      m.contributions = m.contributions.map((c: any) => ({ ...c, label: c.slot === 'dashboard.cards' ? 'Helpdesk requests' : SECTION }));
      meta(m);
    },
    usage,
  });
}
/* eslint-enable @typescript-eslint/no-explicit-any */

// A slot's contributions load once the browser is idle after the dashboard has drawn.
const eventually = expect.configure({ timeout: 45_000 });
const menu = (page: Page) => page.getByRole('menu');
const banner = (page: Page) => page.getByRole('region', { name: 'Preview releases' });
const dashboardReady = (page: Page) => eventually(page.getByText('Active Users')).toBeVisible();
const lastLine = (out: string) => out.trim().split('\n').at(-1) ?? '';

async function administrator(role: 'operator' | 'viewer', name: string): Promise<string> {
  const username = `${name}-${run}`;
  await (await signedApi()).post('/api/admin/administrators', { username, role, password: PASSWORD });
  return username;
}

/** Opens `link` in a fresh browser of `username`'s, signs in on the login screen it shows, and waits for the layout. */
async function signInFromLink(page: Page, link: string, username: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(page.url()).not.toContain('preview='); // out of the address bar at once, kept by the tab
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Logged in as')).toBeVisible();
}

/** The runtime config the page's session gets, asked from Node with the token the tab holds. */
async function configOf(page: Page) {
  const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? '{}') as { token: string };
  return apiCall<{ releases: Record<string, { version: string; preview?: string }>; previews?: Array<{ remote: string; status: string }> }>('GET', '/api/runtime-config', {
    token: session.token,
  });
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe.serial('preview releases', () => {
  let token = '';
  let link = '';
  let projectsLink = '';
  let operatorA = '';

  test.beforeAll(async () => {
    const owner = await signedApi();
    const created = await owner.post<{ deployToken: { token: string } }>('/api/admin/remotes', { name: 'helpdesk', team: 'Helpdesk', origin: new URL(systemInfo().storeUrl).origin });
    token = created.deployToken.token;
    // Live for everyone: only a User Details tab. The preview adds the section and the card.
    const active = helpdeskBuild('active', (m) => {
      m.sections = [];
      m.contributions = m.contributions.filter((c: { slot: string }) => c.slot === 'user.details.tabs');
    });
    const released = await releaseCommand(['release', 'helpdesk', '--dist', active, '--version', ACTIVE], token);
    expect(released.err).toBe('');

    // The team's pull request, published with its own token: the command's last line is the link.
    const preview = await releaseCommand(['release', 'helpdesk', '--dist', helpdeskBuild('preview', () => undefined), '--version', PREVIEW, '--preview', 'pr-42', '--notes', 'a section and a card'], token);
    expect(preview.err).toBe('');
    expect(preview.out).toContain(`helpdesk preview pr-42: ${PREVIEW}, expires `);
    link = lastLine(preview.out);
    expect(link).toMatch(new RegExp(`^${systemInfo().baseUrl}/\\?preview=pv1\\.[\\w-]+\\.[\\w-]+$`));

    // Another team's preview (npm start's token), for two previews at once.
    const projects = editedBuild(PROJECTS_DIST, `projects-preview-${run}`, `"${PROJECTS_SUBTITLE}"`, { chunk: (c) => c.replace(`"${PROJECTS_SUBTITLE}"`, `"${PROJECTS_PREVIEWED}"`) });
    const projectsPreview = await releaseCommand(['release', 'projects', '--dist', projects, '--version', PROJECTS_PREVIEW, '--preview', 'pr-7']);
    expect(projectsPreview.err).toBe('');
    projectsLink = lastLine(projectsPreview.out);
    operatorA = await administrator('operator', 'preview-a');
  });

  test.afterAll(async () => {
    // Nothing of it stays for the journeys after this file.
    await (await signedApi()).post('/api/admin/remotes/helpdesk/decommission');
  });

  test('a build the gate refuses gets no preview; another remote’s token cannot make one (403)', async () => {
    const refused = helpdeskBuild('refused', () => undefined, (u) => u.uses.push('exportOfANewerShell'));
    const gate = await releaseCommand(['release', 'helpdesk', '--dist', refused, '--version', `1.2.0-${run}`, '--preview', 'pr-43'], token);
    expect(gate.code).toBe(1);
    expect(gate.err).toContain(`helpdesk 1.2.0-${run} cannot be released: it uses @growth-admin/shared-client exports the active shell does not provide: exportOfANewerShell`);

    const orders = await (await signedApi()).post<{ token: string }>('/api/admin/deploy-tokens', { name: `orders-ci-${run}`, remote: 'orders' });
    const elsewhere = await releaseCommand(['release', 'helpdesk', '--dist', refused, '--version', `1.3.0-${run}`, '--preview', 'pr-44'], orders.token);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.err).toContain('DEPLOY_TOKEN_SCOPE');

    const labels = (await (await signedApi()).get<Array<{ label: string }>>('/api/admin/releases/helpdesk/previews')).map((p) => p.label);
    expect(labels).toEqual(['pr-42']);
  });

  test('A opens the link, signs in and gets the banner, the section and the card; B, signed in at the same time, gets none of it; a viewer gets no operator-only section; a second link previews a second remote at once; deleted in Settings, A is told; A exits in place', async ({ page, browser }) => {
    test.slow();
    const [operatorB, viewer] = [await administrator('operator', 'preview-b'), await administrator('viewer', 'preview-v')];
    const b = await newPage(browser);
    await signIn(b, { username: operatorB, password: PASSWORD });
    await dashboardReady(b);

    await signInFromLink(page, link, operatorA);
    const notice = banner(page).getByRole('status').filter({ hasText: 'helpdesk' });
    await expect(notice).toContainText(`Preview of helpdesk ${PREVIEW} (pr-42)`);
    await expect(notice).toContainText('Only this browser session gets this build; other administrators see the active release.');
    await expect(notice.getByRole('button', { name: 'Exit preview' })).toBeVisible();
    await dashboardReady(page);
    await eventually(page.getByText(CARD)).toBeVisible();
    await expectAccessible(page, 'the dashboard with the preview banner and card');
    await menu(page).getByRole('link', { name: SECTION, exact: true }).click();
    await expect(page.getByText(SECTION_SUBTITLE)).toBeVisible();
    expect((await configOf(page)).releases.helpdesk).toEqual(expect.objectContaining({ version: PREVIEW, preview: 'pr-42' }));

    // B, at the same time: the active release, nothing of the preview.
    await b.reload();
    await dashboardReady(b);
    await expect(menu(b).getByRole('link', { name: 'Analytics', exact: true })).toBeVisible();
    await expect(menu(b).getByRole('link', { name: SECTION, exact: true })).toHaveCount(0);
    // Slot contributions render (loading, then drawn) in the same update as the stat cards: none is here.
    await expect(b.getByLabel('Loading Helpdesk requests (helpdesk)')).toHaveCount(0);
    await expect(b.getByText(CARD)).toHaveCount(0);
    await expect(banner(b)).toHaveCount(0);
    const bConfig = await configOf(b);
    expect(bConfig.releases.helpdesk).toEqual({ id: expect.any(String), version: ACTIVE, canary: false });
    expect(bConfig.previews).toBeUndefined();
    await b.context().close();

    // A viewer with the same link: the banner and the card, not the section (its least role is operator).
    const v = await newPage(browser);
    await signInFromLink(v, link, viewer);
    await expect(banner(v)).toContainText(`Preview of helpdesk ${PREVIEW} (pr-42)`);
    await eventually(v.getByText(CARD)).toBeVisible();
    await expect(menu(v).getByRole('link', { name: 'Analytics', exact: true })).toBeVisible();
    await expect(menu(v).getByRole('link', { name: SECTION, exact: true })).toHaveCount(0);
    await v.context().close();

    // A second link, signed in: two remotes in preview at once.
    await page.goto(projectsLink);
    await expect(banner(page).getByRole('status')).toHaveText([
      `Preview of helpdesk ${PREVIEW} (pr-42)Only this browser session gets this build; other administrators see the active release.Exit preview`,
      `Preview of projects ${PROJECTS_PREVIEW} (pr-7)Only this browser session gets this build; other administrators see the active release.Exit preview`,
    ]);
    expect(page.url()).not.toContain('preview=');
    await openSection(page, 'Projects');
    await expect(page.locator('main').getByText(PROJECTS_PREVIEWED, { exact: true })).toBeVisible();

    // An owner deletes the projects preview in Settings → Remotes, with the keyboard.
    const owner = await newPage(browser);
    await signIn(owner);
    await openSection(owner, 'Settings');
    await owner.getByRole('tab', { name: 'Remotes' }).click();
    await owner.locator('main').getByRole('row').filter({ has: owner.getByRole('cell', { name: 'projects', exact: true }) }).getByRole('button', { name: /expand row/i }).click();
    const previews = owner.getByRole('table', { name: 'Previews of projects' });
    await expect(previews.getByRole('row').filter({ hasText: 'pr-7' })).toContainText(PROJECTS_PREVIEW);
    await expectAccessible(owner, 'Settings, Remotes, a remote’s previews');
    const del = previews.getByRole('button', { name: 'Delete pr-7' });
    await del.focus();
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: 'Delete preview pr-7 of projects?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(owner, 'the delete preview dialog');
    await owner.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(del).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    for (let tab = 0; tab < 6 && !(await confirm.evaluate((el) => el === document.activeElement)); tab++) await owner.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(owner.getByText('Preview pr-7 of projects deleted')).toBeVisible();
    await expect(previews.getByText('No previews: npm run release -- projects --preview <label> makes one')).toBeVisible();
    await expectAccessible(owner, 'Settings, Remotes, a remote without previews');
    await owner.context().close();

    // A's next load: the projects preview says it was deleted, and Projects is the active release again.
    await page.reload();
    const deleted = banner(page).getByRole('status').filter({ hasText: 'projects' });
    await expect(deleted).toHaveText('projects preview pr-7 was deleted: you see the active releaseDismiss');
    await expect(page.locator('main').getByText(PROJECTS_SUBTITLE, { exact: true })).toBeVisible();
    await deleted.getByRole('button', { name: 'Dismiss' }).click();
    await expect(deleted).toHaveCount(0);

    // A exits the helpdesk preview: the normal panel, in place (no reload: the page keeps its state).
    await menu(page).getByRole('link', { name: 'Analytics', exact: true }).click();
    await eventually(page.getByText(CARD)).toBeVisible();
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await banner(page).getByRole('button', { name: 'Exit preview' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: SECTION, exact: true })).toHaveCount(0);
    await expect(page.getByText(CARD)).toHaveCount(0);
    await dashboardReady(page);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await page.reload();
    await dashboardReady(page);
    await expect(banner(page)).toHaveCount(0);
    expect((await configOf(page)).releases.helpdesk.version).toBe(ACTIVE);
  });

  test('an expired preview says so and falls back; a link to a preview the retention removed, and a forged one, say why they could not be opened', async ({ page }) => {
    await seedSession(page, await apiLogin({ username: operatorA, password: PASSWORD }));
    await page.goto(link);
    await expect(banner(page)).toContainText(`Preview of helpdesk ${PREVIEW} (pr-42)`);
    await expect(menu(page).getByRole('link', { name: SECTION, exact: true })).toBeVisible();

    // A week later: pr-42 has expired; the deleted pr-7 is past its grace period, and the retention removes it.
    const removed = await whileApiStopped(async (db) => {
      await db.query(`update releases set preview_expires_at = now() - interval '1 minute' where remote = 'helpdesk' and preview_label = 'pr-42' and state = 'preview'`);
      await db.query(`update releases set preview_expires_at = now() - interval '8 days' where remote = 'projects' and preview_label = 'pr-7'`);
      return deleteExpiredPreviews(db, 7);
    });
    expect(removed).toBe(1);

    await page.reload();
    await expect(banner(page).getByRole('status')).toHaveText(['helpdesk preview pr-42 has expired: you see the active releaseDismiss']);
    await dashboardReady(page);
    await expect(menu(page).getByRole('link', { name: SECTION, exact: true })).toHaveCount(0);
    await expect(page.getByText(CARD)).toHaveCount(0);
    await expectAccessible(page, 'an expired preview’s banner');

    await page.goto(projectsLink);
    await expect(banner(page).getByRole('alert')).toHaveText('This preview link could not be opened: No preview pr-7 of projects is in the registryDismiss');
    const forged = `${link.slice(0, -4)}${link.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await page.goto(forged);
    const refusal = banner(page).getByRole('alert');
    await expect(refusal).toHaveText('This preview link could not be opened: The preview link is not one this server signed (forged, altered or cut short): ask for the link againDismiss');
    await expectAccessible(page, 'a refused preview link');
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);
  });
});
