#!/usr/bin/env node
// Performance figures of the built system, in Debian's Chromium:
//   - JS bytes (gzip) to reach the login screen, and to reach the rendered dashboard;
//   - how many copies of react and react-dom were downloaded (from which build);
//   - time from the Sign in click to the first section rendered, and of a first visit of every
//     other section (after the shell has loaded and idle-preloaded the remotes).
// Usage (from the repo root, after `pnpm exec turbo run build`):
//   node e2e/perf/measure.mjs              starts the system on free ports with a fresh database
//   node e2e/perf/measure.mjs --url http://localhost:3000 --username admin --password admin123
//   add --json for machine-readable output.
/* global document, requestAnimationFrame */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../..');
const { chromium } = createRequire(join(here, '../package.json'))('@playwright/test');

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const asJson = args.includes('--json');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SECTIONS = [
  ['Projects', 'Projects'],
  ['Users', 'Users'],
  ['Orders', 'Orders'],
  ['Payments', 'Payments'],
  ['Settings', 'Settings'],
];

async function startOwnSystem() {
  const { startSystem } = await import(pathToFileURL(join(repoRoot, 'scripts/system.mjs')).href);
  const dataDir = mkdtempSync(join(tmpdir(), 'growth-admin-perf-'));
  const creds = { username: 'perf-admin', password: 'perf-Secret-123' };
  const system = await startSystem({
    install: false,
    build: false,
    ports: 'free',
    dataDir: join(dataDir, 'pglite'),
    storeDir: join(dataDir, 'releases'),
    adminUsername: creds.username,
    adminPassword: creds.password,
    apiEnv: { DATABASE_URL: '', SEED_USERS: '300', SEED_ORDERS: '2000' },
    log: () => undefined,
    apiLog: () => undefined,
  });
  return {
    url: system.shellUrl,
    creds,
    stop: async () => {
      await system.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Gzip size of every JS response, in load order. */
function trackScripts(page) {
  const scripts = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(url) || response.status() !== 200) return;
    const entry = { url, raw: 0, gzip: 0 };
    scripts.push(entry);
    try {
      const body = await response.body();
      entry.raw = body.length;
      entry.gzip = gzipSync(body).length;
    } catch {
      /* a response whose body is gone (navigation) counts as 0 */
    }
  });
  return scripts;
}

const sum = (list) => list.reduce((n, s) => n + s.gzip, 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function copiesOf(pkg, urls, shellUrl, page) {
  const config = await page.evaluate(async () => (await fetch('/runtime-config.json')).json());
  const manifests = { shell: `${shellUrl}/mf-manifest.json`, ...config.remotes };
  const loaded = [];
  for (const [build, manifestUrl] of Object.entries(manifests)) {
    const manifest = await (await fetch(manifestUrl)).json();
    const files = manifest.shared
      .filter((s) => s.name === pkg || s.name.startsWith(`${pkg}/`))
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
      .map((f) => new URL(f, manifestUrl).href);
    if (files.some((f) => urls.has(f))) loaded.push(build);
  }
  return loaded;
}

/** Clicks in the page and resolves with the ms until a heading with `text` is in the content area. */
function timeUntilHeading(page, clickSelector, text) {
  return page.evaluate(
    ([selector, heading]) =>
      new Promise((resolve, reject) => {
        const target = document.querySelector(selector);
        if (!target) return reject(new Error(`nothing matches ${selector}`));
        const started = performance.now();
        const found = () =>
          [...document.querySelectorAll('.ga-content h1, .ga-content h2, .ga-content h3, .ga-content h4')].some(
            (h) => h.textContent.trim() === heading,
          );
        const poll = () => {
          if (found()) return resolve(performance.now() - started);
          if (performance.now() - started > 30000) return reject(new Error(`"${heading}" did not render within 30 s`));
          requestAnimationFrame(poll);
        };
        target.click();
        poll();
      }),
    [clickSelector, text],
  );
}

async function main() {
  const external = arg('url');
  const system = external
    ? { url: external.replace(/\/+$/, ''), creds: { username: arg('username', 'admin'), password: arg('password', 'admin123') }, stop: async () => undefined }
    : await startOwnSystem();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const scripts = trackScripts(page);

    await page.goto(system.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    const loginScripts = [...scripts];

    await page.fill('#ga-username', system.creds.username);
    await page.fill('#ga-password', system.creds.password);
    const signInMs = await timeUntilHeading(page, 'button[type="submit"]', 'Analytics Dashboard');
    // The dashboard is rendered once its data and charts are in.
    await page.locator('.ga-content canvas, .ga-content svg').first().waitFor({ timeout: 30000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const dashboardScripts = scripts.filter((s) => !/mf-manifest|runtime-config/.test(s.url));
    const dashboardBytes = sum(dashboardScripts);

    // Let the idle preloading finish, as it would while the administrator reads the dashboard.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const visits = {};
    for (const [label, heading] of SECTIONS) {
      visits[label] = await timeUntilHeading(page, `.ga-menu a[href$="/${label.toLowerCase()}"]`, heading);
      await page.waitForLoadState('networkidle');
    }

    const urls = new Set(scripts.map((s) => s.url));
    const result = {
      loginScreenJsGzipBytes: sum(loginScripts),
      loginScreenScripts: loginScripts.length,
      dashboardJsGzipBytes: dashboardBytes,
      reactCopies: await copiesOf('react', urls, system.url, page),
      reactDomCopies: await copiesOf('react-dom', urls, system.url, page),
      signInClickToFirstSectionMs: Math.round(signInMs),
      firstVisitMs: Object.fromEntries(Object.entries(visits).map(([k, v]) => [k, Math.round(v)])),
    };
    if (asJson) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      console.log(`JS to reach the login screen:      ${kB(result.loginScreenJsGzipBytes)} gzip (${result.loginScreenScripts} files; target < 250 kB)`);
      console.log(`JS to reach the rendered dashboard: ${kB(result.dashboardJsGzipBytes)} gzip`);
      console.log(`react loaded from:     ${result.reactCopies.join(', ')} (${result.reactCopies.length} copy)`);
      console.log(`react-dom loaded from: ${result.reactDomCopies.join(', ')} (${result.reactDomCopies.length} copy)`);
      console.log(`Sign in click → Analytics rendered: ${result.signInClickToFirstSectionMs} ms`);
      for (const [label, ms] of Object.entries(result.firstVisitMs)) console.log(`First visit of ${label.padEnd(9)} ${String(ms).padStart(5)} ms (target < 300 ms)`);
    }
  } finally {
    await browser.close();
    await system.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
