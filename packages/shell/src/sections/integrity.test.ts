// The integrity plugin inside the real federation runtime (jsdom does not check hashes: the e2e
// journey proves the browser refuses an altered file). It gives the manifest's fetch and the
// remoteEntry.js script the release's hashes, lets the runtime add chunk scripts only with the hashes
// the (verified) manifest lists, and refuses a remote whose release recorded none.
import { createHash, webcrypto } from 'node:crypto';
import { waitFor } from '@testing-library/react';
import { createInstance } from '@module-federation/enhanced/runtime';
import { integrityPlugin, type IntegrityOf } from './integrity';
import { describeLoadError } from './remoteLoader';

const MANIFEST_HASH = 'sha384-bWFuaWZlc3Q=';
const ENTRY_HASH = 'sha384-ZW50cnk=';
const MANIFEST_URL = 'http://store.test/orders/1.0.0/mf-manifest.json';

/** A remote's manifest, as the federation build writes it (trimmed to what the runtime reads). */
const manifest = {
  id: 'orders',
  name: 'orders',
  metaData: {
    name: 'orders',
    type: 'app',
    buildInfo: { buildVersion: '1.0.0', buildName: 'orders' },
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    types: { path: '', name: '', zip: '', api: '' },
    globalName: 'orders',
    pluginVersion: '2.9.2',
    publicPath: 'auto',
  },
  shared: [],
  remotes: [],
  exposes: [{ id: 'orders:Orders', name: 'Orders', path: './Orders', assets: { js: { sync: ['540.abc.js'], async: [] }, css: { sync: [], async: [] } } }],
};

class FakeResponse {
  ok = true;
  status = 200;
  constructor(private readonly body: unknown) {}
  async json() {
    return this.body;
  }
  clone() {
    return new FakeResponse(this.body);
  }
  async arrayBuffer() {
    return Buffer.from(typeof this.body === 'string' ? this.body : JSON.stringify(this.body)); // (a view: jsdom has no TextEncoder)
  }
}
// jsdom has no Response; the runtime checks the hook's answer with `instanceof Response`.
(globalThis as { Response?: unknown }).Response ??= FakeResponse;

const CHUNK_HASH = 'sha384-Y2h1bms=';
/** The manifest as today's builds write it: with each chunk's hash (tools/federation/integrity.mjs). */
const hashedManifest = { ...manifest, integrity: { '540.abc.js': CHUNK_HASH } };

let seq = 0;
function host(integrityOf: IntegrityOf, served: object = manifest, manifestUrl = MANIFEST_URL, approval?: Promise<void>) {
  const fetchImpl = jest.fn(async () => new (globalThis as unknown as { Response: typeof FakeResponse }).Response(served) as unknown as Response);
  const plugin = integrityPlugin(integrityOf, fetchImpl as unknown as typeof fetch, () => approval);
  // Every script the runtime asks for, whatever the plugin answers.
  const createScript = jest.fn(plugin.createScript!);
  const instance = createInstance({ name: `host${++seq}`, remotes: [{ name: 'orders', entry: manifestUrl }], shared: {}, plugins: [{ ...plugin, createScript }] });
  return { instance, fetchImpl, createScript };
}

/** The scripts the runtime has added to the page so far (it removes each once loaded or failed). */
const scripts = () => [...document.querySelectorAll('script')];

type FederationGlobal = { __PRELOADED_MAP__: Map<string, unknown>; __PRELOADED_ASSETS__: Set<string> };
afterEach(() => {
  document.head.replaceChildren();
  // Each test is a page of its own: the runtime's page-wide record of the modules it has preloaded
  // (a later test loading orders/Orders would otherwise add no chunk script of its own).
  const federation = (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
  federation?.__PRELOADED_MAP__.clear();
  federation?.__PRELOADED_ASSETS__.clear();
});

test('the manifest is fetched with its hash and anonymous CORS; remoteEntry.js is loaded with its hash; no chunk script is added without one', async () => {
  const { instance, fetchImpl, createScript } = host(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }));
  const loading = instance.loadRemote('orders/Orders');
  await waitForScript();
  expect(fetchImpl).toHaveBeenCalledWith(MANIFEST_URL, expect.objectContaining({ integrity: MANIFEST_HASH, mode: 'cors', credentials: 'omit' }));
  const [entry, ...others] = scripts();
  expect(entry.src).toBe('http://store.test/orders/1.0.0/remoteEntry.js');
  expect(entry.integrity).toBe(ENTRY_HASH);
  expect(entry.crossOrigin).toBe('anonymous');
  // The exposed module's chunk is not preloaded by the runtime (its hash is in remoteEntry.js, whose runtime loads it).
  expect(others).toEqual([]);
  expect(createScript.mock.calls.map(([{ url }]) => url)).toEqual(['http://store.test/orders/1.0.0/remoteEntry.js']);
  // What the browser does with an altered file: the script fails, and so does the load.
  entry.dispatchEvent(new Event('error'));
  await expect(loading).rejects.toThrow(/remoteEntry\.js/);
});

