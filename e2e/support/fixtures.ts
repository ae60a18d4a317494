// What every spec imports: `import { test, expect, signIn } from '../support';`
import { basename } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin } from './api';
import { adminCredentials, systemInfo } from './env';
import { emptyProfile, WarmProfiles } from './warmBrowser';

/** localStorage key of the shared-client token store. */
export const SESSION_STORAGE_KEY = 'growth-admin.session';

/**
 * Signs in through the Admin Login screen (at `path`, default the root) and waits for the layout.
 * Use it for journeys about signing in; prefer the `signedInPage` fixture elsewhere (faster).
 */
export async function signIn(page: Page, options: { path?: string; username?: string; password?: string } = {}) {
  const creds = { ...adminCredentials(), ...options };
  await page.goto(options.path ?? '/');
  await page.getByLabel('Username').fill(creds.username);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Logged in as')).toBeVisible();
}

/**
 * Signs in through the API and stores the session before the page loads, then opens `path`
 * (e.g. '/orders') and waits for the layout. No login screen involved.
 */
export async function signInViaApi(page: Page, path = '/') {
  const session = await apiLogin();
  await seedSession(page, session);
  await page.goto(path);
  await expect(page.getByText('Logged in as')).toBeVisible();
  return session;
}

/** Stores `session` in the tab before its first page loads (once: a later sign-out or 401 sticks across reloads). */
export async function seedSession(page: Page, session: { token: string; username: string }) {
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e.session-seeded')) return;
      window.sessionStorage.setItem('e2e.session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [SESSION_STORAGE_KEY, JSON.stringify(session)] as const,
  );
}

/** Opens a section from the sidebar and waits until its URL is current. */
export async function openSection(page: Page, label: 'Analytics' | 'Projects' | 'Users' | 'Orders' | 'Payments' | 'Settings') {
  await page.getByRole('menu').getByRole('link', { name: label, exact: true }).click();
  const id = label === 'Users' ? 'users' : label.toLowerCase();
  await expect(page).toHaveURL(new RegExp(`/${id}$`));
}

/** Stops / starts a remote's static server (analytics | projects | people | orders). Always restart in a `finally`. */
export const remotes = {
  async stop(name: string) {
    await control(name, 'stop');
  },
  async start(name: string) {
    await control(name, 'start');
  },
};

async function control(name: string, action: 'stop' | 'start') {
  const { controlUrl } = systemInfo();
  if (!controlUrl) throw new Error('the system was started without its control endpoint');
  const response = await fetch(`${controlUrl}/remotes/${name}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} remote ${name}: HTTP ${response.status}`);
}

/** A CSP or Trusted Types violation one of the test's pages met (in the page: `securitypolicyviolation`). */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/** `npm test -- --affected`: the journeys it chose (E2E_TESTS: `<file>:<line>` each, `<file>:*` a whole file). */
const CHOSEN = process.env.E2E_TESTS ? new Set(process.env.E2E_TESTS.split(',')) : null;

/** Where each context's pages report CSP violations: the current journey's list (a warm profile serves many). */
const cspSinks = new WeakMap<BrowserContext, CspViolation[]>();

export const test = base.extend<
  { affectedOnly: void; signedInAt: string; signedInPage: Page; cspViolations: CspViolation[]; allowCspViolations: boolean; warmBrowser: boolean },
  { warmProfiles: WarmProfiles }
>({
  /** First of all: a journey the affected run did not choose is skipped before anything starts for it. */
  affectedOnly: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
    async ({}, provide, testInfo) => {
      const file = basename(testInfo.file);
      if (CHOSEN && !CHOSEN.has(`${file}:${testInfo.line}`) && !CHOSEN.has(`${file}:*`)) testInfo.skip(true, 'not affected by the change (npm test -- --affected)');
      await provide();
    },
    { auto: true },
  ],
  /** Set true (`test.use({ allowCspViolations: true })`) in a test that provokes violations on purpose. */
  allowCspViolations: [false, { option: true }],
  /**
   * Every journey runs under the real CSP and Trusted Types policy, and fails if any of its pages
   * met a violation: a library or screen that needs more than the policy allows is caught here.
   */
  cspViolations: [
    async ({ context, allowCspViolations }, provide) => {
      const violations: CspViolation[] = [];
      const listening = cspSinks.has(context);
      cspSinks.set(context, violations);
      if (!listening) {
        await context.exposeBinding('__e2eCspViolation', ({ page }, v: Omit<CspViolation, 'page'>) => {
          cspSinks.get(context)?.push({ page: page.url(), ...v });
        });
        await context.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) => {
            const report = (window as unknown as { __e2eCspViolation?: (v: object) => void }).__e2eCspViolation;
            report?.({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` });
          });
        });
      }
      await provide(violations);
      if (!allowCspViolations) expect(violations, 'CSP or Trusted Types violations in the pages of this test').toEqual([]);
    },
    { auto: true },
  ],
  // Every page knows the shell's URL, even when the config was evaluated before the global setup ran.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  baseURL: async ({}, provide) => {
    await provide(systemInfo().baseUrl);
  },
  /** `test.use({ warmBrowser: true })`: the journeys' pages open in a warm browser profile (support/warmBrowser.ts). */
  warmBrowser: [false, { option: true }],
  warmProfiles: [
    async ({ playwright, launchOptions }, provide) => {
      const profiles = new WarmProfiles(playwright.chromium, launchOptions);
      await provide(profiles);
      await profiles.closeAll();
    },
    { scope: 'worker' },
  ],
  context: async ({ context, warmBrowser, warmProfiles, baseURL, reducedMotion, timezoneId, viewport }, provide) => {
    if (!warmBrowser) {
      await provide(context);
      return;
    }
    const warm = await warmProfiles.open({ baseURL, reducedMotion, timezoneId, viewport });
    await provide(warm);
    // A profile left with a journey's state would leak it into the next: it goes, with the error.
    await emptyProfile(warm).catch(async (err) => {
      await warmProfiles.discard(warm);
      throw err;
    });
  },
  /**
   * Where `signedInPage` opens (`test.use({ signedInAt: '/orders' })`): a spec about one section starts
   * there, as an administrator's bookmark does, instead of on the dashboard, whose four charts it would
   * draw for nothing (the sidebar's own journeys are shell.spec.ts's).
   */
  signedInAt: ['/', { option: true }],
  /** A page already signed in (through the API) showing `signedInAt`, the root section unless a spec says. */
  signedInPage: async ({ page, signedInAt }, provide) => {
    await signInViaApi(page, signedInAt);
    await provide(page);
  },
});

export { expect };
