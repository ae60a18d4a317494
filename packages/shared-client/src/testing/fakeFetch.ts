// Test-only helpers: a fake of the network edge (global fetch), so the real client runs
// end to end in jsdom (which has no fetch). Not exported from the package.
import { configureClient, type ClientConfig } from '../config';

export const TEST_BASE_URL = 'http://api.test';
export const TEST_SIGNING_KEY = 'growth-admin-test-key';

/** What the fake server answers: a JSON body (or raw text), a status and a status text. */
export interface FakeReply {
  status?: number;
  statusText?: string;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent as it is (non-JSON bodies); wins over `body`. */
  raw?: string;
}

/** One request as the fake server saw it. */
export interface RecordedRequest {
  url: URL;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;
export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;

export function fakeResponse({ status = 200, statusText = '', body, raw }: FakeReply = {}): Response {
  const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text])),
  };
  return response as unknown as Response;
}

function record(input: RequestInfo | URL, init: RequestInit = {}): RecordedRequest {
  const url = new URL(String(input));
  const rawBody = init.body;
  return {
    url,
    method: init.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams.entries()),
    headers: { ...(init.headers as Record<string, string> | undefined) },
    body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : undefined,
    signal: init.signal ?? undefined,
  };
}

/** Replaces global.fetch with a jest mock answering through `handler` (default: 200 `{data: null}`). */
export function installFetch(handler: FakeHandler = () => ({ body: { data: null } })): FetchMock {
  const mock: FetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeResponse(await handler(record(input, init))),
  );
  (globalThis as { fetch: typeof fetch }).fetch = mock;
  return mock;
}

/** A fetch that never answers, but rejects like the real one once its signal aborts. */
export function installHangingFetch(): FetchMock {
  const mock: FetchMock = jest.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  (globalThis as { fetch: typeof fetch }).fetch = mock;
  return mock;
}

/** The requests the mock has seen, parsed. */
export function requestsOf(mock: FetchMock): RecordedRequest[] {
  return mock.mock.calls.map(([input, init]) => record(input, init));
}

/** The only request the mock has seen (fails the test if there were more or fewer). */
export function onlyRequest(mock: FetchMock): RecordedRequest {
  const all = requestsOf(mock);
  expect(all).toHaveLength(1);
  return all[0];
}

export function configureTestClient(overrides: Partial<ClientConfig> = {}): void {
  configureClient({ apiBaseUrl: TEST_BASE_URL, signingKey: TEST_SIGNING_KEY, ...overrides });
}

export function removeFetch(): void {
  delete (globalThis as { fetch?: typeof fetch }).fetch;
}
