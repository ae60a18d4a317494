// The warm browser profile (support/warmBrowser.ts) keeps only its caches from one journey to the
// next: what one journey stored (cookies, localStorage, sessionStorage, IndexedDB) and the pages it
// left open are gone for the next, and a fake clock, which would outlive its journey, is refused.
import { expect, test } from '../support';

test.use({ warmBrowser: true });
test.describe.configure({ mode: 'serial' });

test('a journey stores a session, data and cookies, and leaves a second page open', async ({ page, context, baseURL }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    localStorage.setItem('left-behind', '1');
    sessionStorage.setItem('left-behind', '1');
    document.cookie = 'left-behind=1; path=/';
    await new Promise((done) => (indexedDB.open('left-behind').onsuccess = done));
  });
  await context.addCookies([{ name: 'added', value: '1', url: baseURL! }]);
  await context.newPage();
  expect(await context.cookies()).toHaveLength(2);
});

test('the next journey finds none of it', async ({ page, context }) => {
  await page.goto('/');
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  expect(context.pages()).toEqual([page]);
});

test('a fake clock is refused, naming what to do', async ({ page }) => {
  expect(() => page.clock.install()).toThrow('test.use({ warmBrowser: false })');
});