test("with the chunks' hashes in the manifest, the exposed module's chunk is fetched beside remoteEntry.js, with its hash and anonymous CORS", async () => {
  // (another release's folder: the runtime keeps each manifest it has read, by its address)
  const { instance, createScript } = host(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }), hashedManifest, 'http://store.test/orders/1.0.1/mf-manifest.json');
  const loading = instance.loadRemote('orders/Orders');
  await waitForScript(2);
  const byUrl = new Map(scripts().map((s) => [s.src, s]));
  expect(byUrl.get('http://store.test/orders/1.0.1/remoteEntry.js')?.integrity).toBe(ENTRY_HASH);
  const chunk = byUrl.get('http://store.test/orders/1.0.1/540.abc.js')!;
  expect(chunk.integrity).toBe(CHUNK_HASH);
  expect(chunk.crossOrigin).toBe('anonymous');
  expect(createScript).toHaveBeenCalledTimes(2);
  for (const script of scripts()) script.dispatchEvent(new Event('error'));
  await expect(loading).rejects.toThrow(/remoteEntry\.js/);
});

test("a manifest from the release store points at its remote's shared files/ folder: a chunk there gets the manifest's hash for it", async () => {
  const url = 'http://store.test/orders/1.0.9/mf-manifest.json';
  const stored = {
    ...hashedManifest,
    metaData: { ...manifest.metaData, publicPath: 'http://store.test/orders/files/', remoteEntry: { name: 'remoteEntry.0123456789.js', path: '', type: 'global' } },
  };
  const fetchImpl = jest.fn(async () => new (globalThis as unknown as { Response: typeof FakeResponse }).Response(stored) as unknown as Response);
  const onFiles = jest.fn();
  const plugin = integrityPlugin(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }), fetchImpl as unknown as typeof fetch, undefined, onFiles);
  const remote = { name: 'orders', entry: url } as never;
  await plugin.fetch!(url, {}, remote);
  // (the page's measurements attribute errors of files there to the remote)
  expect(onFiles).toHaveBeenCalledWith('orders', 'http://store.test/orders/files/');
  const script = (src: string, resourceType = 'js') => plugin.createScript!({ url: src, attrs: {}, remoteInfo: remote, resourceContext: { resourceType } } as never) as HTMLScriptElement;
  expect(script('http://store.test/orders/files/540.abc.js').integrity).toBe(CHUNK_HASH);
  expect(script('http://store.test/orders/files/remoteEntry.0123456789.js', 'remoteEntry').integrity).toBe(ENTRY_HASH);
  // Not where the manifest says its files are: refused, not loaded without a hash.
  expect(() => script('http://store.test/orders/1.0.9/540.abc.js')).toThrow('is not loaded outside its remoteEntry.js');
});

