// Releases, as a team and the administrators live them: a visibly changed Projects build
// released as a 50% canary with the release command puts two administrators on different versions
// (each sticky across reloads); promoted, everyone gets it; rolled back from Settings → Remotes, the
// old version is back after a reload; an incompatible build is refused with its reason and changes
// nothing; a canary that crashes at render is rolled back automatically after its failure reports;
// a released file altered on the store afterwards does not run (Subresource Integrity).
import { exec } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { drawnPixels, editedBuild, expect, expectAccessible, openSection, releaseCommand as runRelease, REPO, signedApi, signIn, systemInfo, test, type BuildEdit } from '../support';

/** The release command, as a team runs it (the deploy token npm start wrote for this machine). */
const releaseCommand = (...args: string[]) => runRelease(args);

const PROJECTS_DIST = join(REPO, 'packages/projects-mfe/dist');
const ORIGINAL = 'Manage your projects and their configurations';
const CHANGED = 'Manage your projects: canary build';
const run = Date.now().toString(36);

/** A copy of the built Projects remote with its section's code edited (a team's new build). */
const projectsBuild = (name: string, edit: BuildEdit) => editedBuild(PROJECTS_DIST, name, `"${ORIGINAL}"`, edit);

type Release = { version: string; state: string; failures: number; changedBy: string };
async function projectsHistory(): Promise<Release[]> {
  return (await signedApi()).get<Release[]>('/api/admin/releases/projects');
}

/** Whether the registry gives `username` the 50% canary of `remote`: their documented bucket (the first 32 bits of SHA-256 of `<remote>:admin:<username>`, mod 100) is below 50. */
function onCanary(username: string, remote = 'projects'): boolean {
  return createHash('sha256').update(`${remote}:admin:${username}`).digest().readUInt32BE(0) % 100 < 50;
}

const PASSWORD = 'a-long-release-password';
/** Two viewers: the first on the canary of `remote`, the second not. */
async function twoAdministrators(remote = 'projects', prefix = 'rel'): Promise<[string, string]> {
  const owner = await signedApi();
  const found: Record<'canary' | 'stable', string | undefined> = { canary: undefined, stable: undefined };
  for (let i = 0; !(found.canary && found.stable); i++) {
    const username = `${prefix}${i}-${run}`;
    const side = onCanary(username, remote) ? 'canary' : 'stable';
    if (found[side]) continue;
    await owner.post('/api/admin/administrators', { username, role: 'viewer', password: PASSWORD });
    found[side] = username;
  }
  return [found.canary!, found.stable!];
}

async function projectsAs(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { username, password: PASSWORD });
  await openSection(page, 'Projects');
  return page;
}

const subtitle = (page: Page, text: string) => page.locator('main').getByText(text, { exact: true });

