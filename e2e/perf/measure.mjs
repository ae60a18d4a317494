#!/usr/bin/env node
// Performance figures of the built system, in Debian's Chromium, printed beside the
// machine's load average (the figures of a busy 2-core machine are not those of a quiet one):
//   - JS bytes (gzip) to reach the login screen, and to reach the rendered dashboard (--files lists them);
//   - how many copies of react, react-dom and antd were downloaded (from which build);
//   - Sign in click → Analytics heading, and → all four charts drawn (pixels on each canvas), clicked
//     right after filling the fields and, as an administrator does, after typing;
//   - the first visit of every other section (after the idle preloading);
//   - a repeat visit (same browser cache, still signed in): the bytes actually downloaded, by file;
//   - a signed-in load over Chromium's "Fast 3G" profile, empty cache: when the first paint, the
//     layout (sidebar), the section's loading state and the four charts appear.
// Usage (from the repo root, after `pnpm exec turbo run build`):
//   node e2e/perf/measure.mjs              starts the system on free ports with a fresh database
//   node e2e/perf/measure.mjs --url http://localhost:3000 --username admin --password admin123
//   add --json for machine-readable output; --no-doc leaves docs/performance.md alone (it is
//   rewritten with this run's figures otherwise).
/* global document, window, requestAnimationFrame */
import { loadavg } from 'node:os';
import { launchChromium, mobileLoginPage, recordDashboardLoad, signInTimes, installMilestones, startOwnSystem, sumGzip as sum, VIEWPORT } from './dashboard-load.mjs';
import { writePerformanceSection } from '../../scripts/performance-doc.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const asJson = args.includes('--json');
const writeDoc = !args.includes('--no-doc');
const listFiles = args.includes('--files');
const SECTIONS = [
  ['Projects', 'Projects'],
  ['Users', 'Users'],
  ['Orders', 'Orders'],
  ['Payments', 'Payments'],
  ['Settings', 'Settings'],
];

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function copiesOf(pkg, urls, shellUrl, page) {
  const config = await page.evaluate(async () => (await fetch('/runtime-config.json')).json());
  const manifests = { shell: `${shellUrl}/mf-manifest.json`, ...config.remotes };
  const loaded = [];
  for (const [build, manifestUrl] of Object.entries(manifests)) {
    const manifest = await (await fetch(manifestUrl)).json();
    // Where the files are: beside the manifest, or where it says (the release store's shared files/).
    const publicPath = manifest.metaData?.publicPath;
    const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl;
    const files = manifest.shared
      .filter((s) => s.name === pkg || s.name.startsWith(`${pkg}/`))
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
      .map((f) => new URL(f, base).href);
    if (files.some((f) => urls.has(f))) loaded.push(build);
  }
  return loaded;
}


// Chromium DevTools' "Fast 3G" preset (latency and throughput as DevTools applies them).
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

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

/** Every response's bytes on the wire (headers included; 0 when served from the cache), by URL. */
async function trackWireBytes(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const rows = [];
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, cached: e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker }));
  cdp.on('Network.requestServedFromCache', (e) => urls.set(e.requestId, { ...(urls.get(e.requestId) ?? {}), cached: true }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = urls.get(e.requestId);
    if (r?.url) rows.push({ url: r.url, bytes: r.cached ? 0 : e.encodedDataLength });
  });
  return { rows, cdp };
}

const shortUrl = (url) => {
  const u = new URL(url);
  return `:${u.port}${u.pathname}`;
};

async function measureFirstVisit(browser, system) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const { page, scripts, loginScripts, dashboardScripts, signIn } = await recordDashboardLoad(context, system);
  await page.waitForLoadState('networkidle');

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
    loginScripts,
    dashboardScripts,
    signIn,
    visits,
    reactCopies: await copiesOf('react', urls, system.url, page),
    reactDomCopies: await copiesOf('react-dom', urls, system.url, page),
    antdCopies: await copiesOf('antd', urls, system.url, page),
  };
  await page.close();
  return { result, context };
}

/**
 * Sign-in as an administrator does it: the credentials typed first (the layout's code and styles are
 * fetched from the first keystroke on), then the click. measureFirstVisit clicks right after filling
 * the fields, so its figure also holds the download of the layout's code.
 */
async function measureTypedSignIn(browser, system) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(installMilestones);
  const page = await context.newPage();
  await page.goto(system.url, { waitUntil: 'networkidle' });
  await page.fill('#ga-username', system.creds.username);
  await page.fill('#ga-password', system.creds.password);
  await page.waitForLoadState('networkidle');
  const times = await signInTimes(page);
  await context.close();
  return times;
}

/** A second visit in the same browser (cache and stored session kept): what goes over the wire. */
async function measureRepeatVisit(context, system) {
  const page = await context.newPage();
  const { rows, cdp } = await trackWireBytes(page);
  await page.goto(system.url);
  await page.waitForFunction(() => window.__chartsDrawn?.() >= 4, undefined, { timeout: 30000 });
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  await page.close();
  const apiOrigin = new URL((await (await fetch(`${system.url}/runtime-config.json`)).json()).apiBaseUrl).origin;
  const api = rows.filter((r) => r.url.startsWith(apiOrigin));
  const files = rows.filter((r) => !r.url.startsWith(apiOrigin));
  return { files, api };
}

