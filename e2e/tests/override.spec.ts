// A developer's own override, as a team uses it: the kit's `npm run dev -- --in-panel <panel>` serves
// a development-mode build of a remote (projects) on another localhost port and prints the link; the
// developer opens it signed in, confirms in a keyboard-usable dialog naming the origin, and their
// session (only theirs) runs that build inside the real panel, under a banner saying it is a
// development override, not integrity-checked, with what the gate's rules found in the page. The
// development build runs on the shell's one production React (no second copy is downloaded, hooks
// work). Another browser, signed in at the same time, gets the released projects. End override puts
// it back. A link to an origin the API does not allow is refused with its message.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openSection, recordScripts, REPO, signInViaApi, systemInfo, test } from '../support';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the start scripts' CommonJS helper
const { freePort } = require(join(REPO, 'scripts/system/ports.cjs')) as { freePort(): Promise<number> };

interface Manifest {
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

let dev: ChildProcess | undefined;
let devOrigin = '';
let link = '';

test.beforeAll(async () => {
  test.setTimeout(240_000); // a development build of the remote (webpack, on a loaded 2-core machine)
  const port = await freePort();
  devOrigin = `http://localhost:${port}`;
  // The kit's command, as a team runs it in its remote's folder (the kit's build is this repository's).
  dev = spawn(process.execPath, ['webpack.build.mjs', '--in-panel', systemInfo().baseUrl, '--port', String(port)], {
    cwd: join(REPO, 'packages/projects-mfe'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  dev.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  dev.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await expect
    .poll(async () => (await fetch(`${devOrigin}/mf-manifest.json`).catch(() => null))?.status, { timeout: 200_000, message: `the development build did not come up:\n${out}` })
    .toBe(200);
  link = out.split('\n').find((line) => line.includes('?override=')) ?? '';
  expect(link).toBe(`${systemInfo().baseUrl}/?override=projects@${encodeURIComponent(`${devOrigin}/mf-manifest.json`)}`);
});

test.afterAll(() => {
  dev?.kill();
});

const banner = (page: Page) => page.getByRole('region', { name: 'projects development override' });

/** The script files of `pkg`'s copy in the build whose manifest is at `origin`. */
async function copyFiles(origin: string, pkg: string): Promise<string[]> {
  const manifest = (await (await fetch(`${origin}/mf-manifest.json`)).json()) as Manifest;
  return manifest.shared
    .filter((s) => s.name === pkg || s.name.startsWith(`${pkg}/`))
    .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
    .map((file) => new URL(file, `${origin}/`).href);
}

test('an override to a local development build: asked first, this session only, on the shell’s React, then ended', async ({ page, browser }) => {
  const scripts = recordScripts(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));

  await signInViaApi(page, `/projects${new URL(link).search}`);
  const dialog = page.getByRole('dialog', { name: `Load projects from ${devOrigin}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`This session will run projects from ${devOrigin}/mf-manifest.json: a development build, not integrity-checked.`);
  await expectAccessible(page, 'the override confirmation');
  // Keyboard only: to the dialog's button, and Enter.
  const load = dialog.getByRole('button', { name: 'Load override' });
  for (let i = 0; i < 6 && !(await load.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(load).toBeFocused();
  await page.keyboard.press('Enter');

  // The page loads again, admitting the origin for this session, without the link.
  await expect(banner(page)).toContainText(`projects from ${devOrigin} — development override, not integrity-checked`);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(banner(page)).toContainText('The build passes the release gate’s checks that run in the page');
  await expectAccessible(page, 'the override banner');
  // The section came from the development build, and it runs on the shell's one React.
  expect([...scripts].some((url) => url.startsWith(`${devOrigin}/remoteEntry.js`))).toBe(true);
  for (const pkg of ['react', 'react-dom']) {
    const devCopy = await copyFiles(devOrigin, pkg);
    expect(devCopy.length, `the development build has its own ${pkg} (a fallback the page must not take)`).toBeGreaterThan(0);
    expect(devCopy.filter((url) => scripts.has(url)), `${pkg} downloaded from the development build`).toEqual([]);
  }
  expect((await copyFiles(systemInfo().baseUrl, 'react')).some((url) => scripts.has(url))).toBe(true);
  expect(pageErrors.filter((e) => /Invalid hook call|jsxDEV|more than one copy of React/i.test(e))).toEqual([]);

  // Another browser, the same administrator signed in at the same time: the released projects, no banner.
  const other = await (await browser.newContext()).newPage();
  const otherScripts = recordScripts(other);
  await signInViaApi(other, '/projects');
  await expect(other.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(banner(other)).toHaveCount(0);
  expect([...otherScripts].filter((url) => url.startsWith(devOrigin))).toEqual([]);
  await other.context().close();

  // Settings → Remotes lists it among the administrator's own overrides, this session's with End.
  await openSection(page, 'Settings');
  await page.getByRole('tab', { name: 'Remotes' }).click();
  const mine = page.getByRole('table', { name: 'Your development overrides' });
  const row = mine.getByRole('row').filter({ hasText: `${devOrigin}/mf-manifest.json` });
  await expect(row).toContainText('projects');
  await expect(row).toContainText('This session');
  await expect(row.getByRole('button', { name: 'End the projects override' })).toBeVisible();
  await expectAccessible(page, 'Settings, Remotes with a development override');
  if (process.env.E2E_SHOT) await page.screenshot({ path: process.env.E2E_SHOT, fullPage: true });
  await openSection(page, 'Projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // Ended: the released build again, and the next page admits the origin no more.
  await banner(page).getByRole('button', { name: 'End override' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="growth-admin:override-origins"]')?.content)).toBe('');
});

test('an override to an origin the API does not allow is refused with its message, and nothing loads', async ({ page }) => {
  const scripts = recordScripts(page);
  await signInViaApi(page, `/projects?override=projects@${encodeURIComponent('http://example.com:8080/mf-manifest.json')}`);
  const dialog = page.getByRole('dialog', { name: 'Load projects from http://example.com:8080?' });
  await dialog.getByRole('button', { name: 'Load override' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The override was refused: http://example.com:8080 is not an origin this server allows development overrides from (DEV_OVERRIDE_ORIGINS: http://localhost:*, http://127.0.0.1:*)',
  );
  await expectAccessible(page, 'the refused override');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('region', { name: /development override/ })).toHaveCount(0);
  expect([...scripts].filter((url) => url.includes('example.com'))).toEqual([]);
});
