import { parseRuntimeConfig, runtimeConfigUrl } from './runtimeConfig';

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
