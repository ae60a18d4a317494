// The login screen's prefetch of the landing section's remote: which files it asks for (the manifest,
// and remoteEntry.js and the landing module's first chunks as the runtime config lists them), each
// with its hash and as the loader's own requests are made (so the browser's cache entry is the one
// they find), all at once, and the mark the page sets when done. jsdom neither checks hashes nor keeps
// a cache: the e2e journey (e2e/tests/shell.spec.ts) proves the loads after sign-in are served from the cache.
import { performance as nodePerformance } from 'node:perf_hooks';
import { parseRuntimeConfig, type LandingRelease } from '../boot/runtimeConfig';
import { LANDING_PREFETCHED, prefetchLanding } from './landingPrefetch';

const MANIFEST_URL = 'https://analytics.test/releases/2.0.0/mf-manifest.json';
const BASE = 'https://analytics.test/releases/2.0.0/';
const landing: LandingRelease = {
  remote: 'analytics',
  module: './Section',
  manifestUrl: MANIFEST_URL,
  integrity: { manifest: 'sha384-bWFuaWZlc3Q=', entry: 'sha384-ZW50cnk=' },
  files: [
    { url: `${BASE}remoteEntry.js`, integrity: 'sha384-ZW50cnk=' },
    { url: `${BASE}159.aaa.js`, integrity: 'sha384-MTU5' },
    { url: `${BASE}278.bbb.js`, integrity: 'sha384-Mjc4' },
  ],
};

type Call = { url: string; init: RequestInit };
/** A fetch that answers each URL (200 unless `statuses` says), holding every answer until `release()`. */
function server(statuses: Record<string, number> = {}) {
  const calls: Call[] = [];
  let release = () => undefined as void;
  const held = new Promise<void>((r) => (release = r));
  const fetchImpl = jest.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    await held;
    const status = statuses[String(url)] ?? 200;
    return { ok: status < 300, status, arrayBuffer: async () => new ArrayBuffer(8) } as unknown as Response;
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch, release: () => release() };
}

// jsdom has no User Timing: Node's, which the browser's matches for marks.
Object.defineProperty(window, 'performance', { value: nodePerformance, configurable: true });
beforeEach(() => performance.clearMarks());

test("asks for the manifest, remoteEntry.js and the landing module's first chunks at once, each with its hash, as the loader requests them, then marks it", async () => {
  const { calls, fetchImpl, release } = server();
  const done = prefetchLanding(landing, fetchImpl);
  // Every request is out while no answer has come: none waits for the manifest.
  expect(calls).toEqual([
    // As the integrity plugin fetches a manifest.
    { url: MANIFEST_URL, init: { mode: 'cors', credentials: 'omit', priority: 'low', integrity: landing.integrity.manifest } },
    // As a `<script crossorigin="anonymous" integrity>` requests them.
    { url: `${BASE}remoteEntry.js`, init: { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity: 'sha384-ZW50cnk=' } },
    { url: `${BASE}159.aaa.js`, init: { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity: 'sha384-MTU5' } },
    { url: `${BASE}278.bbb.js`, init: { mode: 'cors', credentials: 'same-origin', priority: 'low', integrity: 'sha384-Mjc4' } },
  ]);
  expect(performance.getEntriesByName(LANDING_PREFETCHED)).toEqual([]);
  release();
  const urls = await done;
  expect(urls).toEqual([MANIFEST_URL, `${BASE}remoteEntry.js`, `${BASE}159.aaa.js`, `${BASE}278.bbb.js`]);
  const [mark] = performance.getEntriesByName(LANDING_PREFETCHED);
  expect((mark as PerformanceMark).detail).toEqual(urls);
});

test('a manifest or a file that fails rejects, and the page is not marked', async () => {
  for (const failing of [MANIFEST_URL, `${BASE}278.bbb.js`]) {
    const { fetchImpl, release } = server({ [failing]: 500 });
    release();
    await expect(prefetchLanding(landing, fetchImpl)).rejects.toThrow(`${failing} answered HTTP 500`);
  }
  expect(performance.getEntriesByName(LANDING_PREFETCHED)).toEqual([]);
});

test("the runtime config's landing is taken only whole and with well-formed hashes", () => {
  const base = { apiBaseUrl: 'https://api.test', signingKey: 'k' };
  const taken = (l: unknown) => parseRuntimeConfig({ data: { ...base, landing: l } }).landing;
  expect(taken(landing)).toEqual(landing);
  expect(taken({ ...landing, integrity: { manifest: 'not-a-hash', entry: landing.integrity.entry } })).toBeUndefined();
  expect(taken({ ...landing, manifestUrl: undefined })).toBeUndefined();
  // Its files: at least one, each with a URL and a well-formed hash.
  expect(taken({ ...landing, files: [] })).toBeUndefined();
  expect(taken({ ...landing, files: undefined })).toBeUndefined();
  expect(taken({ ...landing, files: [...landing.files, { url: `${BASE}9.js`, integrity: 'md5-x' }] })).toBeUndefined();
  expect(taken({ ...landing, files: [...landing.files, { integrity: 'sha384-OQ==' }] })).toBeUndefined();
  expect(parseRuntimeConfig({ data: base }).landing).toBeUndefined();
});
