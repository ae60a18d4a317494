// The shell's journeys: sign-in, sign-out, sections in the URL, failure isolation of remotes,
// the 401 path back to the login screen, and one copy of React across shell and remotes.
import {
  adminCredentials,
  apiCall,
  apiLogin,
  expect,
  loadedCopiesOf,
  openSection,
  recordScripts,
  remotes,
  SESSION_STORAGE_KEY,
  seedSession,
  signIn,
  signInViaApi,
  systemInfo,
  test,
} from '../support';
import type { Page } from '@playwright/test';

const content = (page: Page) => page.locator('.ga-content');
/** The sidebar's current section: antd marks it with a class only (no aria-current or aria-selected). */
const SELECTED = /ant-menu-item-selected/;
const sidebarSignOut = (page: Page) => page.locator('.ga-sider-footer').getByRole('button', { name: 'Sign Out' });
const sectionHeading = (page: Page, name: string) => content(page).getByRole('heading', { name, exact: true }).first();

test.describe('Admin Login', () => {
  test.use({ warmBrowser: true });

  test('both fields are required and nothing is sent until they are', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/admin/login') && loginCalls.push(r.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
    await page.getByLabel('Username').fill('admin');
    await expect(page.getByRole('alert')).toHaveCount(0); // the error clears on edit
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
    expect(loginCalls).toHaveLength(0);
    // Browser validation is off: the form carries novalidate.
    await expect(page.locator('form')).toHaveAttribute('novalidate', '');
  });

  test('a wrong password shows the error and clears the password', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(adminCredentials().username);
    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Username')).toHaveValue(adminCredentials().username);
    await expect(page.getByText('Logged in as')).toHaveCount(0);
  });

  test('signing in disables the form, toasts at the top centre and opens Analytics', async ({ page }) => {
    await page.goto('/');
    // Hold the login answer to observe the submitting state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Username').fill(adminCredentials().username);
    await page.getByLabel('Password').fill(adminCredentials().password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    release();

    // antd's message (an alert), measured in the page the moment it shows (it leaves after 3 s).
    const placement = await page.waitForFunction(() => {
      // The deepest element holding the text (its icon sits beside it, within the tolerance).
      const holders = [...document.querySelectorAll('[role="alert"] *')].filter((n) => n.textContent?.trim() === 'Successfully logged in');
      const r = holders[holders.length - 1]?.getBoundingClientRect();
      return r && r.width > 0 ? { top: r.top, centre: r.left + r.width / 2 } : null;
    });
    const { top, centre } = (await placement.jsonValue())!;
    expect(top).toBeLessThan(120);
    expect(Math.abs(centre - page.viewportSize()!.width / 2)).toBeLessThan(40);

    await expect(page.getByText('Admin Panel')).toBeVisible();
    await expect(page.getByText('Logged in as')).toBeVisible();
    await expect(page.getByTestId('current-username')).toHaveText(adminCredentials().username);
    for (const label of ['Analytics', 'Projects', 'Users', 'Orders', 'Payments', 'Settings']) {
      await expect(page.getByRole('menu').getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('menuitem', { name: 'Analytics' })).toHaveClass(SELECTED);
    await expect(sectionHeading(page, 'Analytics Dashboard')).toBeVisible();
  });
});