/**
 * Sign in on Lighthouse's mobile network profile with a cold cache: the login page loaded, the
 * fields filled, the click; the ms from the click to four charts drawn, and the requests made from
 * the click until then (by host: what the first chart waited on).
 */
async function measureMobileSignIn(browser, system) {
  const { context, page } = await mobileLoginPage(browser, system);
  const requests = [];
  let counting = true;
  page.on('request', (r) => counting && requests.push(r.url()));
  const times = await signInTimes(page);
  counting = false;
  await context.close();
  return { charts: times.charts, requests };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A signed-in page load over Fast 3G with an empty cache: when each milestone appears. */
async function measureThrottled(browser, system, storageState) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  await context.addInitScript(installMilestones);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await page.goto(system.url, { timeout: 120000 });
  await page.waitForFunction(() => window.__chartsDrawn?.() >= 4, undefined, { timeout: 120000 });
  const marks = await page.evaluate(() => window.__perf);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await context.close();
  return { ...marks, firstContentfulPaint: fcp };
}

const ms = (v) => (v === undefined || v === null ? '-' : `${Math.round(v)} ms`);

async function main() {
  const external = arg('url');
  const system = external
    ? { url: external.replace(/\/+$/, ''), creds: { username: arg('username', 'admin'), password: arg('password', 'admin123') }, stop: async () => undefined }
    : await startOwnSystem();
  const browser = await launchChromium();
  const loadBefore = loadavg();
  try {
    const { result: first, context } = await measureFirstVisit(browser, system);
    const repeat = await measureRepeatVisit(context, system);
    const storageState = await context.storageState();
    await context.close();
    const throttled = await measureThrottled(browser, system, storageState);
    const typed = await measureTypedSignIn(browser, system);
    const mobile = [];
    for (let i = 0; i < 3; i++) mobile.push(await measureMobileSignIn(browser, system));
    const loadAfter = loadavg();

    const result = {
      loadAverage: { before: loadBefore.map((l) => +l.toFixed(2)), after: loadAfter.map((l) => +l.toFixed(2)), cores: (await import('node:os')).cpus().length },
      loginScreenJsGzipBytes: sum(first.loginScripts),
      loginScreenScripts: first.loginScripts.length,
      dashboardJsGzipBytes: sum(first.dashboardScripts),
      dashboardScripts: first.dashboardScripts.length,
      reactCopies: first.reactCopies,
      reactDomCopies: first.reactDomCopies,
      antdCopies: first.antdCopies,
      signInClickToAnalyticsHeadingMs: Math.round(first.signIn.heading),
      signInClickToFourChartsDrawnMs: Math.round(first.signIn.charts),
      typedSignInClickToFourChartsDrawnMs: Math.round(typed.charts),
      firstVisitMs: Object.fromEntries(Object.entries(first.visits).map(([k, v]) => [k, Math.round(v)])),
      repeatVisitBytes: { files: repeat.files.reduce((n, r) => n + r.bytes, 0), api: repeat.api.reduce((n, r) => n + r.bytes, 0) },
      repeatVisitDownloaded: repeat.files.filter((r) => r.bytes > 0).map((r) => ({ url: shortUrl(r.url), bytes: r.bytes })),
      mobileSignInToFourChartsMs: { median: Math.round(median(mobile.map((m) => m.charts))), runs: mobile.map((m) => Math.round(m.charts)) },
      mobileSignInRequests: { median: median(mobile.map((m) => m.requests.length)), remoteFilesBeforeCharts: mobile[0].requests.filter((u) => /mf-manifest|remoteEntry|shared-client-usage/.test(u)).map(shortUrl) },
      fast3gSignedInLoadMs: Object.fromEntries(Object.entries(throttled).map(([k, v]) => [k, v === null ? null : Math.round(v)])),
    };
    if (writeDoc) writeFigures(result, external);
    if (asJson) {
      console.log(JSON.stringify(result, null, 2));
      return;
    }
    const la = result.loadAverage;
    console.log(`Machine: ${la.cores} cores; load average (1/5/15 min) ${la.before.join(' / ')} before, ${la.after.join(' / ')} after`);
    console.log(`JS to reach the login screen:      ${kB(result.loginScreenJsGzipBytes)} gzip (${result.loginScreenScripts} files; target ≤ 120 kB)`);
    if (listFiles) for (const s of first.loginScripts) console.log(`    ${kB(s.gzip).padStart(9)}  ${shortUrl(s.url)}`);
    console.log(`JS to reach the rendered dashboard: ${kB(result.dashboardJsGzipBytes)} gzip (${result.dashboardScripts} files; target ≤ 450 kB)`);
    if (listFiles) for (const s of first.dashboardScripts) console.log(`    ${kB(s.gzip).padStart(9)}  ${shortUrl(s.url)}`);
    console.log(`react loaded from:     ${result.reactCopies.join(', ')} (${result.reactCopies.length} copy)`);
    console.log(`react-dom loaded from: ${result.reactDomCopies.join(', ')} (${result.reactDomCopies.length} copy)`);
    console.log(`antd loaded from:      ${result.antdCopies.join(', ')} (${result.antdCopies.length} build)`);
    console.log(`Sign in click → Analytics heading:  ${ms(result.signInClickToAnalyticsHeadingMs)}`);
    console.log(`Sign in click → four charts drawn:  ${ms(result.signInClickToFourChartsDrawnMs)} (target ≤ 500 ms quiet; clicked as soon as the fields are filled)`);
    console.log(`  the same, credentials typed first: ${ms(result.typedSignInClickToFourChartsDrawnMs)} (the layout's code arrived while typing)`);
    for (const [label, v] of Object.entries(result.firstVisitMs)) console.log(`First visit of ${label.padEnd(9)} ${String(v).padStart(5)} ms (target ≤ 200 ms)`);
    console.log(`Repeat visit (same cache, signed in): ${kB(result.repeatVisitBytes.files)} of files downloaded, ${kB(result.repeatVisitBytes.api)} of API answers`);
    for (const r of result.repeatVisitDownloaded) console.log(`    ${kB(r.bytes).padStart(9)}  ${r.url}`);
    const m = result.mobileSignInToFourChartsMs;
    console.log(`Lighthouse mobile network, cold cache: sign in click → four charts ${ms(m.median)} median of ${m.runs.join(' / ')} ms (target ≤ 2.0 s), ${result.mobileSignInRequests.median} requests`);
    for (const url of result.mobileSignInRequests.remoteFilesBeforeCharts) console.log(`    remote file before the charts: ${url}`);
    const t = result.fast3gSignedInLoadMs;
    console.log(`Fast 3G, signed in, empty cache (from navigation): first content ${ms(t.firstContent)} (FCP ${ms(t.firstContentfulPaint)}), layout ${ms(t.layout)}, section loading state ${ms(t.sectionLoading)}, heading ${ms(t.dashboardHeading)}, four charts ${ms(t.fourChartsDrawn)}`);
  } finally {
    await browser.close();
    await system.stop();
  }
}

