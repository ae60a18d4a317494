#!/usr/bin/env node
// What a returning administrator downloads after one remote's release. Every remote is released into
// the store first (as in production, where every remote is served from it), an administrator signs
// in, opens every section (the browser now holds every file), the team releases a new version of one
// remote (by default Orders, as the same build under a new version: nothing in its code changed),
// and the administrator comes back in the same browser: dashboard, then the released remote's
// section. Every response after the release is counted by its bytes on the wire (0 when served from
// the cache) and grouped: the shell, the released remote (files whose names it had before, and new
// ones), the other remotes, and the API (runtime config and data).
// Usage (from the repo root, after `pnpm exec turbo run build`):
//   node e2e/perf/returning-admin.mjs [--remote orders --section Orders] [--json] [--no-doc]
// It starts the system on free ports with a fresh database; docs/performance.md's
// `returning-admin` section is rewritten with this run's figures unless --no-doc.
/* global window */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { launchChromium, recordDashboardLoad, startOwnSystem, VIEWPORT } from './dashboard-load.mjs';
import { writePerformanceSection } from '../../scripts/performance-doc.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const REMOTE = arg('remote', 'orders');
const SECTION = arg('section', 'Orders');
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Every response's bytes on the wire (0 when it came from the cache), recorded until `stop()`. */
async function recordWire(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  const rows = [];
  cdp.on('Network.responseReceived', (e) =>
    byId.set(e.requestId, { url: e.response.url, status: e.response.status, cached: e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker }),
  );
  cdp.on('Network.requestServedFromCache', (e) => byId.set(e.requestId, { ...(byId.get(e.requestId) ?? {}), cached: true }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r?.url) rows.push({ url: r.url, bytes: r.cached ? 0 : e.encodedDataLength });
  });
  return { rows, stop: () => cdp.detach() };
}

