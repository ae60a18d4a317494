// A tiny fake of the admin API at the network edge: the real shared-client signs and sends
// requests; this answers `fetch` by method + path and records every call.
import { configureClient } from '@growth-admin/shared-client';

export const API_BASE = 'http://api.test';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** Sent as `{ data }` on 2xx; as the body itself (e.g. `{ message, code }`) otherwise. */
  data?: unknown;
  body?: unknown;
}

type Handler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

export interface FakeApi {
  /** Registers the answer for `METHOD /path` (the path without /api/admin and the query). */
  on(method: string, path: string, handler: Handler | FakeReply): FakeApi;
  calls: RecordedCall[];
  callsTo(method: string, path: string): RecordedCall[];
}

export function installFakeApi(): FakeApi {
  configureClient({ apiBaseUrl: API_BASE, signingKey: 'k' });
  const handlers = new Map<string, Handler>();
  const calls: RecordedCall[] = [];

  const fetchFake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/admin/, '');
    const call: RecordedCall = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = handlers.get(`${method} ${path}`);
    const reply: FakeReply = handler
      ? await handler(call)
      : { status: 404, body: { message: `No fake for ${method} ${path}`, code: 'NOT_FOUND' } };
    const status = reply.status ?? 200;
    const body = status < 400 ? { data: reply.data } : (reply.body ?? { message: 'Error', code: 'ERROR' });
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      text: async () => JSON.stringify(body),
    } as Response;
  };
  global.fetch = jest.fn(fetchFake) as typeof fetch;

  const api: FakeApi = {
    on(method, path, handler) {
      handlers.set(`${method.toUpperCase()} ${path}`, typeof handler === 'function' ? handler : () => handler);
      return api;
    },
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path),
  };
  return api;
}

/** A promise you resolve later, to hold a request open (pending states, double submits). */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
