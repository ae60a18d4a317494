// A developer's override in the page: the link, the ticket cookie, what the page admits, and the
// gate's rules run on the build before it loads (against this shell's own manifest and contract).
// The network is the only thing faked (a map of URL → JSON).
import type { Composition } from '@growth-admin/shared-client';
import type { RemoteOverride, RuntimeConfig } from '../boot/runtimeConfig';
import { buildProblems } from './buildCheck';
import { overrideReady, resetOverrideChecks } from './check';
import { overrideLinkOf, withoutOverrideLink } from './link';
import { clearOverrideTicket, keepOverrideTicket, pageAdmittedOrigins } from './ticket';

const BUILD = 'http://localhost:5173/mf-manifest.json';
const SHELL = 'http://shell.test/';
const shared = (requiredVersion = '^19.0.0') => [
  { name: 'react', version: '19.2.0', requiredVersion, singleton: true },
  { name: '@growth-admin/ui-kit', version: '3.0.0', requiredVersion: '^3.0.0', singleton: false },
];
const buildFiles = (over: { manifest?: object; usage?: object; meta?: object } = {}): Record<string, unknown> => ({
  [BUILD]: { name: 'orders', exposes: [{ name: 'Orders', path: './Orders' }, { name: 'Card', path: './Card' }], shared: shared(), ...over.manifest },
  'http://localhost:5173/shared-client-usage.json': { uses: ['call'], antdUses: ['Button'], ...over.usage },
  'http://localhost:5173/remote-meta.json': {
    schemaVersion: 1,
    name: 'orders',
    sections: [{ path: 'orders', label: 'Orders', icon: 'orders', leastRole: 'viewer', order: 40, module: './Orders' }],
    contributions: [{ slot: 'dashboard.cards', contract: '^1.0.0', module: './Card', leastRole: 'viewer', order: 1 }],
    ...over.meta,
  },
  [`${SHELL}mf-manifest.json`]: { name: 'shell', shared: [{ name: 'react', version: '19.2.0' }, { name: '@growth-admin/ui-kit', version: '2.0.0' }] },
  [`${SHELL}shell-contract.json`]: { sharedClient: { exports: ['call'] }, antd: { exports: ['Button'] }, slots: { 'dashboard.cards': '1.1.0' } },
});
function network(files: Record<string, unknown>) {
  return jest.fn(async (url: string | URL | Request) => {
    const body = files[String(url)];
    return body === undefined ? { ok: false, status: 404, json: async () => ({}) } : { ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(body)) };
  }) as unknown as jest.MockedFunction<typeof fetch>;
}
const composition: Composition = {
  sections: [
    { path: 'orders', label: 'Orders', icon: 'orders', remote: 'orders', module: './Orders', order: 40 },
    { path: 'people', label: 'Users', icon: 'users', remote: 'people', module: './Section', order: 30 },
  ],
  slots: {},
  removedSections: [],
};

describe('the override link', () => {
  it('names a remote and the http(s) URL of its build, encoded or not', () => {
    const link = { remote: 'orders', manifestUrl: BUILD, origin: 'http://localhost:5173' };
    expect(overrideLinkOf(`?override=orders@${encodeURIComponent(BUILD)}`)).toEqual(link);
    expect(overrideLinkOf(`?tab=1&override=orders@${BUILD}`)).toEqual(link);
    expect(overrideLinkOf('?tab=1')).toBeNull();
  });

  it('says why a link names no override', () => {
    expect(overrideLinkOf(`?override=${BUILD}`)).toEqual(new Error(`“${BUILD}” names no remote: an override link is ?override=<remote>@<manifest URL>`));
    expect(overrideLinkOf('?override=orders@javascript:alert(1)')).toEqual(new Error('“javascript:alert(1)” is not an http(s) URL of a build’s manifest'));
    expect(overrideLinkOf('?override=Orders@http://x/mf-manifest.json')).toBeInstanceOf(Error);
  });

  it('is dropped from the address, the rest kept', () => {
    expect(withoutOverrideLink(`http://shell.test/orders?tab=1&override=orders@${encodeURIComponent(BUILD)}`)).toBe('http://shell.test/orders?tab=1');
  });
});

