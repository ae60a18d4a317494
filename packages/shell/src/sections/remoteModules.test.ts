import { describeLoadError } from './remoteModules';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  // The share scope's shared-client: here, the module itself.
  loadShare: jest.fn(async () => () => jest.requireActual('@growth-admin/shared-client')),
}));

describe('describeLoadError', () => {
  it('keeps the first line without the runtime prefix and the error code', () => {
    expect(describeLoadError(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003\nargs: {...}'))).toBe('Failed to get manifest.');
  });

  it('copes with non-errors', () => {
    expect(describeLoadError('boom')).toBe('boom');
    expect(describeLoadError(undefined)).toBe('unknown error');
  });
});

describe('loadSectionComponent', () => {
  const runtime = jest.requireMock('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock; registerRemotes: jest.Mock };
  const config = {
    apiBaseUrl: 'http://api.test',
    signingKey: 'k',
    directImageHosts: [],
    remotes: { analytics: 'http://a/mf-manifest.json', projects: 'http://p/mf-manifest.json', people: 'http://u/mf-manifest.json', orders: 'http://o/mf-manifest.json', settings: 'http://s/mf-manifest.json' },
    releases: {},
  };

  it('names the remote on failure, then re-registers it so a retry starts afresh', async () => {
    const { loadSectionComponent, registerRemotesFromConfig } = await import('./remoteModules');
    registerRemotesFromConfig(config);
    runtime.registerRemotes.mockClear();
    runtime.loadRemote.mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));
    await expect(loadSectionComponent('orders', 'Orders')).rejects.toThrow(
      'The orders remote could not be loaded from http://o/mf-manifest.json: Failed to get manifest.',
    );
    expect(runtime.registerRemotes).not.toHaveBeenCalled();

    const Orders = () => null;
    runtime.loadRemote.mockResolvedValueOnce({ default: Orders });
    await expect(loadSectionComponent('orders', 'Orders')).resolves.toBe(Orders);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'orders', entry: 'http://o/mf-manifest.json' }], { force: true });
    // A loaded module is reused.
    await loadSectionComponent('orders', 'Orders');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('refuses a remote whose release recorded no integrity hashes where the registry gives them, fetching nothing of it', async () => {
    const { loadSectionComponent, registerRemotesFromConfig } = await import('./remoteModules');
    const hashes = { manifest: 'sha384-bWFu', entry: 'sha384-ZW50cnk=' };
    registerRemotesFromConfig({ ...config, integrity: { analytics: hashes, projects: hashes, orders: hashes, settings: hashes } });
    runtime.loadRemote.mockClear();
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn() as unknown as typeof fetch;
    try {
      await expect(loadSectionComponent('people', 'Section')).rejects.toThrow(
        "The people remote's release records no integrity hashes for its manifest and remoteEntry.js, so it is not loaded",
      );
      expect(globalThis.fetch).not.toHaveBeenCalled();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = original;
    }
  });

  it('refuses, by name, a remote that needs shared-client exports this shell lacks, without loading it', async () => {
    const { loadSectionComponent, registerRemotesFromConfig } = await import('./remoteModules');
    registerRemotesFromConfig(config);
    runtime.loadRemote.mockClear();
    const usage = { builtWith: '1.7.0', requiredVersion: '^1.7.0', uses: ['getPersons', 'exportPersonsCsv'] };
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => usage })) as unknown as typeof fetch;
    try {
      await expect(loadSectionComponent('people', 'Section')).rejects.toThrow(
        /^The people remote cannot run on this shell: it needs @growth-admin\/shared-client \^1\.7\.0 \(built with 1\.7\.0\), but this shell provides \d+\.\d+\.\d+, which lacks exportPersonsCsv/,
      );
      expect(globalThis.fetch).toHaveBeenCalledWith('http://u/shared-client-usage.json', { cache: 'no-cache' });
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = original;
    }
  });
});