test("the manifest is fetched at once but read only once the remote is approved (the shell's usage check, beside it); refused, nothing of the remote is added", async () => {
  let approve!: () => void;
  const approval = new Promise<void>((resolve) => (approve = resolve));
  const hashes = () => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH });
  const { instance, fetchImpl } = host(hashes, hashedManifest, 'http://store.test/orders/1.0.2/mf-manifest.json', approval);
  const loading = instance.loadRemote('orders/Orders');
  // The manifest's answer is in (the fake answers at once, in microtasks) and they have all run:
  // without the approval, the runtime still has read nothing of it.
  await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  expect(scripts()).toEqual([]);
  approve();
  await waitForScript();
  expect(scripts().map((script) => script.src)).toContain('http://store.test/orders/1.0.2/remoteEntry.js');
  for (const script of scripts()) script.dispatchEvent(new Event('error'));
  await expect(loading).rejects.toThrow(/remoteEntry\.js/);
  document.head.replaceChildren();

  const refusal = Promise.reject(new Error('The orders remote cannot run on this shell: it uses queries.newThing'));
  refusal.catch(() => undefined); // (the shell awaits it too)
  const refused = host(hashes, hashedManifest, 'http://store.test/orders/1.0.3/mf-manifest.json', refusal);
  await expect(refused.instance.loadRemote('orders/Orders')).rejects.toThrow('cannot run on this shell');
  expect(refused.fetchImpl).toHaveBeenCalledTimes(1);
  expect(scripts()).toEqual([]);
});

test('a remote whose release recorded no hashes is refused: its manifest is not fetched and no script is added', async () => {
  const { instance, fetchImpl } = host(() => null);
  await expect(instance.loadRemote('orders/Orders')).rejects.toThrow("The orders remote's release records no integrity hashes for its manifest and remoteEntry.js, so it is not loaded");
  expect(fetchImpl).not.toHaveBeenCalled();
  expect(scripts()).toEqual([]);
});

test('the plugin refuses a script of the remote other than its entry, and leaves loading as it is where no hashes are required (a plain runtime config)', () => {
  const plugin = integrityPlugin(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }));
  const remoteInfo = { name: 'orders', entry: MANIFEST_URL } as never;
  expect(() =>
    plugin.createScript!({ url: 'http://store.test/orders/1.0.0/540.abc.js', attrs: {}, remoteInfo, resourceContext: { resourceType: 'js', url: '' } } as never),
  ).toThrow("The orders remote's http://store.test/orders/1.0.0/540.abc.js is not loaded outside its remoteEntry.js, which carries its hash");
  expect(plugin.createScript!({ url: 'http://store.test/orders/1.0.0/remoteEntry.js', attrs: {}, remoteInfo, resourceContext: { resourceType: 'remoteEntry', url: '' } } as never)).toMatchObject({ integrity: ENTRY_HASH });
  expect(() => plugin.createScript!({ url: 'x', attrs: {}, remoteInfo: { name: 'people' } } as never)).not.toThrow();

  const none = integrityPlugin(() => undefined);
  expect(none.createScript!({ url: 'http://store.test/orders/1.0.0/remoteEntry.js', attrs: {}, remoteInfo } as never)).toBeUndefined();
  expect(none.fetch!(MANIFEST_URL, {}, remoteInfo)).toBeUndefined();
  const ops = [{ nameOrAlias: 'orders' }];
  none.beforePreloadRemote!({ preloadOps: ops } as never);
  expect(ops).toHaveLength(1);
});

// (jsdom has no WebCrypto; the browser's is the same API)
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
const respond = (body: unknown) => new (globalThis as unknown as { Response: typeof FakeResponse }).Response(body) as unknown as Response;

/**
 * A store whose `altered` file has other bytes than its release recorded: the browser refuses it when
 * fetched with its hash (a rejection that reads like a network failure); fetched without, it is read.
 */
function storeWithAltered(altered: string, bytes: Record<string, unknown>) {
  return jest.fn(async (url: string, init?: RequestInit) => {
    if (url === altered && init?.integrity) throw new TypeError('Failed to fetch');
    if (!(url in bytes)) throw new TypeError('Failed to fetch');
    return respond(bytes[url]);
  });
}

test("a manifest the browser refuses for its hash fails the load as 'integrity mismatch for <its URL>', not 'Failed to get manifest'; a retry fetches it again", async () => {
  const url = 'http://store.test/orders/2.0.0/mf-manifest.json';
  const fetchImpl = storeWithAltered(url, { [url]: { ...manifest, tampered: true } });
  const instance = createInstance({ name: `host${++seq}`, remotes: [{ name: 'orders', entry: url }], shared: {}, plugins: [integrityPlugin(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }), fetchImpl as unknown as typeof fetch)] });
  const refused = await instance.loadRemote('orders/Orders').catch((error: unknown) => error);
  // The section's fallback shows (and the failure report carries) this line.
  expect(describeLoadError(refused)).toBe(`integrity mismatch for ${url}: the file differs from what its release recorded, so it was not run`);
  expect(scripts()).toEqual([]);
  const calls = fetchImpl.mock.calls.length;
  await expect(instance.loadRemote('orders/Orders')).rejects.toThrow(`integrity mismatch for ${url}`);
  expect(fetchImpl.mock.calls.length).toBeGreaterThan(calls);
});

