// The network edge for tests: a fake `fetch` that answers by "METHOD /path", so the real
// shared-client (signing, envelope, error normalisation) runs unchanged.
import { configureClient } from '@growth-admin/shared-client';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** Sent as the JSON body as it is: wrap successes yourself or use ok()/fail(). */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const API_BASE = 'http://api.test';

export const ok = (data: unknown): FakeReply => ({ status: 200, body: { data } });
export const fail = (status: number, message: string, code = 'ERROR'): FakeReply => ({
  status,
  body: { message, code },
});

/** Installs the fake on global.fetch and configures the client; returns the requests it saw. */
export function installFakeApi(routes: Record<string, FakeHandler>) {
  configureClient({ apiBaseUrl: API_BASE, signingKey: 'k' });
  const requests: FakeRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const reply = handler ? await handler(request) : fail(404, `No fake route for ${method} ${url.pathname}`);
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    // Only what shared-client's http.ts reads from a Response.
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as unknown as Response;
  };
  global.fetch = jest.fn(fakeFetch) as typeof fetch;
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { requests, calls };
}

/** A promise with its resolver outside, to hold a reply while asserting the pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
