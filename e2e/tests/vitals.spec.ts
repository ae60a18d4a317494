// The real-user measurements in a real browser: a section view is measured once the browser is idle
// after the first screen (the `vitals` chunk), sent with sendBeacon when the page is hidden, and
// answered 200 by the API, which takes a batch only from a live session, in the contract's shape
// (else 401 or 400). Headless Chromium never hides a page (no other window covers it), so the page
// is told it is hidden, as a browser tells it when its tab is switched away. (Playwright does not
// show a beacon's body or its answer's: what it holds is the shell's unit tests', and what the API
// stores of it the admin API's, test/vitals.test.ts.)
import { expect, signInViaApi, test } from '../support';

test('a view of Orders is measured, sent with a beacon when the page is hidden, and taken by the API', async ({ page }) => {
  const observers = page.waitForResponse((r) => /\/vitals\.[0-9a-f]+\.js$/.test(r.url()));
  await signInViaApi(page, '/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await observers; // loaded when the browser is idle after the first screen
  await page.getByRole('heading', { name: 'Orders', exact: true }).click(); // an interaction (INP)

  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/vitals') && r.method() === 'POST');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const request = await beacon;
  expect(await request.headerValue('authorization')).toBeNull(); // a beacon: the token travels in its body

  const response = await request.response();
  expect(response?.status()).toBe(200);
});