test.describe.serial('releases', () => {
  let canaryAdmin = '';
  let stableAdmin = '';

  test('a 50% canary puts two administrators on different versions, sticky across reloads; promoted, everyone gets it', async ({ browser }) => {
    test.slow();
    const release = await releaseCommand('release', 'projects', '--dist', projectsBuild('canary', { chunk: (c) => c.replace(`"${ORIGINAL}"`, `"${CHANGED}"`) }), '--version', `canary-${run}`, '--canary', '50', '--notes', 'a visible change');
    expect(release.err).toBe('');
    expect(release.out).toContain(`projects canary-${run} released: canary for 50% of administrators`);

    [canaryAdmin, stableAdmin] = await twoAdministrators();
    const onNew = await projectsAs(browser, canaryAdmin);
    const onOld = await projectsAs(browser, stableAdmin);
    await expect(subtitle(onNew, CHANGED)).toBeVisible();
    await expect(subtitle(onOld, ORIGINAL)).toBeVisible();
    for (const page of [onNew, onOld]) await page.reload();
    await expect(subtitle(onNew, CHANGED)).toBeVisible();
    await expect(subtitle(onOld, ORIGINAL)).toBeVisible();

    const promote = await releaseCommand('promote', 'projects');
    expect(promote.out).toBe(`projects canary-${run} is active for everyone\n`);
    await onOld.reload();
    await expect(subtitle(onOld, CHANGED)).toBeVisible();
    await onNew.context().close();
    await onOld.context().close();
  });

  test('rolled back from Settings → Remotes, the old version is back after a reload', async ({ page }) => {
    test.slow(); // 54 s alone on a loaded 2-core machine: over the 60 s limit beside a jest suite
    await signIn(page);
    await openSection(page, 'Projects');
    await expect(subtitle(page, CHANGED)).toBeVisible();
    await openSection(page, 'Settings');
    await page.getByRole('tab', { name: 'Remotes' }).click();
    const row = page.locator('main').getByRole('row').filter({ hasText: `canary-${run}` });
    await expect(row).toContainText('projects');
    await expectAccessible(page, 'Settings, Remotes');
    await row.getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByText(/is replaced by the release active before it/)).toBeVisible();
    await page.getByRole('button', { name: 'Roll back' }).last().click();
    await expect(page.getByText(new RegExp(`^projects canary-${run} rolled back; local-\\w+ is active$`))).toBeVisible();
    await page.goto('/projects');
    await expect(subtitle(page, ORIGINAL)).toBeVisible();
    expect((await projectsHistory())[0]).toMatchObject({ version: `canary-${run}`, state: 'rolled-back' });
  });

  test('an incompatible build is refused with its reason, and nothing changes', async () => {
    const before = await projectsHistory();
    const noSection = await releaseCommand('release', 'projects', '--dist', projectsBuild('no-section', { manifest: (m) => (m.exposes = []) }), '--version', `broken-${run}`);
    expect(noSection.code).toBe(1);
    expect(noSection.err).toContain(`projects broken-${run} cannot be released: it does not expose projects/Section, which its remote-meta.json names`);
    const newerClient = await releaseCommand('release', 'projects', '--dist', projectsBuild('newer-client', { usage: (u) => u.uses.push('exportProjectsCsv') }), '--version', `newer-${run}`);
    expect(newerClient.code).toBe(1);
    expect(newerClient.err).toContain('it uses @growth-admin/shared-client exports the active shell does not provide: exportProjectsCsv');
    expect(await projectsHistory()).toEqual(before);
  });

  test('a canary that crashes while rendering is rolled back automatically once its failures reach the threshold', async ({ browser }) => {
    test.slow();
    const crashing = projectsBuild('crash', { chunk: (c) => c.replace(`"${ORIGINAL}"`, '(()=>{throw new Error("the canary crashed")})()') });
    expect((await releaseCommand('release', 'projects', '--dist', crashing, '--version', `crash-${run}`, '--canary', '50')).code).toBe(0);
    const failures = async () => (await projectsHistory()).find((r) => r.version === `crash-${run}`)!;
    const page = await projectsAs(browser, canaryAdmin); // on the canary
    await expect(page.getByText('Projects is unavailable')).toBeVisible();
    await expect.poll(async () => (await failures()).failures).toBe(1);
    await page.reload();
    await expect(page.getByText('Projects is unavailable')).toBeVisible();
    // The second report reaches RELEASE_CANARY_MAX_FAILURES (2 in this run): the canary is rolled back.
    await expect.poll(async () => await failures()).toMatchObject({ state: 'rolled-back', changedBy: 'release guard', failures: 2 });
    await page.reload();
    await expect(subtitle(page, ORIGINAL)).toBeVisible();
    const audit = await (await signedApi()).get<{ entries: Array<{ summary: string }> }>('/api/admin/audit', { action: 'release.auto-rollback' });
    expect(audit.entries[0].summary).toMatch(new RegExp(`^projects crash-${run} rolled back; local-\\w+ is active \\(2 failures reached the threshold of 2\\)$`));
    await page.context().close();
  });
});