/** This run's figures as the `browser` section of docs/performance.md (the file's one writer). */
function writeFigures(result, external) {
  const t = result.fast3gSignedInLoadMs;
  const visits = Object.entries(result.firstVisitMs).map(([label, v]) => `${label} ${v}`).join(' / ');
  const file = writePerformanceSection({
    id: 'browser',
    title: 'The built system in Chromium',
    command: `node e2e/perf/measure.mjs${external ? ' --url <running shell>' : ''}`,
    note: `Load average (1/5/15 min) ${result.loadAverage.before.join(' / ')} before the run, ${result.loadAverage.after.join(' / ')} after: figures of a busy machine are not those of a quiet one.`,
    columns: ['figure', 'measured', 'goal'],
    rows: [
      ['JS to the login screen (gzip)', `${kB(result.loginScreenJsGzipBytes)} (${result.loginScreenScripts} files)`, '≤ 120 kB'],
      ['JS to the rendered dashboard (gzip)', `${kB(result.dashboardJsGzipBytes)} (${result.dashboardScripts} files)`, '≤ 450 kB'],
      ['copies of react / react-dom / antd', `${result.reactCopies.length} / ${result.reactDomCopies.length} / ${result.antdCopies.length}`, '1 / 1 / 1'],
      ['Sign in click → Analytics heading', ms(result.signInClickToAnalyticsHeadingMs), ''],
      ['Sign in click → four charts drawn (clicked at once)', ms(result.signInClickToFourChartsDrawnMs), '≤ 500 ms quiet'],
      ['the same, credentials typed first', ms(result.typedSignInClickToFourChartsDrawnMs), '≤ 500 ms quiet'],
      ['first visit of each other section (ms)', visits, '≤ 200 ms each'],
      ['repeat visit: files / API answers downloaded', `${kB(result.repeatVisitBytes.files)} / ${kB(result.repeatVisitBytes.api)}`, 'only what changed'],
      [
        'Lighthouse mobile network (150 ms RTT, 1.6 Mbit/s), cold cache: sign in click → four charts, median of 3 (runs); requests',
        `${ms(result.mobileSignInToFourChartsMs.median)} (${result.mobileSignInToFourChartsMs.runs.join(' / ')}); ${result.mobileSignInRequests.median} requests, remote files ${result.mobileSignInRequests.remoteFilesBeforeCharts.length}`,
        '≤ 2.0 s',
      ],
      ['Fast 3G, signed in, empty cache: first content / layout / heading / four charts', `${ms(t.firstContent)} / ${ms(t.layout)} / ${ms(t.dashboardHeading)} / ${ms(t.fourChartsDrawn)}`, 'layout at once, never blank'],
    ],
  });
  console.log(`(written to ${file})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
