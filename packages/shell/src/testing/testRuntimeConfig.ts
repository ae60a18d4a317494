// A runtime config with the composition the registry answers for an owner of this repository's
// remotes: what the shell's tests start their page from. (A test fixture, not a list the shell reads.)
import type { RuntimeConfig } from '../boot/runtimeConfig';

const section = (remote: string, path: string, label: string, icon: string, order: number, module = './Section', extra = {}) => ({ remote, path, label, icon, order, module, ...extra });

/** A release's hashes, as the registry gives them (the tests' fake runtime checks none). */
export const TEST_HASHES = { manifest: 'sha384-bWFuaWZlc3Q=', entry: 'sha384-ZW50cnk=' };

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  signingKey: 'k',
  directImageHosts: [],
  remotes: {
    analytics: 'http://a.test/mf-manifest.json',
    projects: 'http://p.test/mf-manifest.json',
    people: 'http://u.test/mf-manifest.json',
    orders: 'http://o.test/mf-manifest.json',
    settings: 'http://s.test/mf-manifest.json',
  },
  releases: {},
  // The registry's answer carries each remote's hashes (a config without is development's: remoteLoader.ts).
  integrity: Object.fromEntries(['analytics', 'projects', 'people', 'orders', 'settings'].map((name) => [name, TEST_HASHES])),
  composition: {
    sections: [
      section('analytics', 'analytics', 'Analytics', 'dashboard', 10, './Section', { prefetch: 'dashboard' }),
      section('projects', 'projects', 'Projects', 'projects', 20),
      section('people', 'users', 'Users', 'users', 30, './Section', { itemLabel: 'User' }),
      section('orders', 'orders', 'Orders', 'orders', 40, './Orders', { itemLabel: 'Order' }),
      section('orders', 'payments', 'Payments', 'payments', 50, './Payments'),
      section('settings', 'settings', 'Settings', 'settings', 90),
    ],
    slots: {},
    removedSections: [{ path: 'tickets', label: 'Tickets' }],
  },
};
