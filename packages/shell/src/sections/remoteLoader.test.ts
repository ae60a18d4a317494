import type { RuntimeConfig } from '../boot/runtimeConfig';
import { describeLoadError, RemoteLoader, UNVERIFIED_REMOTES_WARNING, type FederationRuntime } from './remoteLoader';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  signingKey: 'k',
  directImageHosts: [],
  remotes: { orders: 'http://o/mf-manifest.json', people: 'http://u/mf-manifest.json', tickets: 'http://evil.test/mf-manifest.json' },
  releases: { orders: { id: '7', version: '2.0.0', canary: false } },
  allowedOrigins: ['http://o', 'http://u'],
  composition: { sections: [], slots: {}, removedSections: [] },
};

function fakeRuntime() {
  return { registerPlugins: jest.fn(), registerRemotes: jest.fn(), registerShared: jest.fn(), loadRemote: jest.fn() } satisfies Record<keyof FederationRuntime, jest.Mock>;
}

/** fetch answering every usage file with `usage` (a remote that needs nothing this shell lacks by default). */
function answerUsage(usage: object = { builtWith: '1.0.0', requiredVersion: '^1.0.0', uses: [] }) {
  const original = globalThis.fetch;
  const answer = (): object => ({ ok: true, status: 200, json: async () => usage, clone: answer });
  const fetchMock = jest.fn(async () => answer());
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, restore: () => (globalThis.fetch = original) };
}

