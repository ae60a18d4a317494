// Playwright journeys in Debian's Chromium against the built system, which the global setup starts
// on free ports with a fresh database, once per worker: a worker's journeys change only its own
// system (a refund, a release, a stopped remote). Debian's old headless shell of the same Chromium
// (chromium-headless-shell, what Playwright itself runs headless): the full browser's compositor
// cost the journeys a fifth more CPU. Playwright never downloads a browser.
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: './tests',
  // `npm test -- --affected` after a change only in remotes: the journeys that open their sections.
  ...(process.env.E2E_SPECS ? { testMatch: process.env.E2E_SPECS.split(',') } : {}),
  globalSetup: './support/global-setup.ts',
  // One on CI's two cores: alone, two workers finish sooner, but beside `npm test`'s jest suites they
  // made the whole run longer. E2E_WORKERS=2 (and a system each) where cores are spare.
  workers: Number(process.env.E2E_WORKERS || 1),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous for loaded CI machines (2 cores shared with builds); a passing journey takes seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Per-run folder when several runs share this tree (E2E_OUTPUT_DIR).
  outputDir: process.env.E2E_OUTPUT_DIR || join(__dirname, 'test-results'),
  reporter: [['list'], ['./support/summary-reporter.ts', { outputFile: join(__dirname, 'reports/e2e.json') }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    // As an administrator who asked the system for reduced motion: antd's dialogs and popups appear at
    // once (the shell honours it), so no click lands on a dialog still zooming in, and the journeys
    // spend no time waiting out animations. tests/motion.spec.ts covers the motion everyone else gets.
    reducedMotion: 'reduce',
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or `--trace on`): recording one for every
    // journey cost the suite two fifths of its time on two cores. A failure keeps its screenshot and
    // the page's accessibility snapshot (error-context.md) all the same.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) || 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--disable-component-update',
        '--disable-sync',
        // V8 without its optimizing compiler (TurboFan), as npm test's Node processes
        // (scripts/short-lived-node.mjs): a journey's pages live seconds, and TurboFan's background
        // compiles of the shell's and the remotes' code cost the renderers more than they gave back.
        '--js-flags=--max-opt=2',
      ],
    },
  },
});