test("the landing section's files come into the cache while the login form shows; the loads after sign-in find them there", async ({ page, context }) => {
  // What Chromium's network layer did with each request: served from its cache, or the status that
  // came over the wire (a revalidation's 304 reads as 200 elsewhere; Resource Timing hides other origins').
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // (Chromium may send a request's extra info before the request itself: each kept by id, joined when read.)
  const sent = new Map<string, { url: string; after: boolean }>();
  const fromCache = new Set<string>();
  const wireStatus = new Map<string, number>();
  let signingIn = false;
  cdp.on('Network.requestWillBeSent', (e) => sent.set(e.requestId, { url: e.request.url, after: signingIn }));
  cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => e.response.fromDiskCache && fromCache.add(e.requestId));
  cdp.on('Network.responseReceivedExtraInfo', (e) => wireStatus.set(e.requestId, e.statusCode));
  const requests = () => [...sent].map(([id, r]) => ({ ...r, fromCache: fromCache.has(id), wireStatus: wireStatus.get(id) }));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  // What the page reports once every file is in the cache (sections/landingPrefetch.ts).
  const prefetched = await page.waitForFunction(() => (performance.getEntriesByName('growth-admin:landing-prefetched')[0] as PerformanceMark | undefined)?.detail as string[] | undefined);
  const urls = (await prefetched.jsonValue())!;
  const [manifestUrl, entryUrl, ...chunks] = urls;
  expect(manifestUrl).toMatch(/\/mf-manifest\.json$/);
  expect(entryUrl).toMatch(/\/remoteEntry\.js$/);
  expect(chunks.length).toBeGreaterThan(0);
  // Each fetched once from the network before sign-in, and nothing of any other remote.
  const before = requests().filter((r) => !r.after);
  for (const url of urls) expect(before.filter((r) => r.url === url).map((r) => r.wireStatus)).toEqual([200]);
  const remoteOrigin = new URL(manifestUrl).origin;
  const otherRemotes = Object.values(systemInfo().remoteUrls).filter((u) => new URL(u).origin !== remoteOrigin);
  expect(before.filter((r) => otherRemotes.some((u) => r.url.startsWith(new URL(u).origin)))).toEqual([]);

  signingIn = true;
  await page.getByLabel('Username').fill(adminCredentials().username);
  await page.getByLabel('Password').fill(adminCredentials().password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(sectionHeading(page, 'Analytics Dashboard')).toBeVisible();
  await expect(page.getByRole('img', { name: 'User Activity' }).locator('canvas').first()).toBeVisible();

  // The federation runtime asked for every one of them again (with its hashes, anonymous CORS): the
  // content-hashed chunks came from the cache; the manifest and remoteEntry.js (`no-cache`) were only
  // revalidated (304: no body sent again).
  const after = requests().filter((r) => r.after);
  const loadsOf = (url: string) => after.filter((r) => r.url === url).map(({ fromCache, wireStatus }) => ({ fromCache, wireStatus }));
  for (const url of chunks) expect(loadsOf(url), url).toEqual([{ fromCache: true }]);
  for (const url of [manifestUrl, entryUrl]) expect(loadsOf(url), url).toEqual([{ fromCache: false, wireStatus: 304 }]);
});