test('a runtime config pointing a remote at an origin the registry does not allow is refused, with the fallback', async ({ page }) => {
  // As if the config were altered on its way: Projects' manifest moved to a foreign origin, in the
  // sign-in answer's runtime config (the page's composition starts from it) and in the config route.
  type Config = { remotes: Record<string, string> };
  const foreign = (config: Config | undefined) => config && (config.remotes.projects = 'http://foreign.invalid/projects/mf-manifest.json');
  await page.route('**/api/runtime-config**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Config };
    foreign(body.data);
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/admin/login', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { runtime?: Config } };
    foreign(body.data?.runtime);
    await route.fulfill({ response, json: body });
  });
  await signIn(page);
  await openSection(page, 'Projects');
  await expect(page.getByText('Projects is unavailable')).toBeVisible();
  await expect(page.getByText("The projects remote's URL http://foreign.invalid/projects/mf-manifest.json is not on an origin the release registry allows")).toBeVisible();
  // The rest works.
  await openSection(page, 'Orders');
  await expect(page.locator('main').getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('a remote file altered on the store after release does not run: its section shows the fallback and the failure is reported; the others work', async ({ page }) => {
  test.slow();
  const { storeDir } = systemInfo();
  const version = `tampered-${run}`;
  // Projects' manifest, a chunk People's remoteEntry.js loads, Settings' remoteEntry.js: each altered
  // in the store after its release, to set a flag were it to run. The manifest is the version's own;
  // the chunk and the entry are in the remote's shared files/ folder, where its manifest points.
  type Manifest = { exposes: Array<{ assets: { js: { sync: string[] } } }>; metaData: { remoteEntry: { name: string } } };
  const altered: Array<{ remote: string; label: 'Projects' | 'Users' | 'Settings'; files: (manifest: Manifest) => string[] }> = [
    { remote: 'projects', label: 'Projects', files: () => [`${version}/mf-manifest.json`] },
    { remote: 'people', label: 'Users', files: (manifest) => manifest.exposes[0].assets.js.sync.map((chunk) => `files/${chunk}`) },
    { remote: 'settings', label: 'Settings', files: (manifest) => [`files/${manifest.metaData.remoteEntry.name}`] },
  ];
  for (const { remote } of altered) {
    const release = await releaseCommand('release', remote, '--dist', join(REPO, `packages/${remote}-mfe/dist`), '--version', version);
    expect(release.err).toBe('');
  }
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Failed to find a valid digest in the 'integrity' attribute/.test(message.text())) blocked.push(message.text());
  });
  // What the store held before (shared files/ are other versions' too): put back afterwards.
  const originals = new Map<string, Buffer>();
  try {
    const tamperedUrls: string[] = [];
    for (const { remote, files } of altered) {
      const manifest = JSON.parse(readFileSync(join(storeDir, remote, version, 'mf-manifest.json'), 'utf8'));
      for (const file of files(manifest)) {
        const path = join(storeDir, remote, file);
        for (const stored of [path, `${path}.gz`]) if (existsSync(stored)) originals.set(stored, readFileSync(stored));
        appendFileSync(path, file.endsWith('.json') ? '\n' : '\n;window.__tampered = true;\n');
        if (existsSync(`${path}.gz`)) writeFileSync(`${path}.gz`, gzipSync(readFileSync(path))); // what the browser is sent, altered alike
        tamperedUrls.push(`${systemInfo().storeUrl}/${remote}/${file}`);
      }
    }

    await signIn(page);
    for (const { remote, label } of altered) {
      await openSection(page, label);
      await expect(page.getByText(`${label} is unavailable`)).toBeVisible();
      // The reason names the refused file (not the runtime's 'Failed to get manifest' or 'Loading chunk … failed').
      const urls = tamperedUrls.filter((url) => url.includes(`/${remote}/`)).map((url) => url.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&'));
      await expect(page.locator('main').getByText(new RegExp(`integrity mismatch for (${urls.join('|')}): the file differs from what its release recorded`))).toBeVisible();
    }
    // Nothing of the altered files ran, and the browser says why it refused each script.
    expect(await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();
    for (const url of tamperedUrls.filter((u) => u.endsWith('.js'))) expect(blocked.some((text) => text.includes(url))).toBe(true);
    // Each failure is reported to the registry against the altered release.
    const owner = await signedApi();
    for (const { remote } of altered) {
      await expect.poll(async () => (await owner.get<Release[]>(`/api/admin/releases/${remote}`)).find((r) => r.version === version)?.failures).toBe(1);
    }
    // The rest works.
    await openSection(page, 'Orders');
    await expect(page.locator('main').getByRole('heading', { name: 'Orders' })).toBeVisible();
  } finally {
    for (const [path, bytes] of originals) writeFileSync(path, bytes);
    for (const { remote } of altered) await releaseCommand('rollback', remote);
  }
});

/** The README's release commands (its "Releases" block), as written, comments aside. */
function readmeReleaseCommands(): { release: string; promote: string; releases: string; rollback: string } {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const block = /## Releases[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const commands = [...block.matchAll(/npm run [a-z]+ -- [^#;[\n]*/g)].map((m) => m[0].trim());
  const find = (name: string) => {
    const found = commands.find((c) => c.startsWith(`npm run ${name} `));
    if (!found) throw new Error(`the README's Releases block has no "npm run ${name}" command (found: ${commands.join(' | ')})`);
    return found;
  };
  return { release: find('release'), promote: find('promote'), releases: find('releases'), rollback: find('rollback') };
}

/** A command line run from the repository root by a shell, as a team types it, against this run's system. */
function teamRuns(command: string): Promise<{ code: number; out: string; err: string }> {
  const { apiUrl, signingKey, storeDir, storeUrl, dataDir } = systemInfo();
  // (not the test run's own turbo task: the build inside the release is the team's)
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TURBO_') && !k.startsWith('npm_')));
  return new Promise((done) => {
    exec(
      command,
      { cwd: REPO, env: { ...env, API_URL: apiUrl, ADMIN_SIGNING_KEY: signingKey, RELEASE_STORE_DIR: storeDir, RELEASE_STORE_URL: storeUrl, DEPLOY_TOKEN_FILE: join(dataDir, 'deploy-token') }, maxBuffer: 16 * 1024 * 1024 },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** Each file of a folder with its hash and modification time: what `npm start` serves from it. */
function folderState(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(dir.length + 1), `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${statSync(path).mtimeMs}`];
      }),
  );
}

test("the README's release commands under the running system: a 50% Orders canary is built on its own, and administrators outside it keep a working Orders", async ({ browser }) => {
  test.setTimeout(8 * 60_000); // the release builds the remote (webpack) on a loaded machine
  const commands = readmeReleaseCommands();
  expect(commands.release).toBe('npm run release -- orders --canary 50 --notes "new refund dialog"');
  const ordersDist = join(REPO, 'packages/orders-mfe/dist');
  const served = folderState(ordersDist); // the active release (local-…), as npm start serves and recorded it

  // A team's change since the build npm start serves (a new file in the remote's sources; nothing imports
  // it): a build of the remote now is a new one, which must not land where the active release is served.
  const change = join(REPO, `packages/orders-mfe/src/release-journey-${run}.txt`);
  writeFileSync(change, 'a change since the served build\n');
  let release: Awaited<ReturnType<typeof teamRuns>>;
  try {
    release = await teamRuns(commands.release);
  } finally {
    rmSync(change, { force: true });
  }
  expect(release.code, release.err).toBe(0);
  // What npm start serves as the active release is untouched: not one file rewritten.
  expect(folderState(ordersDist)).toEqual(served);
  const buildDir = /building orders-mfe into (\S+)\.\.\./.exec(release.out)?.[1];
  expect(buildDir).toBeDefined();
  expect(buildDir!.startsWith(ordersDist)).toBe(false);
  expect(existsSync(buildDir!)).toBe(false); // the command's own folder, removed once uploaded
  const version = new RegExp('orders (\\S+) released: canary for 50% of administrators').exec(release.out)?.[1];
  expect(version, release.out).toBeDefined();

  // Both sides of the canary work: outside it, the active release from the remote's own port; inside, the new one from the store.
  const [inside, outside] = await twoAdministrators('orders', 'ord');
  for (const [username, fromStore] of [[outside, false], [inside, true]] as const) {
    const page = await (await browser.newContext()).newPage();
    const storeScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${systemInfo().storeUrl}/orders/`)) storeScripts.push(request.url());
    });
    const vitalsCode = page.waitForResponse((r) => /\/vitals\.[0-9a-f]+\.js$/.test(r.url())); // loaded when the browser is idle
    await signIn(page, { username, password: PASSWORD });
    await openSection(page, 'Orders');
    await expect(page.locator('main').getByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(page.getByText('Orders is unavailable')).toHaveCount(0);
    await vitalsCode;
    // From the store: the version's manifest, and the entry named after its content in the remote's shared files/.
    expect(storeScripts.some((url) => url.endsWith(`/orders/${version}/mf-manifest.json`))).toBe(fromStore);
    expect(storeScripts.some((url) => /\/orders\/files\/remoteEntry\.[0-9a-f]{10}\.js$/.test(url))).toBe(fromStore);
    // The view is measured and sent when the page is hidden (as a switched-away tab is told): the canary judge's input.
    const beacon = page.waitForResponse((r) => r.url().endsWith('/api/vitals'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await beacon).status()).toBe(200);
    await page.context().close();
  }
  // An owner follows the canary in Settings → Remotes: expanded, the judge's figures, and under them
  // the window over time, drawn by Analytics (its contribution to Settings' slot: Settings draws no chart).
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  await openSection(owner, 'Settings');
  await owner.getByRole('tab', { name: 'Remotes' }).click();
  const ordersRow = owner.locator('main').getByRole('row').filter({ hasText: `${version} for 50%` });
  // The row grows when its verdict arrives ("Loading the verdict..." becomes the verdict and why, on
  // several lines): a click sent meanwhile pressed the button and was released beside it, and the row
  // stayed closed. Read the verdict first, as an administrator does, then expand.
  await expect(ordersRow.getByRole('cell').filter({ hasText: /^(Pass|Fail|Inconclusive|Not judged)\b/ })).toBeVisible();
  await ordersRow.getByRole('button', { name: /expand row/i }).click();
  const figures = owner.getByRole('table', { name: 'Canary against stable: orders' });
  await expect(figures.getByRole('row').filter({ hasText: 'Error rate (per administrator)' })).toBeVisible();
  // How many administrators each cohort's figures come from (the judge's unit), as of its last verdict.
  await expect(owner.getByText(/^Canary \d+ administrators? \(\d+ views?\), stable \d+ administrators? \(\d+ views?\) since /)).toBeVisible();
  const chart = owner.getByTestId('canary-chart-orders');
  await expect(chart).toContainText('Error rate over time: orders canary against stable');
  const errorRate = await drawnPixels(chart.locator('canvas'));
  await owner.getByRole('radiogroup', { name: 'Metric of the orders canary chart' }).getByText('Views').click();
  await expect(chart).toContainText('Views over time: orders canary against stable');
  await expect.poll(() => drawnPixels(chart.locator('canvas'))).not.toBe(errorRate);
  // The two views above, one in each cohort, as the keyboard reads them: the chart's data table.
  await chart.getByRole('button', { name: 'View data: Views over time: orders canary against stable' }).focus();
  await owner.keyboard.press('Enter');
  const buckets = await chart
    .getByRole('table', { name: 'Views over time: orders canary against stable data' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.textContent))).filter((cells) => cells.length === 3));
  expect([buckets.reduce((n, b) => n + b[1], 0), buckets.reduce((n, b) => n + b[2], 0)]).toEqual([1, 1]);
  await expectAccessible(owner, 'Settings, Remotes, a canary expanded');
  await owner.context().close();

  const history = await teamRuns(commands.releases);
  expect(history.out).toMatch(new RegExp(`^${version!.replace(/[.+]/g, '\\$&')}\\s+canary 50%\\s.*new refund dialog$`, 'm'));
  expect(history.out).toMatch(/^local-\w+\s+active\s/m);

  // The README's next steps: promoted, everyone gets it (and Orders still works); rolled back, the local build again.
  const promote = await teamRuns(commands.promote);
  expect(promote.out).toContain(`orders ${version} is active for everyone`);
  try {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, { username: outside, password: PASSWORD });
    await openSection(page, 'Orders');
    await expect(page.locator('main').getByRole('heading', { name: 'Orders' })).toBeVisible();
    await page.context().close();
    // Promoted, its canary is history: its row there keeps the window's figures and chart.
    const later = await (await browser.newContext()).newPage();
    await signIn(later);
    await openSection(later, 'Settings');
    await later.getByRole('tab', { name: 'Remotes' }).click();
    await later.locator('main').getByRole('row').filter({ hasText: `${version} (` }).first().getByRole('button', { name: /expand row/i }).click();
    const historyTable = later.getByRole('table', { name: 'Release history of orders' });
    await historyTable.getByRole('row').filter({ hasText: 'new refund dialog' }).getByRole('button', { name: /expand row/i }).click();
    await expect(later.getByRole('table', { name: `Figures of orders ${version}` }).getByRole('row').filter({ hasText: 'Error rate (per administrator)' })).toBeVisible();
    await expect(later.getByText(/^Canary \d+ administrators? \(\d+ views?\), stable \d+ administrators? \(\d+ views?\) from .+ to /)).toBeVisible();
    const pastChart = later.locator('[data-testid^="release-chart-orders-"]');
    await expect(pastChart).toContainText(`Error rate over time: orders ${version} canary against stable`);
    await expectAccessible(later, 'Settings, Remotes, a past canary expanded');
    await later.context().close();
  } finally {
    const back = await teamRuns(commands.rollback);
    expect(back.out).toMatch(new RegExp(`orders ${version!.replace(/[.+]/g, '\\$&')} rolled back; local-\\w+ is active`));
  }
});
