import { BROWSER_ID_KEY, parseRuntimeConfig, releaseSubject, runtimeConfigUrl, withSubject } from './runtimeConfig';

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

  it('names what is missing', () => {
    expect(() => parseRuntimeConfig(null)).toThrow('not a JSON object');
    expect(() => parseRuntimeConfig({ ...valid, apiBaseUrl: '' })).toThrow('"apiBaseUrl"');
    expect(() => parseRuntimeConfig({ ...valid, remotes: { ...valid.remotes, people: undefined } })).toThrow('remote "people"');
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

describe('releaseSubject', () => {
  beforeEach(() => localStorage.clear());

  it('is the signed-in administrator once someone signed in on this browser', () => {
    expect(releaseSubject(localStorage, 'alice')).toBe('admin:alice');
  });

  it('is a random browser id kept across loads before anyone signed in', () => {
    const first = releaseSubject(localStorage, undefined);
    expect(first).toMatch(/^browser:[0-9a-f]{24}$/);
    expect(releaseSubject(localStorage, undefined)).toBe(first);
    localStorage.removeItem(BROWSER_ID_KEY);
    expect(releaseSubject(localStorage, undefined)).not.toBe(first);
  });

  it('is added to the config URL as a query parameter', () => {
    expect(withSubject('http://api.test/api/runtime-config', 'admin:a b')).toBe('http://api.test/api/runtime-config?subject=admin%3Aa+b');
    expect(withSubject('http://api.test/api/runtime-config', undefined)).toBe('http://api.test/api/runtime-config');
  });
});
