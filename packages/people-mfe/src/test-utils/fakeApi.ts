// The network edge for tests: the real shared-client talks to this fake `fetch`,
// which answers by "METHOD /path" and records every call.
import { configureClient } from '@growth-admin/shared-client';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export const API_BASE = 'http://api.test';

export const ok = (data: unknown): FakeResponse => ({ status: 200, body: { data } });
export const fail = (status: number, message: string, code = 'ERROR'): FakeResponse => ({
  status,
  body: { message, code },
});

/** Installs the fake and returns the recorded calls; unknown routes answer 404. */
export function installFakeApi(routes: Record<string, FakeHandler>): FakeRequest[] {
  configureClient({ apiBaseUrl: API_BASE, signingKey: 'k' });
  const calls: FakeRequest[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const req: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    const res = handler
      ? await handler(req)
      : fail(404, `No fake route for ${method} ${url.pathname}`);
    const status = res.status ?? 200;
    const text = res.body === undefined ? '' : JSON.stringify(res.body);
    // Only what the client reads; jsdom has no Response.
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      text: async () => text,
    } as Response;
  }) as typeof fetch;
  return calls;
}

/** A promise you settle by hand, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
