// For the remotes' tests: the network edge faked, everything else real. The shared client signs
// and sends requests; this fake `fetch` answers them by "METHOD /path" and records each one.
// Import it as `@growth-admin/shared-client/testing` (jest only: it installs a jest.fn).
import { configureClient } from '../config';

export const API_BASE = 'http://api.test';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  /** Sent as the JSON body as it is: wrap successes yourself or use ok()/fail(). */
  body?: unknown;
  /** Sent as the body as it is, instead of JSON (a CSV export). */
  text?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const ok = (data: unknown): FakeReply => ({ status: 200, body: { data } });
export const fail = (status: number, message: string, code = 'ERROR'): FakeReply => ({
  status,
  body: { message, code },
});

/** The recorded requests of one route, named as in the routes table: "METHOD /path". */
export const requestsTo = (requests: FakeRequest[], route: string): FakeRequest[] =>
  requests.filter((r) => `${r.method} ${r.path}` === route);

/** Configures the client, installs the fake on global.fetch and returns the requests it sees; unknown routes answer 404. */
export function installFakeApi(routes: Record<string, FakeHandler>): FakeRequest[] {
  configureClient({ apiBaseUrl: API_BASE, signingKey: 'k' });
  const requests: FakeRequest[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler ? handler(request) : fail(404, `No fake route for ${method} ${url.pathname}`);
    // An aborted request rejects as fetch does, also while its handler holds it.
    const signal = init?.signal;
    const reply = await new Promise<FakeReply>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      Promise.resolve(answer).then(resolve, reject);
    });
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    // Only what the client reads from a Response (jsdom has none).
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      body: null,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  }) as typeof fetch;
  return requests;
}

/** A promise settled by hand, to hold a request in flight while asserting the pending state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