test.describe('Signed in', () => {
  test.use({ warmBrowser: true });

  test('sign-out asks first, then returns to the login screen with a top-right toast', async ({ page }) => {
    await signInViaApi(page);
    await sidebarSignOut(page).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to sign out?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Logged in as')).toBeVisible();

    await sidebarSignOut(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: 'Successfully logged out' });
    await expect(toast).toBeVisible();
    const box = await toast.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.left).toBeGreaterThan(page.viewportSize()!.width / 2); // top-right
    expect(box.top).toBeLessThan(120);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });

  test('a failed logout call still signs out locally and says so, then ends the server session in the background', async ({ page }) => {
    await signInViaApi(page);
    const { token } = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? '{}');
    await page.route('**/api/admin/logout', (route) => route.fulfill({ status: 500, json: { message: 'boom', code: 'INTERNAL' } }));
    await sidebarSignOut(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to logout' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    // The server comes back: the retry ends the old session (its token stops working).
    await expect.poll(() => apiCall('GET', '/api/admin/projects', { token }).then(() => 200, (e: { status: number }) => e.status)).toBe(200);
    await page.unroute('**/api/admin/logout');
    await expect
      .poll(() => apiCall('GET', '/api/admin/projects', { token }).then(() => 200, (e: { status: number }) => e.status), { timeout: 20_000 })
      .toBe(401);
  });

  test("sign-out still asks when the dialogs' code cannot load: the browser's own dialog, then the login screen", async ({ page }) => {
    // The deferred antd (Modal among it) never arrives, as when the connection drops after sign-in.
    await page.route('**/antd-deferred.*.js', (route) => route.abort());
    await signInViaApi(page);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    await sidebarSignOut(page).click();
    await expect.poll(() => asked).toEqual(['Are you sure you want to sign out?']);
    await expect(page.getByText('Logged in as')).toBeVisible();

    await sidebarSignOut(page).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(asked).toHaveLength(2);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });

  test("antd's styles that cannot load stop the layout with a Retry (not an unstyled page), and Retry brings it", async ({ page }) => {
    // The first screen's antd components have no style code of their own: the build's CSS is their styling.
    await page.route('**/antd-static.*.css', (route) => route.abort());
    await seedSession(page, await apiLogin());
    await page.goto('/');
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Admin Panel is unavailable');
    await expect(failure).toContainText("The layout could not be loaded: antd's styles");
    await expect(page.getByText('Logged in as')).toHaveCount(0);

    await page.unroute('**/antd-static.*.css');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(sectionHeading(page, 'Analytics Dashboard')).toBeVisible();
    // styled: the selected menu item has antd's highlight, the primary colour's light tint
    const selected = page.getByRole('menuitem', { name: 'Analytics' });
    await expect(selected).toHaveClass(SELECTED);
    await expect.poll(() => selected.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('every section is reachable from the sidebar and lives in the URL', async ({ signedInPage: page }) => {
    const expected: Array<[Parameters<typeof openSection>[1], string]> = [
      ['Projects', 'Projects'],
      ['Users', 'Users'],
      ['Orders', 'Orders'],
      ['Payments', 'Payments'],
      ['Settings', 'Settings'],
      ['Analytics', 'Analytics Dashboard'],
    ];
    for (const [label, heading] of expected) {
      await openSection(page, label);
      await expect(sectionHeading(page, heading)).toBeVisible();
      await expect(page.getByRole('menuitem', { name: label })).toHaveClass(SELECTED);
      await expect(content(page).getByText(/is unavailable/)).toHaveCount(0);
    }
  });

  test('reload keeps the section and the session; back and forward move between sections', async ({ signedInPage: page }) => {
    await openSection(page, 'Projects');
    await openSection(page, 'Orders');
    await page.reload();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByText('Logged in as')).toBeVisible();
    await expect(sectionHeading(page, 'Orders')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(sectionHeading(page, 'Projects')).toBeVisible();
    await page.goForward();
    await expect(sectionHeading(page, 'Orders')).toBeVisible();
  });

  test("a signed-in page shows the layout's shape before any script file has arrived", async ({ page }) => {
    await seedSession(page, await apiLogin());
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await held; // a slow network: the page is in, its script files are not
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByTestId('layout-skeleton')).toBeVisible();
    release();
    await expect(sectionHeading(page, 'Analytics Dashboard')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('layout-skeleton')).toHaveCount(0);
    await expect(page.locator('script:not([src]), template')).toHaveCount(0); // the page's own left with it
  });

  test('a shared link lands on its section after sign-in', async ({ page }) => {
    await signIn(page, { path: '/payments' });
    await expect(page).toHaveURL(/\/payments$/);
    await expect(sectionHeading(page, 'Payments')).toBeVisible();
  });

  test('a stored session the server no longer accepts is cleared, and the login screen says so', async ({ page }) => {
    // A stored token the server no longer accepts: the runtime config, asked with it, answers as for
    // no session (no composition), so the shell clears the token and shows the login screen.
    const session = await apiLogin();
    await apiCall('POST', '/api/admin/logout', { token: session.token });
    await seedSession(page, session);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your session has ended. Please sign in again.');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });
});

test.describe('Remote failure isolation', () => {
  test('a stopped remote shows its fallback while the rest works, and Retry recovers', async ({ page }) => {
    await remotes.stop('orders');
    try {
      await signInViaApi(page, '/orders');
      await expect(content(page).getByText('Orders is unavailable')).toBeVisible();
      await expect(content(page).getByRole('alert')).toHaveText(/^Orders is unavailable.+Retry$/); // and the reason
      await expect(content(page).getByRole('button', { name: 'Retry' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('orders-unavailable.png') });

      await openSection(page, 'Payments');
      await expect(content(page).getByText('Payments is unavailable')).toBeVisible();
      await openSection(page, 'Projects');
      await expect(sectionHeading(page, 'Projects')).toBeVisible();
      await expect(page.getByText('Logged in as')).toBeVisible();

      // Retry while still down keeps the fallback.
      await openSection(page, 'Orders');
      await content(page).getByRole('button', { name: 'Retry' }).click();
      await expect(content(page).getByText('Orders is unavailable')).toBeVisible();

      await remotes.start('orders');
      await content(page).getByRole('button', { name: 'Retry' }).click();
      await expect(sectionHeading(page, 'Orders')).toBeVisible();
      await openSection(page, 'Payments');
      await expect(sectionHeading(page, 'Payments')).toBeVisible();
    } finally {
      await remotes.start('orders');
    }
  });

  test('a remote that needs shared-client exports this shell lacks is refused by name, and the rest works', async ({ page }) => {
    // What a people build made against a newer shared-client would publish beside its manifest.
    await page.route('**/shared-client-usage.json', async (route) => {
      if (!route.request().url().startsWith(systemInfo().remoteUrls.people)) return route.continue();
      await route.fulfill({ json: { package: '@growth-admin/shared-client', builtWith: '9.1.0', requiredVersion: '^9.1.0', uses: ['call', 'exportPersonsCsv'] } });
    });
    await signInViaApi(page, '/users');
    await expect(content(page).getByText('Users is unavailable')).toBeVisible();
    await expect(content(page).getByRole('alert')).toContainText(
      /The people remote cannot run on this shell: it needs @growth-admin\/shared-client \^9\.1\.0 \(built with 9\.1\.0\), but this shell provides \d+\.\d+\.\d+, which lacks exportPersonsCsv/,
    );
    await page.screenshot({ path: test.info().outputPath('users-refused.png') });
    await openSection(page, 'Orders');
    await expect(sectionHeading(page, 'Orders')).toBeVisible();
  });

  test('a remote that uses an antd component this shell does not provide is refused naming it and the shell version that adds it', async ({ page }) => {
    // What a people build made against a later shell's antd contract (one with Drawer) would publish.
    await page.route('**/shared-client-usage.json', async (route) => {
      if (!route.request().url().startsWith(systemInfo().remoteUrls.people)) return route.continue();
      const response = await route.fetch();
      const usage = await response.json();
      await route.fulfill({ response, json: { ...usage, antdUses: [...usage.antdUses, 'Drawer'], antdShellVersion: '9.2.0' } });
    });
    await signInViaApi(page, '/users');
    await expect(content(page).getByText('Users is unavailable')).toBeVisible();
    await expect(content(page).getByRole('alert')).toContainText(
      "The people remote cannot run on this shell: it uses antd's Drawer, which this shell does not provide (the shell's antd contract has them from 9.2.0): deploy shell 9.2.0 or later first",
    );
    await openSection(page, 'Orders');
    await expect(sectionHeading(page, 'Orders')).toBeVisible();
  });

  test('signing in works while every remote is down', async ({ page }) => {
    const names = ['analytics', 'projects', 'people', 'orders'];
    for (const name of names) await remotes.stop(name);
    try {
      await signIn(page);
      await expect(content(page).getByText('Analytics is unavailable')).toBeVisible();
      await openSection(page, 'Settings');
      await expect(sectionHeading(page, 'Settings')).toBeVisible();
    } finally {
      for (const name of names) await remotes.start(name);
    }
  });
});

test('react, react-dom and antd are each loaded exactly once across shell and remotes', async ({ page }) => {
  const scripts = recordScripts(page);
  await signInViaApi(page);
  for (const label of ['Projects', 'Users', 'Orders', 'Payments', 'Analytics'] as const) {
    await openSection(page, label);
    await expect(content(page).locator('h1, h2, h3, h4').first()).toBeVisible();
  }
  expect(await loadedCopiesOf('react', scripts)).toEqual(['shell']);
  expect(await loadedCopiesOf('react-dom', scripts)).toEqual(['shell']);
  expect(await loadedCopiesOf('antd', scripts)).toEqual(['shell']);
  // And the federation runtime agrees: every build uses the shell's single copy.
  const providers = await page.evaluate(() => {
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } }).__FEDERATION__.__SHARE__;
    const out: Record<string, string[]> = { react: [], 'react-dom': [], antd: [] };
    for (const scopes of Object.values(share)) {
      for (const pkg of ['react', 'react-dom', 'antd'] as const) {
        for (const info of Object.values(scopes.default?.[pkg] ?? {})) if (info.loaded && !out[pkg].includes(info.from)) out[pkg].push(info.from);
      }
    }
    return out;
  });
  expect(providers).toEqual({ react: ['shell'], 'react-dom': ['shell'], antd: ['shell'] });
});