/** Opens each section of the sidebar in turn and waits until the network is quiet. */
async function visitEverySection(page) {
  const links = await page.locator('.ga-menu a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of links) {
    await page.locator(`.ga-menu a[href="${href}"]`).click();
    await page.waitForURL((url) => url.pathname.endsWith(href.replace(/^.*\//, '/')));
    await page.waitForLoadState('networkidle');
  }
}

/** `remote`'s build (its package's dist/) released as `version`, as a team's CI would release it. */
async function release(system, remote, version) {
  const { localRemotes } = await import(pathToFileURL(join(repoRoot, 'tools/federation/local-remotes.mjs')).href);
  const local = localRemotes(repoRoot)[remote];
  if (!local) throw new Error(`no remote "${remote}" in this repository`);
  await promisify(execFile)(process.execPath, [join(repoRoot, 'tools/release/cli.mjs'), 'release', remote, '--dist', join(local.pkgDir, 'dist'), '--version', version], {
    env: { PATH: process.env.PATH, ...system.releaseEnv },
  });
  return version;
}

/** Every remote of this repository released into the store, as production serves them all. */
async function releaseEvery(system) {
  const { localRemotes } = await import(pathToFileURL(join(repoRoot, 'tools/federation/local-remotes.mjs')).href);
  for (const remote of Object.keys(localRemotes(repoRoot))) await release(system, remote, `first-${Date.now()}`);
}

/** Sorts each response of the return into the groups the figure is about. */
function classify(rows, { shellOrigin, apiOrigin, remote, filesBefore }) {
  const groups = { shellPage: [], shell: [], releasedVersion: [], releasedKnown: [], releasedNew: [], otherRemotes: [], api: [] };
  const hashed = /\.[0-9a-f]{8,}\.(js|css)$/;
  for (const row of rows) {
    const url = new URL(row.url);
    if (url.origin === apiOrigin) groups.api.push(row);
    else if (url.origin === shellOrigin) (url.pathname.includes('.') ? groups.shell : groups.shellPage).push(row);
    else if (url.pathname.startsWith(`/${remote}/`)) {
      const name = url.pathname.split('/').pop();
      if (!hashed.test(name)) groups.releasedVersion.push(row);
      else (filesBefore.has(name) ? groups.releasedKnown : groups.releasedNew).push(row);
    } else groups.otherRemotes.push(row);
  }
  return groups;
}

const total = (rows) => rows.reduce((n, r) => n + r.bytes, 0);
const downloaded = (rows) => rows.filter((r) => r.bytes > 0);

async function main() {
  const system = await startOwnSystem();
  const browser = await launchChromium();
  try {
    await releaseEvery(system);
    const context = await browser.newContext({ viewport: VIEWPORT });
    // First day: sign in, the dashboard, then every section, so the browser holds every file.
    const { page } = await recordDashboardLoad(context, system);
    const firstDay = await recordWire(page);
    await page.waitForLoadState('networkidle');
    await visitEverySection(page);
    await firstDay.stop();
    await page.close();
    const filesBefore = new Set(firstDay.rows.map((r) => new URL(r.url).pathname.split('/').pop()));

    const version = await release(system, REMOTE, `returning-${Date.now()}`);

    // The return: the panel opened again in the same browser, the dashboard, then the section.
    const back = await context.newPage();
    const wire = await recordWire(back);
    await back.goto(system.url);
    await back.waitForFunction(() => window.__chartsDrawn?.() >= 4, undefined, { timeout: 60000 });
    await back.locator(`.ga-menu a`, { hasText: SECTION }).first().click();
    await back.getByRole('heading', { name: SECTION, exact: true }).first().waitFor({ timeout: 60000 });
    await back.waitForLoadState('networkidle');
    await wire.stop();

    const apiOrigin = new URL(system.releaseEnv.API_URL).origin;
    const groups = classify(wire.rows, { shellOrigin: new URL(system.url).origin, apiOrigin, remote: REMOTE, filesBefore });
    const result = {
      remote: REMOTE,
      version,
      groups: Object.fromEntries(
        Object.entries(groups).map(([name, rows]) => [
          name,
          { requests: rows.length, downloaded: downloaded(rows).length, bytes: total(rows), files: downloaded(rows).map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes })) },
        ]),
      ),
    };
    if (!args.includes('--no-doc')) writeFigures(result);
    if (args.includes('--json')) {
      console.log(JSON.stringify(result, null, 2));
      return;
    }
    console.log(`After ${REMOTE} ${version} was released, the returning administrator downloaded:`);
    for (const [name, g] of Object.entries(result.groups)) {
      console.log(`  ${LABELS[name].padEnd(56)} ${String(g.downloaded).padStart(3)} of ${String(g.requests).padStart(3)} responses, ${kB(g.bytes)}`);
      for (const f of g.files) console.log(`      ${kB(f.bytes).padStart(9)}  ${f.path}`);
    }
  } finally {
    await browser.close();
    await system.stop();
  }
}

const LABELS = {
  shellPage: "the shell's page (never stored: a fresh CSP nonce each time)",
  shell: "the shell's files",
  releasedVersion: "the released remote's new version: its manifest and usage record",
  releasedKnown: "the released remote's hashed files it had before (unchanged)",
  releasedNew: "the released remote's hashed files with new names (changed)",
  otherRemotes: "the other remotes' files",
  api: 'the API (runtime config, sign-in state, data)',
};

const GOALS = {
  shellPage: 'the page',
  shell: '0',
  releasedVersion: 'its manifest and usage record',
  releasedKnown: '0',
  releasedNew: 'only what changed (here nothing)',
  otherRemotes: '0',
  api: 'the runtime config and data',
};

function writeFigures(result) {
  const file = writePerformanceSection({
    id: 'returning-admin',
    title: "A returning administrator after one remote's release",
    command: `node e2e/perf/returning-admin.mjs --remote ${result.remote}`,
    note: `Every remote released into the store first (as production serves them), the administrator had opened every section; then the same build of ${result.remote} released again as a new version (nothing in its code changed). Bytes on the wire; a response from the cache counts 0, a revalidation (304) its headers. The store's files are immutable (docs/releases.md, The versioned store): a version's own files under its folder, the content-named ones (every chunk, and remoteEntry.js under its content's hash) in the remote's shared files/ folder, so the new version's manifest points at files the browser has.`,
    columns: ['what', 'responses downloaded / made', 'bytes on the wire', 'goal'],
    rows: Object.entries(result.groups).map(([name, g]) => [
      LABELS[name],
      `${g.downloaded} / ${g.requests}`,
      kB(g.bytes),
      GOALS[name],
    ]),
  });
  console.log(`(written to ${file})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
