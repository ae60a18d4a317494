// The integrity plugin inside the real federation runtime (jsdom does not check hashes: the e2e
// journey proves the browser refuses an altered file). It gives the manifest's fetch and the
// remoteEntry.js script the release's hashes, lets the runtime add chunk scripts only with the hashes
// the (verified) manifest lists, and refuses a remote whose release recorded none.
import { createInstance } from '@module-federation/enhanced/runtime';
import { integrityPlugin, type IntegrityOf } from './integrity';

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

afterEach(() => document.head.replaceChildren());

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

test("the manifest is fetched at once but read only once the remote is approved (the shell's usage check, beside it); refused, nothing of the remote is added", async () => {
  let approve!: () => void;
  const approval = new Promise<void>((resolve) => (approve = resolve));
  const hashes = () => ({ manifest: MANIFEST_HASH, entry: ENTRY_HASH });
  const { instance, fetchImpl } = host(hashes, hashedManifest, 'http://store.test/orders/1.0.2/mf-manifest.json', approval);
  const loading = instance.loadRemote('orders/Orders');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchImpl).toHaveBeenCalledTimes(1);
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
