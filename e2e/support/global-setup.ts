// Starts the built system (scripts/system.mjs) on free ports with a fresh PGlite database, a
// known administrator and a small demo seed; the returned function stops it after the run.
// Set E2E_BUILD=1 to build first (the workspace's `npm test` has already built everything).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-Secret-123' };

interface StartedSystem {
  shellUrl: string;
  apiUrl: string;
  controlUrl: string | null;
  remoteUrls: Record<string, string>;
  storeUrl: string;
  storeDir: string;
  runtimeConfig: { signingKey: string };
  stop(): Promise<void>;
}

export default async function globalSetup() {
  const repoRoot = resolve(__dirname, '../..');
  const { startSystem } = (await import(pathToFileURL(join(repoRoot, 'scripts/system.mjs')).href)) as {
    startSystem(options: object): Promise<StartedSystem>;
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'growth-admin-e2e-'));
  const verbose = process.env.E2E_VERBOSE === '1';
  const started = Date.now();
  const system = await startSystem({
    install: false,
    build: process.env.E2E_BUILD === '1',
    control: true,
    ports: 'free', // every remote of the one list, beside any other running system
    dataDir: join(dataDir, 'pglite'),
    storeDir: join(dataDir, 'releases'), // the run's own versioned store
    adminUsername: E2E_ADMIN.username,
    adminPassword: E2E_ADMIN.password,
    apiEnv: {
      DATABASE_URL: '', // always the fresh PGlite directory, never a developer's server
      SEED_DEMO: '1',
      SEED_USERS: process.env.E2E_SEED_USERS || '300',
      SEED_ORDERS: process.env.E2E_SEED_ORDERS || '2000',
      // Only wrong passwords count: the default per account (5) holds, so the throttle journeys meet
      // it for real; every journey's browser shares 127.0.0.1, so the address cap stays wide.
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      RELEASE_CANARY_MAX_FAILURES: '2', // the canary journey's crash is rolled back after two reports
    },
    log: verbose ? console.log : () => undefined,
    apiLog: verbose ? console.log : () => undefined,
  });
  if (verbose) console.log(`[e2e] system up in ${Date.now() - started} ms at ${system.shellUrl}`);

  process.env.E2E_BASE_URL = system.shellUrl;
  process.env.E2E_API_URL = system.apiUrl;
  process.env.E2E_SIGNING_KEY = system.runtimeConfig.signingKey;
  process.env.E2E_ADMIN_USERNAME = E2E_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN.password;
  process.env.E2E_CONTROL_URL = system.controlUrl ?? '';
  process.env.E2E_REMOTE_URLS = JSON.stringify(system.remoteUrls);
  process.env.E2E_STORE_URL = system.storeUrl;
  process.env.E2E_STORE_DIR = system.storeDir;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
