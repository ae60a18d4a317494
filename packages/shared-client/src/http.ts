// The signed HTTP client every call goes through (spec 7; docs/security.md, "Request signing").
import { getClientConfig } from './config';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errors';
import { signatureHeaders } from './signature';
import { STEP_UP_CANCELLED_MESSAGE, STEP_UP_REQUIRED_CODE, confirmStepUp } from './stepUp/stepUp';
import { clearSession, getToken } from './tokenStore';

export const REQUEST_TIMEOUT_MS = 60_000;
/** A GET or DELETE carries no body (the API refuses one), whatever a caller passes. */
const METHODS_WITH_BODY = new Set(['POST', 'PUT']);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The login call: its 401 is a wrong password, not an expired session. */
  isLogin?: boolean;
  /** An Idempotency-Key (money calls): a retry with the same key is applied once. */
  idempotencyKey?: string;
  /**
   * Send this session token instead of the stored one (a sign-out retried after the store was
   * cleared). Its 401 only says that token is dead: the stored session is left alone.
   */
  token?: string;
  /**
   * Answer the Response as soon as its headers arrive (a file download, read as it streams),
   * instead of the envelope's data. Errors are thrown as for any call; the timeout covers only
   * the wait for the headers, so a long download is never cut off.
   */
  raw?: boolean;
  /** Cancels the call (and a raw download's body): the caller's AbortError is thrown as it is. */
  signal?: AbortSignal;
  /** Set on the one retry after a step-up: a second refusal is the error, not a second prompt. */
  steppedUp?: boolean;
}

/** Builds `base + path + ?query`, leaving out undefined, null and empty-string values. */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromBody(body: unknown, response: Response): ApiError {
  // Status 500 by default (spec 8), for the JSON message and the transport message alike.
  const status = response.status || 500;
  if (body && typeof body === 'object') {
    const { message, code } = body as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message) {
      const retryAfter = Number(response.headers?.get('Retry-After') ?? '');
      return new ApiError(message, status, typeof code === 'string' ? code : undefined, Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    }
  }
  const transport = response.statusText || `Request failed with status ${status}`;
  return new ApiError(transport, status);
}

/** Aborts `controller` when the caller's `signal` aborts (with its reason); answers how to stop following it. */
function follow(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const cancel = () => controller.abort(signal.reason);
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel);
  return () => signal.removeEventListener('abort', cancel);
}

/**
 * Sends one signed request and returns the envelope's `data`.
 * Throws ApiError on any failure; a 401 (but not from login) clears the token and calls the handler.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const config = getClientConfig();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...signatureHeaders(config.signingKey),
  };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const unfollow = follow(options.signal, controller);
  let response: Response;
  let body: unknown;
  let streaming = false;
  try {
    response = await fetch(buildUrl(config.apiBaseUrl, path, options.query), {
      method,
      headers,
      // (JSON.stringify(undefined) is undefined: no body)
      body: METHODS_WITH_BODY.has(method) ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
    });
    streaming = Boolean(options.raw && response.ok);
    body = streaming ? response : await readBody(response);
  } catch (err) {
    if (options.signal?.aborted) throw err;
    if (controller.signal.aborted) throw new ApiError(TIMEOUT_MESSAGE, 408, 'TIMEOUT');
    const detail = err instanceof Error && err.message ? ` (${err.message})` : '';
    throw new ApiError(`${NETWORK_MESSAGE}${detail}`, 503, 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    // A raw download's body still streams: the caller's signal must still reach it.
    if (!streaming) unfollow();
  }

  if (!response.ok) {
    const error = errorFromBody(body, response);
    if (response.status === 401 && !options.isLogin && options.token === undefined) {
      clearSession();
      // The handler as configured now: the shell may set it after this request started.
      getClientConfig().onUnauthorized?.(error);
    }
    // A refund or a large add-coins without a recent password: ask for it, then send the same
    // request again (same Idempotency-Key), once. Cancelled: nothing was changed.
    if (response.status === 403 && error.code === STEP_UP_REQUIRED_CODE && !options.steppedUp) {
      if (await confirmStepUp()) return request<T>(method, path, { ...options, steppedUp: true });
      throw new ApiError(STEP_UP_CANCELLED_MESSAGE, 403, 'STEP_UP_CANCELLED');
    }
    throw error;
  }
  if (options.raw) return body as T;
  return (body as { data: T } | undefined)?.data as T;
}
