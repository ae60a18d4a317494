import { fetchRuntimeConfig, parseRuntimeConfig, runtimeConfigUrl } from './runtimeConfig';

const valid = {
  apiBaseUrl: 'http://api.test',
  signingKey: 'k',
  directImageHosts: ['cdn.test', 3],
  remotes: {
    analytics: 'http://a.test/mf-manifest.json',
    projects: 'http://p.test/mf-manifest.json',
    people: 'http://u.test/mf-manifest.json',
    orders: 'http://o.test/mf-manifest.json',
    settings: 'http://s.test/mf-manifest.json',
  },
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config and keeps only string image hosts', () => {
    const config = parseRuntimeConfig(valid);
    expect(config.remotes.orders).toBe('http://o.test/mf-manifest.json');
    expect(config.directImageHosts).toEqual(['cdn.test']);
  });

  it("reads the registry's answer in the API envelope, with the release behind each remote", () => {
    const releases = { orders: { id: '7', version: '2.0.0', canary: true }, people: { id: 'x' } };
    const config = parseRuntimeConfig({ data: { ...valid, releases } });
    expect(config.remotes.people).toBe('http://u.test/mf-manifest.json');
    expect(config.releases).toEqual({ orders: { id: '7', version: '2.0.0', canary: true } });
    expect(parseRuntimeConfig(valid).releases).toEqual({});
  });

  it("reads the registry's integrity hashes, dropping malformed ones; a plain config requires none", () => {
    const hashes = { manifest: 'sha384-bWFu', entry: 'sha384-ZW50cnk=' };
    const integrity = { orders: hashes, people: { manifest: 'md5-x', entry: 'sha384-ZW50cnk=' }, projects: { manifest: 'sha384-bWFu' } };
    expect(parseRuntimeConfig({ data: { ...valid, integrity } }).integrity).toEqual({ orders: hashes });
    expect(parseRuntimeConfig({ data: { ...valid, integrity: {} } }).integrity).toEqual({});
    expect(parseRuntimeConfig(valid).integrity).toBeUndefined();
  });

  it("takes a development override only as the remote's URL the config names, with its CSP ticket", () => {
    const override = { remote: 'orders', manifestUrl: 'http://localhost:5173/mf-manifest.json', origin: 'http://localhost:5173', setAt: '2026-11-20T12:00:00.000Z' };
    const remotes = { ...valid.remotes, orders: override.manifestUrl };
    const config = parseRuntimeConfig({ data: { ...valid, remotes, overrides: [override, { ...override, remote: 'people' }, 'x'], overrideTicket: 'ot1.a.b' } });
    expect(config.overrides).toEqual([override]); // people's URL is not the override's: dropped
    expect(config.overrideTicket).toBe('ot1.a.b');
    expect(parseRuntimeConfig({ data: { ...valid, overrides: [override] } }).overrides).toBeUndefined();
    expect(parseRuntimeConfig(valid).overrides).toBeUndefined();
  });

  it('names what is missing', () => {
    expect(() => parseRuntimeConfig(null)).toThrow('not a JSON object');
    expect(() => parseRuntimeConfig({ ...valid, apiBaseUrl: '' })).toThrow('"apiBaseUrl"');
    expect(() => parseRuntimeConfig({ ...valid, signingKey: undefined })).toThrow('"signingKey"');
  });

  it('an anonymous answer has no remotes and an empty composition', () => {
    const config = parseRuntimeConfig({ data: { apiBaseUrl: 'http://api.test', signingKey: 'k', directImageHosts: [] } });
    expect(config.remotes).toEqual({});
    expect(config.composition).toEqual({ sections: [], slots: {}, removedSections: [] });
  });

  it("reads the composition, keeping only entries whose remote the config names (anything else could not load)", () => {
    const composition = {
      sections: [
        { path: 'orders', label: 'Orders', icon: 'orders', remote: 'orders', module: './Orders', order: 40, itemLabel: 'Order' },
        { path: 'tickets', label: 'Tickets', icon: 'tickets', remote: 'tickets', module: './Section', order: 60 },
        { path: 'broken', remote: 'orders' },
      ],
      slots: {
        'dashboard.cards': [{ remote: 'people', module: './Card', order: 1 }, { remote: 'ghost', module: './Card', order: 2 }],
        'user.details.tabs': [{ remote: 'orders', module: './Tab', order: 1, label: 'Orders' }],
      },
      removedSections: [{ path: 'promotions', label: 'Promotions' }, { path: 'x' }],
    };
    expect(parseRuntimeConfig({ data: { ...valid, composition } }).composition).toEqual({
      sections: [{ path: 'orders', label: 'Orders', icon: 'orders', remote: 'orders', module: './Orders', order: 40, itemLabel: 'Order' }],
      slots: { 'dashboard.cards': [{ remote: 'people', module: './Card', order: 1 }], 'user.details.tabs': [{ remote: 'orders', module: './Tab', order: 1, label: 'Orders' }] },
      removedSections: [{ path: 'promotions', label: 'Promotions' }],
    });
  });
});

describe('runtimeConfigUrl', () => {
  afterEach(() => document.head.querySelector('meta[name="growth-admin:runtime-config"]')?.remove());

  it('defaults to runtime-config.json under the public path', () => {
    expect(runtimeConfigUrl(document, '/')).toBe(`${window.location.origin}/runtime-config.json`);
  });

  it('follows the meta tag when a deployment sets it', () => {
    const meta = document.createElement('meta');
    meta.name = 'growth-admin:runtime-config';
    meta.content = 'https://config.example/admin.json';
    document.head.append(meta);
    expect(runtimeConfigUrl(document, '/')).toBe('https://config.example/admin.json');
  });
});

describe('fetchRuntimeConfig', () => {
  const original = globalThis.fetch;
  afterEach(() => (globalThis.fetch = original));

  it("sends a stored session's token (the registry then answers that administrator's composition), and nothing without one", async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ data: valid }) }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await fetchRuntimeConfig('http://api.test/api/runtime-config', 'tok');
    expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/api/runtime-config', { cache: 'no-cache', headers: { Authorization: 'Bearer tok' } });
    await fetchRuntimeConfig('http://api.test/api/runtime-config');
    expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/api/runtime-config', { cache: 'no-cache' });
  });

  it('names the URL when it fails', async () => {
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })) as unknown as typeof fetch;
    await expect(fetchRuntimeConfig('http://api.test/x')).rejects.toThrow('http://api.test/x answered HTTP 503');
  });
});
