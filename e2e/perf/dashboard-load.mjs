// The dashboard's first-load JS, as Debian's Chromium downloads it: every script from opening the
// shell to the four charts of the Analytics dashboard drawn after signing in. One definition for
// the programs that count it: the performance figures (measure.mjs), the byte budget
// (scripts/bundle-budget.mjs) and the build tricks' savings (tools/federation/bench/tricks.mjs).
/* global document, window, requestAnimationFrame, HTMLInputElement */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../..');
const { chromium } = createRequire(join(here, '../package.json'))('@playwright/test');

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const VIEWPORT = { width: 1400, height: 900 };

/**
 * The built system (scripts/system.mjs) on free ports with a fresh database; `stop()` ends it.
 * `runtimeEnv` and `apiEnv` are startSystem's: public URLs other than its own ports (a proxy in
 * front, e2e/perf/production-path.mjs), and more of the API's environment.
 */
export async function startOwnSystem({ runtimeEnv = {}, apiEnv = {} } = {}) {
  const { startSystem } = await import(pathToFileURL(join(repoRoot, 'scripts/system.mjs')).href);
  const dataDir = mkdtempSync(join(tmpdir(), 'growth-admin-perf-'));
  const creds = { username: 'perf-admin', password: 'perf-Secret-123' };
  try {
    const system = await startSystem({
      install: false,
      build: false,
      ports: 'free',
      dataDir: join(dataDir, 'pglite'),
      storeDir: join(dataDir, 'releases'),
      adminUsername: creds.username,
      adminPassword: creds.password,
      runtimeEnv,
      apiEnv: { DATABASE_URL: '', SEED_USERS: '300', SEED_ORDERS: '2000', ...apiEnv },
      log: () => undefined,
      apiLog: () => undefined,
    });
    return {
      url: system.shellUrl,
      ports: system.ports,
      creds,
      // What the release commands need to release into this system (tools/release/cli.mjs).
      releaseEnv: {
        API_URL: system.apiUrl,
        ADMIN_SIGNING_KEY: system.runtimeConfig.signingKey,
        RELEASE_STORE_DIR: system.storeDir,
        RELEASE_STORE_URL: system.storeUrl,
        DEPLOY_TOKEN_FILE: system.deployTokenFile,
      },
      stop: async () => {
        await system.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

// Lighthouse's mobile network profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (no CPU slowdown).
export const LIGHTHOUSE_MOBILE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * Gzip size (level 9, as the builds store them) of every JS file the page received, once each, in
 * load order: a file the page asks for again (the login screen's prefetch of the landing remote put
 * it in the cache, then the remote's load reads it there) is not a second download. `settled()`
 * waits for the bodies being read.
 */
export function trackScripts(page) {
  const scripts = [];
  const reading = [];
  const seen = new Set();
  page.on('response', (response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(url) || response.status() !== 200 || seen.has(url)) return;
    seen.add(url);
    const entry = { url, raw: 0, gzip: 0 };
    scripts.push(entry);
    reading.push(
      response.body().then(
        (body) => {
          entry.raw = body.length;
          entry.gzip = gzipSync(body, { level: 9 }).length;
        },
        () => undefined, // a response whose body is gone (navigation) counts as 0
      ),
    );
  });
  return Object.assign(scripts, { settled: () => Promise.all(reading) });
}

export const sumGzip = (scripts) => scripts.reduce((n, s) => n + s.gzip, 0);

/**
 * Installed before any page script: records, from navigation start, when each milestone is first
 * in the DOM (window.__perf) and counts the chart canvases with pixels drawn on them.
 */
export function installMilestones() {
  const marks = {};
  window.__perf = marks;
  const drawn = (canvas) => {
    if (!canvas.width || !canvas.height) return false;
    const ctx = canvas.getContext('2d');
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4 * 61) if (data[i] !== 0) return true;
    return false;
  };
  window.__chartsDrawn = () => [...document.querySelectorAll('[data-testid^="chart-"] canvas')].filter(drawn).length;
  const checks = {
    firstContent: () => (document.body && document.body.innerText.trim().length > 0) || document.querySelector('.ga-spinner, .ga-skeleton'),
    loginScreen: () => [...document.querySelectorAll('h1, h2')].some((h) => h.textContent.trim() === 'Admin Login'),
    layout: () => document.querySelector('.ga-sider, .ga-skeleton-sider'),
    sectionLoading: () => document.querySelector('[data-testid="section-loading"], [aria-label="Loading analytics"], .ga-skeleton-content'),
    dashboardHeading: () =>
      [...document.querySelectorAll('.ga-content h1, .ga-content h2, .ga-content h3, .ga-content h4')].some((h) => h.textContent.trim() === 'Analytics Dashboard'),
    fourChartsDrawn: () => window.__chartsDrawn() >= 4,
  };
  const tick = () => {
    for (const [name, check] of Object.entries(checks)) if (!(name in marks) && check()) marks[name] = performance.now();
    if (Object.keys(marks).length < Object.keys(checks).length) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}


/**
 * A fresh context (empty cache) on Lighthouse's mobile network profile, its page at the shell's login
 * form, the page quiet and the credentials filled: what each sign-in figure starts from. `init`: more
 * scripts to run in the page before its own.
 */
export async function mobileLoginPage(browser, system, { init = [] } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(installMilestones);
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', LIGHTHOUSE_MOBILE);
  await page.goto(system.url, { timeout: 120_000 });
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await page.fill('#ga-username', system.creds.username);
  await page.fill('#ga-password', system.creds.password);
  return { context, page, cdp };
}
/**
 * Signs in by clicking; resolves with the ms from the click to the heading and to four charts drawn.
 * With `fill` ({ username, password }), first waits in the page for the login form and fills it as a
 * password manager does (the fields' input events, no keystrokes), then clicks on the next frame:
 * the click as soon as the form shows, with no round trip to this process in between.
 */
export function signInTimes(page, { fill } = {}) {
  return page.evaluate(
    (credentials) =>
      new Promise((resolve, reject) => {
        const out = {};
        let started;
        const headingShown = () =>
          [...document.querySelectorAll('.ga-content h1, .ga-content h2, .ga-content h3, .ga-content h4')].some((h) => h.textContent.trim() === 'Analytics Dashboard');
        const poll = () => {
          const now = performance.now() - started;
          if (out.heading === undefined && headingShown()) out.heading = now;
          if (out.heading !== undefined && window.__chartsDrawn() >= 4) return resolve({ ...out, charts: now });
          if (now > 30000) return reject(new Error('the four charts were not drawn within 30 s'));
          requestAnimationFrame(poll);
        };
        const click = () => {
          started = performance.now();
          document.querySelector('button[type="submit"]').click();
          poll();
        };
        if (!credentials) return click();
        const setValue = (input, value) => {
          // React tracks the value it last set: the native setter and an input event, as an autofill.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        };
        const waitForForm = () => {
          const username = document.querySelector('#ga-username');
          const password = document.querySelector('#ga-password');
          if (!username || !password) return requestAnimationFrame(waitForForm);
          setValue(username, credentials.username);
          setValue(password, credentials.password);
          requestAnimationFrame(click);
        };
        waitForForm();
      }),
    fill ?? null,
  );
}

/**
 * Opens the shell in a fresh `context` (empty cache), signs in and waits for the four charts:
 * the scripts that had arrived at the login screen and when the charts were drawn (later loads are
 * warm-ups for other screens), and the sign-in times. Leaves the page open, signed in.
 */
export async function recordDashboardLoad(context, system) {
  await context.addInitScript(installMilestones);
  const page = await context.newPage();
  const scripts = trackScripts(page);
  await page.goto(system.url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  // What the login screen needed: the scripts requested before it showed and before the page asked
  // for its runtime config (the boot asks for the layout's code beside the config: it is counted
  // with the dashboard's).
  const neededForLogin = new Set(
    await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const config = entries.find((e) => /\/runtime-config(\.json)?(\?|$)/.test(new URL(e.name).pathname));
      const before = Math.min(window.__perf.loginScreen, config?.startTime ?? Infinity);
      return entries.filter((e) => e.startTime < before).map((e) => e.name);
    }),
  );
  const loginScripts = scripts.filter((s) => neededForLogin.has(s.url));
  await page.fill('#ga-username', system.creds.username);
  await page.fill('#ga-password', system.creds.password);
  const signIn = await signInTimes(page);
  const dashboardScripts = [...scripts];
  await scripts.settled();
  return { page, scripts, loginScripts, dashboardScripts, signIn };
}

/**
 * The dashboard's first-load JS on the built system: starts it, records one signed-in load in
 * Chromium and stops it. `{ gzipBytes, files: [{ url, gzip }], signIn }`.
 */
export async function measureDashboardLoad() {
  const system = await startOwnSystem();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const { dashboardScripts, signIn } = await recordDashboardLoad(context, system);
    await context.close();
    return { gzipBytes: sumGzip(dashboardScripts), files: dashboardScripts.map(({ url, gzip }) => ({ url, gzip })), signIn };
  } finally {
    await browser.close();
    await system.stop();
  }
}
