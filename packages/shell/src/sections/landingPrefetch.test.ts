// The login screen's prefetch of the landing section's remote: which files it asks for (the manifest,
// remoteEntry.js and the landing module's first chunks, nothing of another module), each with its hash
// and as the loader's own requests are made (so the browser's cache entry is the one they find), and
// the mark the page sets when done. jsdom neither checks hashes nor keeps a cache: the e2e journey
// (e2e/tests/shell.spec.ts) proves the loads after sign-in are served from the cache.
import { performance as nodePerformance } from 'node:perf_hooks';
import { parseRuntimeConfig, type LandingRelease } from '../boot/runtimeConfig';
import { LANDING_PREFETCHED, prefetchLanding } from './landingPrefetch';

const MANIFEST_URL = 'https://analytics.test/releases/2.0.0/mf-manifest.json';
const landing: LandingRelease = {
  remote: 'analytics',
  module: './Section',
  manifestUrl: MANIFEST_URL,
  integrity: { manifest: 'sha384-bWFuaWZlc3Q=', entry: 'sha384-ZW50cnk=' },
};

/** The manifest as the federation build writes it (trimmed to what the prefetch reads). */
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
  exposes: [
    { path: './Section', assets: { js: { sync: ['159.aaa.js', '278.bbb.js', 'unhashed.js'], async: ['707.ccc.js'] } } },
    { path: './CanaryChart', assets: { js: { sync: ['159.aaa.js', '650.ddd.js'], async: [] } } },
  ],
  integrity: { '159.aaa.js': 'sha384-MTU5', '278.bbb.js': 'sha384-Mjc4', '707.ccc.js': 'sha384-NzA3', '650.ddd.js': 'sha384-NjUw' },
};

type Call = { url: string; init: RequestInit };
function server(answers: Record<string, { status?: number; body?: unknown }> = {}) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const answer = answers[String(url)] ?? {};
    const status = answer.status ?? 200;
    return { ok: status < 300, status, json: async () => answer.body ?? manifest, arrayBuffer: async () => new ArrayBuffer(8) } as unknown as Response;
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

// jsdom has no User Timing: Node's, which the browser's matches for marks.
Object.defineProperty(window, 'performance', { value: nodePerformance, configurable: true });
beforeEach(() => performance.clearMarks());

test("fetches the manifest, remoteEntry.js and the landing module's first chunks, each with its hash, as the loader requests them, then marks it", async () => {
  const { calls, fetchImpl } = server();
  const urls = await prefetchLanding(landing, fetchImpl);

  const base = 'https://analytics.test/releases/2.0.0/';
  expect(calls).toEqual([
    // As the integrity plugin fetches a manifest.
    { url: MANIFEST_URL, init: { mode: 'cors', credentials: 'omit', priority: 'low', integrity: landing.integrity.manifest } },
    // As a `<script crossorigin="anonymous" integrity>` requests them.
    { url: `${base}remoteEntry.js`, init: { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity: landing.integrity.entry } },
    { url: `${base}159.aaa.js`, init: { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity: 'sha384-MTU5' } },
    { url: `${base}278.bbb.js`, init: { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity: 'sha384-Mjc4' } },
  ]);
  // Not another module's chunk, not a later (async) one, not a file the manifest gives no hash.
  expect(urls).toEqual([MANIFEST_URL, `${base}remoteEntry.js`, `${base}159.aaa.js`, `${base}278.bbb.js`]);
  const [mark] = performance.getEntriesByName(LANDING_PREFETCHED);
  expect((mark as PerformanceMark).detail).toEqual(urls);
});

test("the files are looked for where the manifest's publicPath and remoteEntry path say", async () => {
  const moved = { ...manifest, metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry/' }, publicPath: 'https://files.test/shared/' } };
  const { calls, fetchImpl } = server({ [MANIFEST_URL]: { body: moved } });
  await prefetchLanding(landing, fetchImpl);
  expect(calls.slice(1).map((c) => c.url)).toEqual(['https://files.test/shared/entry/remoteEntry.js', 'https://files.test/shared/159.aaa.js', 'https://files.test/shared/278.bbb.js']);
});

test('a manifest that cannot be fetched fetches nothing more, a failed file rejects, and neither marks the page', async () => {
  const gone = server({ [MANIFEST_URL]: { status: 404 } });
  await expect(prefetchLanding(landing, gone.fetchImpl)).rejects.toThrow(`${MANIFEST_URL} answered HTTP 404`);
  expect(gone.calls).toHaveLength(1);

  const brokenChunk = server({ 'https://analytics.test/releases/2.0.0/278.bbb.js': { status: 500 } });
  await expect(prefetchLanding(landing, brokenChunk.fetchImpl)).rejects.toThrow('278.bbb.js answered HTTP 500');
  expect(performance.getEntriesByName(LANDING_PREFETCHED)).toEqual([]);
});

test("the runtime config's landing is taken only whole and with well-formed hashes", () => {
  const base = { apiBaseUrl: 'https://api.test', signingKey: 'k' };
  expect(parseRuntimeConfig({ data: { ...base, landing } }).landing).toEqual(landing);
  expect(parseRuntimeConfig({ data: { ...base, landing: { ...landing, integrity: { manifest: 'not-a-hash', entry: landing.integrity.entry } } } }).landing).toBeUndefined();
  expect(parseRuntimeConfig({ data: { ...base, landing: { ...landing, manifestUrl: undefined } } }).landing).toBeUndefined();
  expect(parseRuntimeConfig({ data: base }).landing).toBeUndefined();
});
