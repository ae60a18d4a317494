// Playwright journeys in Debian's Chromium (/usr/bin/chromium; Playwright never downloads a
// browser) against the built system, which the global setup starts on free ports with a fresh
// database. One worker: the journeys share that system (and one of them stops a remote).
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // `npm test -- --affected` after a change only in remotes: the journeys that open their sections.
  ...(process.env.E2E_SPECS ? { testMatch: process.env.E2E_SPECS.split(',') } : {}),
  globalSetup: './support/global-setup.ts',
  workers: 1,
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
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
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
      ],
    },
  },
});
