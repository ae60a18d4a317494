// Runtime composition, as a new team and the administrators live it: an owner creates a remote the
// shell has never heard of (examples/tickets), the team releases it with its own scoped token, and
// with no shell build, restart or deploy an operator gets its section, its dashboard card and its
// User Details tab while a viewer gets only what its least roles allow; a contribution that crashes
// shows a small fallback (the dashboard keeps working) and is counted against the example's release;
// rolled back, the card is back; decommissioned, everything of it is gone and a deep link says so.
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { editedBuild, expect, expectAccessible, releaseCommand, REPO, signedApi, signIn, systemInfo, test } from '../support';

const TICKETS_DIST = join(REPO, 'examples/tickets/dist');
const run = Date.now().toString(36);
const PASSWORD = 'a-long-composition-password';
const VERSION = `1.0.0-${run}`;
const CRASHING = `1.0.1-${run}`;

type Release = { version: string; state: string; failures: number };
type Person = { customId: string };

async function administrator(role: 'operator' | 'viewer'): Promise<string> {
  const username = `${role}-${run}`;
  await (await signedApi()).post('/api/admin/administrators', { username, role, password: PASSWORD });
  return username;
}

async function pageOf(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { username, password: PASSWORD });
  return page;
}

// A slot's contributions load once the browser is idle after the dashboard has drawn: on a loaded
// 2-core machine that can take longer than the default wait.
const eventually = expect.configure({ timeout: 45_000 });
const menu = (page: Page) => page.getByRole('menu');
const dashboardReady = (page: Page) => eventually(page.getByText('Active Users')).toBeVisible();

/** A user's details, opened by its link (`/users/<customId>`). */
async function userDetails(page: Page) {
  const { list } = await (await signedApi()).get<{ list: Person[] }>('/api/admin/persons/list', { page: 1, pageSize: 1 });
  await page.goto(`/users/${list[0].customId}`);
  return page.getByRole('dialog', { name: 'User Details' });
}

test.describe.serial('a new remote from nothing, with no shell change', () => {
  let token = '';
  let operator = '';
  let viewer = '';

  test('an owner creates the remote; the team releases it with its scoped token; an operator gets its section, card and tab, a viewer only the card', async ({ browser }) => {
    test.slow();
    const owner = await signedApi();
    const created = await owner.post<{ deployToken: { token: string } }>('/api/admin/remotes', { name: 'tickets', team: 'Support', origin: new URL(systemInfo().storeUrl).origin });
    token = created.deployToken.token;

    // The team's token releases its own remote only.
    const elsewhere = await releaseCommand(['rollback', 'projects'], token);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.err).toContain('DEPLOY_TOKEN_SCOPE');
    const release = await releaseCommand(['release', 'tickets', '--dist', TICKETS_DIST, '--version', VERSION], token);
    expect(release.err).toBe('');
    expect(release.out).toContain(`tickets ${VERSION} released: active for everyone`);

    [operator, viewer] = [await administrator('operator'), await administrator('viewer')];
    const op = await pageOf(browser, operator);
    await dashboardReady(op);
    await eventually(op.getByText('Open Tickets')).toBeVisible();
    await expect(menu(op).getByRole('link', { name: 'Tickets', exact: true })).toBeVisible();
    await expectAccessible(op, 'Analytics with a contributed card');

    await menu(op).getByRole('link', { name: 'Tickets', exact: true }).click();
    await expect(op.locator('main').getByRole('heading', { name: 'Tickets' })).toBeVisible();
    await expect(op).toHaveURL(/\/tickets$/);
    await expectAccessible(op, 'Tickets');

    const details = await userDetails(op);
    await details.getByRole('tab', { name: 'Tickets' }).click();
    await eventually(details.getByText(/^Open tickets: \d+$/)).toBeVisible();
    await expectAccessible(op, 'User Details with a contributed tab');
    await op.context().close();

    const view = await pageOf(browser, viewer);
    await dashboardReady(view);
    await eventually(view.getByText('Open Tickets')).toBeVisible(); // the card's least role is viewer
    await expect(menu(view).getByRole('link', { name: 'Analytics', exact: true })).toBeVisible();
    await expect(menu(view).getByRole('link', { name: 'Tickets', exact: true })).toHaveCount(0); // the section's is operator
    const viewerDetails = await userDetails(view);
    await expect(viewerDetails.getByText('Used Apps')).toBeVisible();
    await expect(viewerDetails.getByRole('tab')).toHaveCount(0); // no contributed tab: no tab strip
    await view.context().close();
  });

  test('a contribution that crashes shows a fallback in its slot, the dashboard keeps working, and the failure counts against the example; rolled back, the card is back', async ({ browser }) => {
    test.slow();
    const crashing = editedBuild(TICKETS_DIST, `tickets-crash-${run}`, '"Open Tickets"', {
      chunk: (code) => code.replace('"Open Tickets"', '(()=>{throw new Error("the tickets card crashed")})()'),
    });
    expect((await releaseCommand(['release', 'tickets', '--dist', crashing, '--version', CRASHING], token)).code).toBe(0);

    const page = await pageOf(browser, operator);
    await eventually(page.getByText('Open tickets (tickets) is unavailable')).toBeVisible();
    await expect(page.getByText('the tickets card crashed')).toBeVisible();
    await dashboardReady(page); // the host's own cards and charts are untouched
    await expect(page.locator('main').getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();

    const owner = await signedApi();
    await expect.poll(async () => (await owner.get<Release[]>('/api/admin/releases/tickets')).find((r) => r.version === CRASHING)?.failures).toBe(1);
    const analytics = (await owner.get<Release[]>('/api/admin/releases/analytics')).find((r) => r.state === 'active');
    expect(analytics?.failures).toBe(0); // the host's release is not blamed

    const rollback = await releaseCommand(['rollback', 'tickets'], token);
    expect(rollback.out).toContain(`tickets ${CRASHING} rolled back; ${VERSION} is active`);
    await page.reload();
    await eventually(page.getByText('Open Tickets')).toBeVisible();
    await page.context().close();
  });

  test('decommissioned, its section and contributions are gone for everyone; a deep link says the section no longer exists', async ({ browser }) => {
    await (await signedApi()).post('/api/admin/remotes/tickets/decommission');
    const page = await pageOf(browser, operator);
    await dashboardReady(page);
    await expect(menu(page).getByRole('link', { name: 'Analytics', exact: true })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Tickets', exact: true })).toHaveCount(0);
    // Slot contributions render (loading, then drawn) in the same update as the stat cards: none is here.
    await expect(page.getByLabel('Loading Open tickets (tickets)')).toHaveCount(0);
    await expect(page.getByText(/Open tickets/i)).toHaveCount(0);
    await page.goto('/tickets');
    await expect(page.getByText('Tickets no longer exists')).toBeVisible();
    await expectAccessible(page, 'a decommissioned section');
    await page.context().close();
    // Its token went with it.
    expect((await releaseCommand(['releases', 'tickets'], token)).code).toBe(1);
  });
});