describe('describeLoadError', () => {
  it('keeps the first line without the runtime prefix and the error code', () => {
    expect(describeLoadError(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003\nargs: {...}'))).toBe('Failed to get manifest.');
  });

  it('copes with non-errors', () => {
    expect(describeLoadError('boom')).toBe('boom');
    expect(describeLoadError(undefined)).toBe('unknown error');
  });
});

describe('RemoteLoader', () => {
  it('starts once: the integrity plugin and every remote on an allowed origin, registered together', () => {
    const runtime = fakeRuntime();
    const loader = new RemoteLoader({ ...config, integrity: {} }, runtime);
    loader.start();
    loader.start();
    expect(runtime.registerPlugins).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'orders', entry: 'http://o/mf-manifest.json' },
        { name: 'people', entry: 'http://u/mf-manifest.json' },
      ],
      { force: true },
    );
  });

  it('names the remote on failure, then re-registers it so a retry starts afresh; a loaded module is reused', async () => {
    const runtime = fakeRuntime();
    const loader = new RemoteLoader(config, runtime);
    const { restore } = answerUsage();
    try {
      runtime.loadRemote.mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));
      await expect(loader.load('orders', './Orders')).rejects.toThrow('The orders remote could not be loaded from http://o/mf-manifest.json: Failed to get manifest.');
      expect(runtime.registerRemotes).not.toHaveBeenCalled();

      const Orders = () => null;
      runtime.loadRemote.mockResolvedValueOnce({ default: Orders });
      await expect(loader.load('orders', './Orders')).resolves.toBe(Orders);
      expect(runtime.loadRemote).toHaveBeenLastCalledWith('orders/Orders');
      expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'orders', entry: 'http://o/mf-manifest.json' }], { force: true });
      await loader.load('orders', './Orders');
      expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    } finally {
      restore();
    }
  });

  it("starts a checked remote's manifest request itself, before the runtime's asynchronous steps; its plugin takes that request once", async () => {
    const runtime = fakeRuntime();
    const hashes = { manifest: 'sha384-bWFuaWZlc3Q=', entry: 'sha384-ZW50cnk=' };
    const loader = new RemoteLoader({ ...config, integrity: { orders: hashes } }, runtime);
    const { fetchMock, restore } = answerUsage();
    try {
      loader.start();
      runtime.loadRemote.mockImplementation(() => {
        // By the time the runtime is asked, the manifest's request is out, as the plugin would make it.
        expect(fetchMock).toHaveBeenCalledWith('http://o/mf-manifest.json', { integrity: hashes.manifest, mode: 'cors', credentials: 'omit' });
        return Promise.resolve({ default: () => null });
      });
      await loader.load('orders', './Orders');
      expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
      const calls = fetchMock.mock.calls.length;
      const [[plugins]] = runtime.registerPlugins.mock.calls as unknown as [[Array<{ fetch: (url: string, init: RequestInit, remote: { name: string }) => Promise<unknown> }>]];
      const remoteInfo = { name: 'orders' };
      await plugins[0].fetch('http://o/mf-manifest.json', {}, remoteInfo);
      expect(fetchMock).toHaveBeenCalledTimes(calls); // the started request, not a second one
      await plugins[0].fetch('http://o/mf-manifest.json', {}, remoteInfo);
      expect(fetchMock).toHaveBeenCalledTimes(calls + 1); // taken once: a later fetch (a retry) is its own
    } finally {
      restore();
    }
  });

  it('refuses a remote on an origin the registry does not allow, and one outside the composition, fetching nothing', async () => {
    const runtime = fakeRuntime();
    const loader = new RemoteLoader(config, runtime);
    const { fetchMock, restore } = answerUsage();
    try {
      await expect(loader.load('tickets', './Section')).rejects.toThrow("The tickets remote's URL http://evil.test/mf-manifest.json is not on an origin the release registry allows");
      await expect(loader.load('promotions', './Section')).rejects.toThrow("No remote named promotions is in this administrator's composition");
      expect(fetchMock).not.toHaveBeenCalled();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('refuses a remote whose release recorded no integrity hashes where the registry gives them, fetching nothing of it', async () => {
    const runtime = fakeRuntime();
    const hashes = { manifest: 'sha384-bWFu', entry: 'sha384-ZW50cnk=' };
    const loader = new RemoteLoader({ ...config, integrity: { orders: hashes } }, runtime);
    const { fetchMock, restore } = answerUsage();
    try {
      await expect(loader.load('people', './Section')).rejects.toThrow(
        "The people remote's release records no integrity hashes for its manifest and remoteEntry.js, so it is not loaded",
      );
      expect(fetchMock).not.toHaveBeenCalled();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
      expect(loader.integrityOf('orders')).toEqual(hashes);
    } finally {
      restore();
    }
  });

  it('refuses, by name, a remote that needs shared-client exports this shell lacks, without loading it', async () => {
    const runtime = fakeRuntime();
    const loader = new RemoteLoader(config, runtime);
    const { fetchMock, restore } = answerUsage({ builtWith: '1.7.0', requiredVersion: '^1.7.0', uses: ['call', 'exportPersonsCsv'] });
    try {
      await expect(loader.load('people', './Section')).rejects.toThrow(
        /^The people remote cannot run on this shell: it needs @growth-admin\/shared-client \^1\.7\.0 \(built with 1\.7\.0\), but this shell provides \d+\.\d+\.\d+, which lacks exportPersonsCsv/,
      );
      expect(fetchMock.mock.calls[0]).toEqual(['http://u/shared-client-usage.json']);
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('loads a development override without integrity, only once its build was checked in the page; refuses one the page does not admit', async () => {
    const build = 'http://localhost:5173/mf-manifest.json';
    const overridden: RuntimeConfig = {
      ...config,
      remotes: { ...config.remotes, orders: build },
      releases: {},
      integrity: { people: { manifest: 'sha384-bWFu', entry: 'sha384-ZW50cnk=' } },
      allowedOrigins: [...config.allowedOrigins!, 'http://localhost:5173'],
      overrides: [{ remote: 'orders', manifestUrl: build, origin: 'http://localhost:5173', setAt: '2026-11-20T12:00:00.000Z' }],
    };
    const runtime = fakeRuntime();
    const loader = new RemoteLoader(overridden, runtime);
    expect(loader.integrityOf('orders')).toBeUndefined(); // exempt, because listed as an override
    expect(loader.integrityOf('people')).not.toBeUndefined();
    const { fetchMock, restore } = answerUsage();
    const { resetOverrideChecks } = await import('../override/check');
    try {
      // Behind a server that checks no ticket (already loaded again once): refused, nothing fetched or run.
      sessionStorage.setItem('growth-admin.override-reload', 'http://localhost:5173');
      await expect(loader.load('orders', './Orders')).rejects.toThrow(/^The orders override cannot load: this page does not admit http:\/\/localhost:5173/);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
      expect(runtime.registerShared).not.toHaveBeenCalled();

      // Admitted: the build's files are read (the gate's rules) before the federation runtime loads it.
      resetOverrideChecks();
      document.head.innerHTML = '<meta name="growth-admin:override-origins" content="http://localhost:5173">';
      runtime.loadRemote.mockImplementation(async () => {
        expect((fetchMock.mock.calls as unknown as Array<[string]>).map(([url]) => url)).toContain(build);
        // The page's production JSX under the development name, for a development build to take.
        const jsxDev = runtime.registerShared.mock.calls[0]?.[0]?.['react/jsx-dev-runtime'];
        expect(jsxDev).toMatchObject({ version: expect.stringMatching(/^19\./), shareConfig: { singleton: true } });
        expect(jsxDev.lib().jsxDEV('p', { children: 'x' }, 'k')).toMatchObject({ type: 'p', key: 'k', props: { children: 'x' } });
        return { default: () => null };
      });
      await expect(loader.load('orders', './Orders')).resolves.toBeInstanceOf(Function);
      expect(runtime.loadRemote).toHaveBeenCalledWith('orders/Orders');
    } finally {
      restore();
      document.head.innerHTML = '';
      sessionStorage.clear();
    }
  });

  it("says which release of a remote this page runs", () => {
    const loader = new RemoteLoader(config, fakeRuntime());
    expect(loader.releaseOf('orders')).toEqual({ id: '7', version: '2.0.0', canary: false });
    expect(loader.releaseOf('people')).toBeUndefined();
  });
});

describe('a runtime config that is not the release registry’s (a plain runtime-config.json)', () => {
  const plain: RuntimeConfig = { ...config, allowedOrigins: undefined, releases: {} };

  it('in development: its remotes load unchecked, and the console says loudly that this is development only', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const runtime = fakeRuntime();
    const { restore } = answerUsage();
    try {
      const loader = new RemoteLoader(plain, runtime);
      loader.start();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(UNVERIFIED_REMOTES_WARNING);
      expect(UNVERIFIED_REMOTES_WARNING).toMatch(/^\[Growth Admin\] DEVELOPMENT ONLY: .*no integrity hash checked.*A production build refuses them/);
      const Orders = () => null;
      runtime.loadRemote.mockResolvedValueOnce({ default: Orders });
      await expect(loader.load('orders', './Orders')).resolves.toBe(Orders);
    } finally {
      restore();
      warn.mockRestore();
    }
  });

  it("the registry's config (hashes, even none) warns of nothing", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      new RemoteLoader({ ...config, integrity: {} }, fakeRuntime()).start();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('in a production build: its remotes are refused as a release without hashes is, fetching nothing', async () => {
    const nodeEnv = process.env.NODE_ENV;
    let Production: typeof RemoteLoader | undefined;
    process.env.NODE_ENV = 'production';
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module reads the build's NODE_ENV when it loads
        Production = (require('./remoteLoader') as typeof import('./remoteLoader')).RemoteLoader;
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const runtime = fakeRuntime();
    const { fetchMock, restore } = answerUsage();
    try {
      const loader = new Production!(plain, runtime);
      await expect(loader.load('orders', './Orders')).rejects.toThrow("The orders remote's release records no integrity hashes for its manifest and remoteEntry.js, so it is not loaded");
      expect(fetchMock).not.toHaveBeenCalled();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });
});
