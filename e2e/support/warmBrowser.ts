// A browser profile that keeps its HTTP cache and V8's code cache from one journey to the next
// (`test.use({ warmBrowser: true })`, support/fixtures.ts): in a fresh context every page load
// fetches, parses and compiles the shell and the remotes again. Between journeys the profile is
// emptied of what a journey could leave behind (cookies, localStorage, IndexedDB, open pages): only
// the caches stay, as they do for an administrator who comes back. A profile that cannot be emptied
// is closed, and the next journey gets a new one.
//
// Not for a journey about first loads or caching, nor one that installs a fake clock (page.clock
// stays installed in its context): those keep a fresh context.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, BrowserType, LaunchOptions } from '@playwright/test';

/** The context options of the journeys' configuration that a warm profile is opened with. */
export type WarmOptions = Pick<BrowserContextOptions, 'baseURL' | 'reducedMotion' | 'timezoneId' | 'viewport'>;

/** The warm profiles of one worker: one for each set of options its journeys asked for. */
export class WarmProfiles {
  private readonly profiles = new Map<string, { context: BrowserContext; dir: string }>();

  constructor(
    private readonly chromium: BrowserType,
    private readonly launchOptions: LaunchOptions,
  ) {}

  async open(options: WarmOptions): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    const known = this.profiles.get(key);
    if (known) return known.context;
    const dir = mkdtempSync(join(tmpdir(), 'growth-admin-e2e-profile-'));
    const context = await this.chromium.launchPersistentContext(dir, { ...this.launchOptions, ...options });
    // A persistent context opens with one blank page: each journey opens its own.
    await Promise.all(context.pages().map((page) => page.close()));
    refuseFakeClock(context);
    this.profiles.set(key, { context, dir });
    return context;
  }

  /** Closes `context` and removes its folder: the next journey with its options gets a new profile. */
  async discard(context: BrowserContext): Promise<void> {
    for (const [key, profile] of this.profiles) {
      if (profile.context !== context) continue;
      this.profiles.delete(key);
      await context.close().catch(() => undefined); // (a crashed browser is closed already)
      rmSync(profile.dir, { recursive: true, force: true });
    }
  }

  async closeAll(): Promise<void> {
    for (const { context } of [...this.profiles.values()]) await this.discard(context);
  }
}

/** A fake clock (page.clock) stays installed in its context, for the journeys after: refused, saying what to do. */
function refuseFakeClock(context: BrowserContext): void {
  for (const method of ['install', 'pauseAt', 'setFixedTime', 'setSystemTime'] as const) {
    context.clock[method] = () => {
      throw new Error(`page.clock.${method}() in a warm browser profile: put this journey under test.use({ warmBrowser: false })`);
    };
  }
}

/** Empties `context` of what a journey left, but for the HTTP and code caches. */
export async function emptyProfile(context: BrowserContext): Promise<void> {
  const { origins } = await context.storageState({ indexedDB: true });
  if (origins.length) {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const { origin } of origins) {
      // (not Playwright's setStorageState, which clears the HTTP cache too)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,service_workers,cache_storage' });
    }
    await cdp.detach();
  }
  await context.clearCookies();
  await Promise.all(context.pages().map((page) => page.close()));
}
