// Signed calls to the admin API from a test (set up or check data without the UI).
// Same headers as the browser client: bearer token, X-Timestamp, X-Nonce, X-Signature
// (hex HMAC-MD5 of `<timestamp>_<nonce>` under the signing key).
import { createHmac, randomBytes } from 'node:crypto';
import { adminCredentials, systemInfo } from './env';

const NONCE_ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

function nonce(): string {
  return Array.from(randomBytes(21), (b) => NONCE_ALPHABET[b & 63]).join('');
}

export function signatureHeaders(signingKey = systemInfo().signingKey): Record<string, string> {
  const timestamp = String(Date.now());
  const id = nonce();
  return {
    'X-Timestamp': timestamp,
    'X-Nonce': id,
    'X-Signature': createHmac('md5', signingKey).update(`${timestamp}_${id}`).digest('hex'),
  };
}

export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface ApiCallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Bearer token; omit for none. */
  token?: string | null;
}

/** One signed call; resolves with the envelope's `data`, rejects with ApiCallError otherwise. */
export async function apiCall<T = unknown>(method: string, path: string, options: ApiCallOptions = {}): Promise<T> {
  const url = new URL(path, systemInfo().apiUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...signatureHeaders() };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as { data?: T; message?: string }) : {};
  if (!response.ok) throw new ApiCallError(json.message ?? `HTTP ${response.status}`, response.status, json);
  return json.data as T;
}

/** Signs in through the API; returns the token and the username. */
export async function apiLogin(credentials = adminCredentials()): Promise<{ token: string; username: string }> {
  const data = await apiCall<{ token: string; user: { username: string } }>('POST', '/api/admin/login', { body: credentials });
  return { token: data.token, username: data.user.username };
}

/** An API client bound to a fresh admin session: `const api = await signedApi(); await api.get('/api/admin/projects')`. */
export async function signedApi(credentials = adminCredentials()) {
  const { token } = await apiLogin(credentials);
  return {
    token,
    get: <T = unknown>(path: string, query?: ApiCallOptions['query']) => apiCall<T>('GET', path, { token, query }),
    post: <T = unknown>(path: string, body?: unknown) => apiCall<T>('POST', path, { token, body }),
    put: <T = unknown>(path: string, body?: unknown) => apiCall<T>('PUT', path, { token, body }),
    delete: <T = unknown>(path: string) => apiCall<T>('DELETE', path, { token }),
  };
}
