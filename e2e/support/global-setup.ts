// Starts the built system (scripts/system.mjs), one per worker, on free ports with a fresh PGlite
// database, a known administrator and a small demo seed; the returned function stops them after the run.
// Set E2E_BUILD=1 to build first (the workspace's `npm test` has already built everything).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { PASSWORD_HASH_COST_ENV, SYSTEMS_ENV, type SystemInfo } from './env';

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

/** One system, on its own ports with its own database, store and folder. */
async function startOne(repoRoot: string, index: number): Promise<{ info: SystemInfo; stop(): Promise<void> }> {
  const { startSystem } = (await import(pathToFileURL(join(repoRoot, 'scripts/system.mjs')).href)) as {
    startSystem(options: object): Promise<StartedSystem>;
  };
  const dataDir = mkdtempSync(join(tmpdir(), `growth-admin-e2e-${index}-`));
  const verbose = process.env.E2E_VERBOSE === '1';
  const started = Date.now();
  const system = await startSystem({
    install: false,
    build: process.env.E2E_BUILD === '1' && index === 0,
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
      ...PASSWORD_HASH_COST_ENV,
    },
    log: verbose ? console.log : () => undefined,
    apiLog: verbose ? console.log : () => undefined,
  });
  if (verbose) console.log(`[e2e] system ${index} up in ${Date.now() - started} ms at ${system.shellUrl}`);
  return {
    info: {
      baseUrl: system.shellUrl,
      apiUrl: system.apiUrl,
      signingKey: system.runtimeConfig.signingKey,
      username: E2E_ADMIN.username,
      password: E2E_ADMIN.password,
      controlUrl: system.controlUrl,
      remoteUrls: system.remoteUrls,
      storeUrl: system.storeUrl,
      storeDir: system.storeDir,
      dataDir,
    },
    async stop() {
      await system.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A system for each worker: the journeys change what they share (a refund, a release, a stopped
 * remote, hostile rows), so two workers never share one. A worker finds its own by its parallel
 * index (support/env.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const repoRoot = resolve(__dirname, '../..');
  const started = await Promise.allSettled(Array.from({ length: config.workers }, (_, i) => startOne(repoRoot, i)));
  const systems = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(systems.map((s) => s.stop()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  process.env[SYSTEMS_ENV] = JSON.stringify(systems.map((s) => s.info));
  return stopAll;
}