describe('the ticket and what the page admits', () => {
  afterEach(() => {
    clearOverrideTicket();
    document.head.innerHTML = '';
  });

  it('keeps the ticket in a cookie of the shell’s origin and forgets it', () => {
    keepOverrideTicket('ot1.payload.sig');
    expect(document.cookie).toContain('growth-admin-override=ot1.payload.sig');
    clearOverrideTicket();
    expect(document.cookie).not.toContain('growth-admin-override');
  });

  it('reads the origins the page server admitted (none behind a server that checks no ticket)', () => {
    document.head.innerHTML = '<meta name="growth-admin:override-origins" content="">';
    expect(pageAdmittedOrigins()).toEqual([]);
    document.head.innerHTML = '<meta name="growth-admin:override-origins" content="http://localhost:5173 http://127.0.0.1:8080">';
    expect(pageAdmittedOrigins()).toEqual(['http://localhost:5173', 'http://127.0.0.1:8080']);
  });
});

describe("the gate's rules on the build, in the page", () => {
  it('pass a build that fits this shell, a development build too (this page provides React’s development JSX runtime)', async () => {
    expect(await buildProblems('orders', BUILD, composition, network(buildFiles()), SHELL)).toEqual([]);
    const development = buildFiles({ manifest: { shared: [...shared(), { name: 'react/jsx-dev-runtime', version: '19.2.0', requiredVersion: '^19.0.0', singleton: true }] } });
    expect(await buildProblems('orders', BUILD, composition, network(development), SHELL)).toEqual([]);
  });

  it('name every problem: a singleton this shell provides in another version, exports it lacks, a slot contract, a path another remote owns, an unexposed module', async () => {
    const files = buildFiles({
      manifest: { shared: shared('^20.0.0') },
      usage: { uses: ['call', 'newHook'], antdUses: ['Button', 'Transfer'] },
      meta: {
        sections: [
          { path: 'orders', label: 'Orders', icon: 'orders', leastRole: 'viewer', order: 40, module: './Orders' },
          { path: 'people', label: 'Mine', icon: 'users', leastRole: 'viewer', order: 41, module: './Missing' },
        ],
        contributions: [{ slot: 'dashboard.cards', contract: '^2.0.0', module: './Card', leastRole: 'viewer', order: 1 }],
      },
    });
    expect(await buildProblems('orders', BUILD, composition, network(files), SHELL)).toEqual([
      'it needs react ^20.0.0, but the active shell provides 19.2.0',
      'it uses @growth-admin/shared-client exports the active shell does not provide: newHook',
      'it uses antd exports the active shell does not provide: Transfer',
      'the section path /people belongs to the remote people',
      'it does not expose orders/Missing, which its remote-meta.json names',
      'its contribution to dashboard.cards needs the slot contract ^2.0.0, but the active shell provides 1.1.0',
    ]);
  });

  it('say so when the build or this shell’s contract cannot be read', async () => {
    const files = buildFiles();
    delete files[BUILD];
    expect(await buildProblems('orders', BUILD, composition, network(files), SHELL)).toEqual([`its manifest at ${BUILD} does not load (HTTP 404)`]);
    const noContract = buildFiles();
    delete noContract[`${SHELL}shell-contract.json`];
    expect(await buildProblems('orders', BUILD, composition, network(noContract), SHELL)).toEqual([
      `the build cannot be checked: this shell's contract at ${SHELL}shell-contract.json does not load (HTTP 404)`,
    ]);
  });
});

describe('before an override loads', () => {
  const override: RemoteOverride = { remote: 'orders', manifestUrl: BUILD, origin: 'http://localhost:5173', setAt: '2026-11-20T12:00:00.000Z' };
  const config = { composition, overrides: [override], overrideTicket: 'ot1.fresh.ticket' } as unknown as RuntimeConfig;
  beforeEach(() => {
    resetOverrideChecks();
    sessionStorage.clear();
  });
  afterEach(() => {
    clearOverrideTicket();
    document.head.innerHTML = '';
  });

  it('keeps the fresh ticket and loads the page again once when its CSP does not admit the origin yet', () => {
    const reload = jest.fn();
    void overrideReady(override, config, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.cookie).toContain('growth-admin-override=ot1.fresh.ticket');
  });

  it('refuses it, saying why, when the page still does not admit it after that load; the next load tries again', async () => {
    sessionStorage.setItem('growth-admin.override-reload', override.origin);
    const reload = jest.fn();
    await expect(overrideReady(override, config, reload)).rejects.toThrow(
      'The orders override cannot load: this page does not admit http://localhost:5173: its server checks no override ticket, so orders cannot load from there (docs/security.md)',
    );
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('growth-admin.override-reload')).toBeNull();
  });
});