test("a manifest that cannot be fetched at all is still the runtime's 'Failed to get manifest' (nothing is blamed on its hash)", async () => {
  const url = 'http://store.test/orders/2.0.1/mf-manifest.json';
  const fetchImpl = storeWithAltered(url, {}); // unreachable with or without the hash
  const instance = createInstance({ name: `host${++seq}`, remotes: [{ name: 'orders', entry: url }], shared: {}, plugins: [integrityPlugin(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }), fetchImpl as unknown as typeof fetch)] });
  const failure = instance.loadRemote('orders/Orders');
  await expect(failure).rejects.toThrow('Failed to get manifest');
  await expect(failure).rejects.not.toThrow('integrity mismatch');
});

test("remoteEntry.js refused for its hash fails the load as 'integrity mismatch for <its URL>'; one that failed with the recorded bytes keeps the runtime's reason", async () => {
  const entryCode = 'var orders = {};';
  for (const [version, entryHash, reason] of [
    ['2.0.2', ENTRY_HASH, 'integrity mismatch for http://store.test/orders/2.0.2/remoteEntry.js'],
    ['2.0.3', `sha384-${createHash('sha384').update(entryCode).digest('base64')}`, /remoteEntry\.js/],
  ] as const) {
    const url = `http://store.test/orders/${version}/mf-manifest.json`;
    const entry = url.replace('mf-manifest.json', 'remoteEntry.js');
    const fetchImpl = storeWithAltered(entry, { [url]: manifest, [entry]: entryCode });
    const instance = createInstance({ name: `host${++seq}`, remotes: [{ name: 'orders', entry: url }], shared: {}, plugins: [integrityPlugin(() => ({ manifest: MANIFEST_HASH, entry: entryHash }), fetchImpl as unknown as typeof fetch)] });
    const loading = instance.loadRemote('orders/Orders');
    await waitForScript();
    scripts()[0].dispatchEvent(new Event('error')); // what the browser does with a refused (or unreachable) script
    await expect(loading).rejects.toThrow(reason);
    if (typeof reason !== 'string') await expect(loading).rejects.not.toThrow('integrity mismatch');
    document.head.replaceChildren();
  }
});

test("a chunk the remote's runtime failed to load is named when its bytes differ from the manifest's hash for it", async () => {
  const chunk = 'http://store.test/orders/1.0.0/540.abc.js';
  const fetchImpl = storeWithAltered(chunk, { [MANIFEST_URL]: hashedManifest, [chunk]: 'window.__tampered = true;' });
  const plugin = integrityPlugin(() => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH }), fetchImpl as unknown as typeof fetch);
  const remote = { name: 'orders', entry: MANIFEST_URL } as never;
  await plugin.fetch!(MANIFEST_URL, {}, remote); // (the verified manifest lists the chunk's hash)
  const chunkLoadError = new Error(`Loading chunk 540 failed.\n(error: ${chunk})`);
  await expect(plugin.errorLoadRemote!({ id: 'orders/Orders', error: chunkLoadError, from: 'runtime', lifecycle: 'onLoad', remote, origin: {} } as never)).rejects.toThrow(`integrity mismatch for ${chunk}`);
  // Another failure (no chunk named, or a chunk the manifest does not list) is left to the runtime.
  for (const error of [new Error('boom'), new Error('Loading chunk 9 failed.\n(error: http://store.test/orders/1.0.0/9.x.js)')]) {
    await expect(plugin.errorLoadRemote!({ id: 'orders/Orders', error, from: 'runtime', lifecycle: 'onLoad', remote, origin: {} } as never)).resolves.toBeUndefined();
  }
});

/** Resolves once the runtime has added `count` scripts to the page. */
function waitForScript(count = 1): Promise<void> {
  return new Promise((resolve) => {
    if (scripts().length >= count) return resolve();
    const observer = new MutationObserver(() => {
      if (scripts().length < count) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
