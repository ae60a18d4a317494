import { createHmac } from 'node:crypto';
import { setUnauthorizedHandler } from './config';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errors';
import { buildUrl, REQUEST_TIMEOUT_MS, request } from './http';
import { setStepUpPrompt } from './stepUp';
import { getToken, setSession } from './tokenStore';
import {
  configureTestClient,
  installFetch,
  installHangingFetch,
  onlyRequest,
  removeFetch,
  TEST_BASE_URL,
  TEST_SIGNING_KEY,
  type FakeReply,
} from './testing/fakeFetch';

/** Runs a request expected to fail and returns its error. */
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  localStorage.clear();
  configureTestClient();
});

afterEach(() => {
  jest.useRealTimers();
  removeFetch();
});

describe('buildUrl', () => {
  it('joins base, path and query, leaving out undefined, null and empty values', () => {
    expect(buildUrl('http://h', '/p', { a: 1, b: undefined, c: null, d: '', e: 'x y&z', f: false, g: 0 })).toBe(
      'http://h/p?a=1&e=x+y%26z&f=false&g=0',
    );
  });

  it('adds no "?" when nothing is left', () => {
    expect(buildUrl('http://h', '/p')).toBe('http://h/p');
    expect(buildUrl('http://h', '/p', { a: undefined, b: '' })).toBe('http://h/p');
  });
});

describe('request: headers and signature', () => {
  it('sends the ms timestamp, a 21-char nonce, their HMAC-MD5 signature and the JSON content type', async () => {
    jest.useFakeTimers({ now: 1763733000123 });
    const fetchMock = installFetch(() => ({ body: { data: 'ok' } }));

    await expect(request('GET', '/api/admin/projects')).resolves.toBe('ok');

    const { headers, url } = onlyRequest(fetchMock);
    expect(url.toString()).toBe(`${TEST_BASE_URL}/api/admin/projects`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Timestamp']).toBe('1763733000123');
    expect(headers['X-Nonce']).toMatch(/^[A-Za-z0-9_-]{21}$/);
    const expected = createHmac('md5', TEST_SIGNING_KEY)
      .update(`${headers['X-Timestamp']}_${headers['X-Nonce']}`)
      .digest('hex');
    expect(headers['X-Signature']).toBe(expected);
  });

  it('uses a fresh nonce on every request', async () => {
    const fetchMock = installFetch();
    await request('GET', '/a');
    await request('GET', '/a');
    const [first, second] = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['X-Nonce'],
    );
    expect(first).not.toBe(second);
  });

  it('signs with the key configured at run time', async () => {
    configureTestClient({ signingKey: 'another-key' });
    const fetchMock = installFetch();
    await request('GET', '/a');
    const { headers } = onlyRequest(fetchMock);
    expect(headers['X-Signature']).toBe(
      createHmac('md5', 'another-key').update(`${headers['X-Timestamp']}_${headers['X-Nonce']}`).digest('hex'),
    );
  });

  it('attaches no Authorization header when no token is stored', async () => {
    const fetchMock = installFetch();
    await request('GET', '/a');
    expect(onlyRequest(fetchMock).headers).not.toHaveProperty('Authorization');
  });

  it('attaches "Bearer <token>" when a token is stored', async () => {
    setSession({ token: 'tok-123', username: 'admin' });
    const fetchMock = installFetch();
    await request('GET', '/a');
    expect(onlyRequest(fetchMock).headers.Authorization).toBe('Bearer tok-123');
  });

  it('attaches no Authorization header when the stored session is corrupt', async () => {
    localStorage.setItem('growth-admin.session', '{not json');
    const fetchMock = installFetch();
    await request('GET', '/a');
    expect(onlyRequest(fetchMock).headers).not.toHaveProperty('Authorization');
  });

  it('sends the body as JSON, and none when there is no body', async () => {
    const fetchMock = installFetch();
    await request('POST', '/with', { body: { a: 1, b: ['x'] } });
    await request('POST', '/without');
    const [[, withBody], [, withoutBody]] = fetchMock.mock.calls;
    expect(withBody?.method).toBe('POST');
    expect(withBody?.body).toBe('{"a":1,"b":["x"]}');
    expect(withoutBody?.body).toBeUndefined();
  });

  it('never sends a body with GET or DELETE, even when one is passed', async () => {
    const fetchMock = installFetch();
    await request('GET', '/read', { body: { a: 1 } });
    await request('DELETE', '/remove', { body: { a: 1 } });
    await request('PUT', '/change', { body: { a: 1 } });
    const [[, get], [, del], [, put]] = fetchMock.mock.calls;
    expect([get?.method, get?.body]).toEqual(['GET', undefined]);
    expect([del?.method, del?.body]).toEqual(['DELETE', undefined]);
    expect([put?.method, put?.body]).toEqual(['PUT', '{"a":1}']);
  });

  it('sends a falsy body (0, false, null, empty text) as JSON rather than dropping it', async () => {
    const fetchMock = installFetch();
    for (const body of [0, false, null, '']) await request('POST', '/falsy', { body });
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual(['0', 'false', 'null', '""']);
  });

  it('sends an Idempotency-Key only when the call has one', async () => {
    const fetchMock = installFetch();
    await request('POST', '/money', { body: { a: 1 }, idempotencyKey: 'key-1234567890' });
    await request('POST', '/money', { body: { a: 1 } });
    const [[, withKey], [, withoutKey]] = fetchMock.mock.calls;
    expect((withKey?.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1234567890');
    expect(withoutKey?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('strips trailing slashes of the base URL', async () => {
    configureTestClient({ apiBaseUrl: `${TEST_BASE_URL}//` });
    const fetchMock = installFetch();
    await request('GET', '/api/admin/projects', { query: { q: 'a' } });
    expect(onlyRequest(fetchMock).url.toString()).toBe(`${TEST_BASE_URL}/api/admin/projects?q=a`);
  });

  it('refuses to run before configureClient()', async () => {
    jest.resetModules();
    const fresh = await import('./http');
    await expect(fresh.request('GET', '/a')).rejects.toThrow(/configureClient/);
  });
});

describe('request: answers', () => {
  it("returns the envelope's data", async () => {
    installFetch(() => ({ body: { data: { list: [1, 2] } } }));
    await expect(request('GET', '/a')).resolves.toEqual({ list: [1, 2] });
  });

  it('returns undefined for an empty or non-JSON success body', async () => {
    installFetch(() => ({ raw: '' }));
    await expect(request('GET', '/a')).resolves.toBeUndefined();
    installFetch(() => ({ raw: 'OK' }));
    await expect(request('GET', '/a')).resolves.toBeUndefined();
  });
});

describe('request: 401', () => {
  it('clears the token and calls onUnauthorized on any call but login', async () => {
    const onUnauthorized = jest.fn();
    configureTestClient({ onUnauthorized });
    setSession({ token: 'expired', username: 'admin' });
    installFetch(() => ({ status: 401, body: { message: 'Session expired', code: 'UNAUTHORIZED' } }));

    const error = await failureOf(request('GET', '/api/admin/projects'));

    expect(error).toMatchObject({ message: 'Session expired', status: 401, code: 'UNAUTHORIZED' });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('growth-admin.session')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('passes the error to the handler, so the shell can tell an expired session (SESSION_EXPIRED) apart', async () => {
    const onUnauthorized = jest.fn();
    configureTestClient({ onUnauthorized });
    setSession({ token: 'expired', username: 'admin' });
    installFetch(() => ({ status: 401, body: { message: 'Your session has expired (no request for 30 minutes): sign in again', code: 'SESSION_EXPIRED' } }));
    await failureOf(request('GET', '/api/admin/projects'));
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ status: 401, code: 'SESSION_EXPIRED' }));
  });

  it('calls the token clearing before the handler (the handler sees a signed-out store)', async () => {
    let tokenSeenByHandler: string | null = 'unset';
    configureTestClient({ onUnauthorized: () => (tokenSeenByHandler = getToken()) });
    setSession({ token: 'expired', username: 'admin' });
    installFetch(() => ({ status: 401 }));
    await failureOf(request('GET', '/a'));
    expect(tokenSeenByHandler).toBeNull();
  });

  it('uses the handler set with setUnauthorizedHandler, even one set while the request was in flight', async () => {
    const first = jest.fn();
    const second = jest.fn();
    setUnauthorizedHandler(first);
    let answer: (reply: FakeReply) => void = () => undefined;
    installFetch(() => new Promise<FakeReply>((resolve) => (answer = resolve)));

    const pending = failureOf(request('GET', '/a'));
    setUnauthorizedHandler(second);
    answer({ status: 401 });
    await pending;

    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('with an explicit token: sends it instead of the stored one, and its 401 leaves the stored session alone', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    setSession({ token: 'current-session', username: 'admin' });
    const fetchMock = installFetch(() => ({ status: 401, body: { message: 'The session token is invalid', code: 'TOKEN_INVALID' } }));
    const error = await failureOf(request('POST', '/api/admin/logout', { token: 'old-session' }));
    expect(error.status).toBe(401);
    expect(onlyRequest(fetchMock).headers.Authorization).toBe('Bearer old-session');
    expect(getToken()).toBe('current-session');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('works without a handler', async () => {
    setSession({ token: 'expired', username: 'admin' });
    installFetch(() => ({ status: 401 }));
    expect((await failureOf(request('GET', '/a'))).status).toBe(401);
    expect(getToken()).toBeNull();
  });

  it('does neither for the login call (a 401 there is a wrong password)', async () => {
    const onUnauthorized = jest.fn();
    configureTestClient({ onUnauthorized });
    setSession({ token: 'still-valid', username: 'admin' });
    installFetch(() => ({ status: 401, body: { message: 'Invalid username or password' } }));

    const error = await failureOf(request('POST', '/api/admin/login', { isLogin: true, body: {} }));

    expect(error).toMatchObject({ message: 'Invalid username or password', status: 401 });
    expect(getToken()).toBe('still-valid');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([400, 403, 404, 500])('a %i leaves the token and the handler alone', async (status) => {
    const onUnauthorized = jest.fn();
    configureTestClient({ onUnauthorized });
    setSession({ token: 'tok', username: 'admin' });
    installFetch(() => ({ status }));
    expect((await failureOf(request('GET', '/a'))).status).toBe(status);
    expect(getToken()).toBe('tok');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('request: error normalisation', () => {
  it("uses a JSON error body's message, code and the response status", async () => {
    installFetch(() => ({ status: 400, statusText: 'Bad Request', body: { message: 'appId must be an integer', code: 'BAD_INPUT' } }));
    const error = await failureOf(request('POST', '/a', { body: {} }));
    expect(error).toMatchObject({ name: 'ApiError', message: 'appId must be an integer', status: 400, code: 'BAD_INPUT' });
    expect(error).toBeInstanceOf(Error);
  });

  it('ignores a non-string code', async () => {
    installFetch(() => ({ status: 409, body: { message: 'Already refunded', code: 42 } }));
    const error = await failureOf(request('POST', '/a'));
    expect(error.message).toBe('Already refunded');
    expect(error.code).toBeUndefined();
  });

  it.each<[string, FakeReply]>([
    ['a non-JSON body', { status: 502, statusText: 'Bad Gateway', raw: '<html>nginx</html>' }],
    ['an empty body', { status: 502, statusText: 'Bad Gateway', raw: '' }],
    ['a JSON body without message', { status: 502, statusText: 'Bad Gateway', body: { error: 'x' } }],
    ['a JSON body with an empty message', { status: 502, statusText: 'Bad Gateway', body: { message: '' } }],
    ['a JSON body with a non-string message', { status: 502, statusText: 'Bad Gateway', body: { message: { a: 1 } } }],
    ['a JSON string body', { status: 502, statusText: 'Bad Gateway', body: 'oops' }],
    ['a JSON null body', { status: 502, statusText: 'Bad Gateway', raw: 'null' }],
  ])('falls back to the transport message for %s', async (_label, reply) => {
    installFetch(() => reply);
    const error = await failureOf(request('GET', '/a'));
    expect(error).toMatchObject({ message: 'Bad Gateway', status: 502, code: undefined });
  });

  it('says which status failed when there is no status text either', async () => {
    installFetch(() => ({ status: 503, raw: '' }));
    expect(await failureOf(request('GET', '/a'))).toMatchObject({
      message: 'Request failed with status 503',
      status: 503,
    });
  });

  it('defaults the status to 500 when the response has none', async () => {
    installFetch(() => ({ status: 0, raw: '' }));
    expect(await failureOf(request('GET', '/a'))).toMatchObject({
      message: 'Request failed with status 500',
      status: 500,
    });
    installFetch(() => ({ status: 0, body: { message: 'Opaque failure' } }));
    expect(await failureOf(request('GET', '/a'))).toMatchObject({ message: 'Opaque failure', status: 500 });
  });

  it('turns a network failure into a clear 503 with the cause', async () => {
    const fetchMock = installFetch();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failureOf(request('GET', '/a'));
    expect(error).toMatchObject({ message: `${NETWORK_MESSAGE} (Failed to fetch)`, status: 503, code: 'NETWORK_ERROR' });
  });

  it('gives the plain network message when the failure has no message', async () => {
    const fetchMock = installFetch();
    fetchMock.mockRejectedValueOnce('boom');
    expect(await failureOf(request('GET', '/a'))).toMatchObject({ message: NETWORK_MESSAGE, status: 503 });
  });

  it('reads the cause only from an Error: another rejected value gives the plain message', async () => {
    const fetchMock = installFetch();
    fetchMock.mockRejectedValueOnce({ message: 'not an Error' });
    expect(await failureOf(request('GET', '/a'))).toMatchObject({ message: NETWORK_MESSAGE, status: 503 });
  });

  it('treats a failure while reading the body as a network error', async () => {
    const fetchMock = installFetch();
    fetchMock.mockResolvedValueOnce({
      ok: true,
      status: 200,
      statusText: 'OK',
      text: () => Promise.reject(new Error('connection reset')),
    } as unknown as Response);
    expect(await failureOf(request('GET', '/a'))).toMatchObject({
      message: `${NETWORK_MESSAGE} (connection reset)`,
      status: 503,
    });
  });

  it('a network failure does not clear the token', async () => {
    setSession({ token: 'tok', username: 'admin' });
    const fetchMock = installFetch();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failureOf(request('GET', '/a'));
    expect(getToken()).toBe('tok');
  });
});

describe('request: 60 s timeout', () => {
  it('is 60 seconds', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });

  it('aborts the request at 60 s with a clear timeout error', async () => {
    jest.useFakeTimers();
    const fetchMock = installHangingFetch();
    const outcome = failureOf(request('GET', '/api/admin/analytics/trends'));
    const signal = fetchMock.mock.calls[0][1]?.signal;
    expect(signal).toBeDefined();

    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);

    await jest.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await outcome;
    expect(error).toMatchObject({ message: TIMEOUT_MESSAGE, status: 408, code: 'TIMEOUT' });
    expect(error.message).toBe('The request timed out after 60 seconds');
  });

  it('does not abort a request that answers under 60 s, and leaves no timer behind', async () => {
    jest.useFakeTimers();
    const fetchMock = installFetch(
      () => new Promise<FakeReply>((resolve) => setTimeout(() => resolve({ body: { data: 'late but fine' } }), 59_000)),
    );
    const result = request<string>('GET', '/a');
    const signal = fetchMock.mock.calls[0][1]?.signal;

    await jest.advanceTimersByTimeAsync(59_000);
    await expect(result).resolves.toBe('late but fine');

    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(signal?.aborted).toBe(false);
  });

  it('clears its timer after a failure too', async () => {
    jest.useFakeTimers();
    installFetch(() => ({ status: 500 }));
    await failureOf(request('GET', '/a'));
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('request: raw (a download read as it streams)', () => {
  it('answers the Response itself, signed like every call, and never sends a body on a GET', async () => {
    setSession({ token: 'tok-raw', username: 'admin' });
    const fetchMock = installFetch(() => ({ raw: 'a,b\r\n1,2\r\n' }));
    const response = await request<Response>('GET', '/api/admin/orders/exportOrders', { query: { status: 'error' }, raw: true, body: { no: 'body' } });
    expect(await response.text()).toBe('a,b\r\n1,2\r\n');
    const { headers, url, body } = onlyRequest(fetchMock);
    expect(url.toString()).toBe(`${TEST_BASE_URL}/api/admin/orders/exportOrders?status=error`);
    expect(headers.Authorization).toBe('Bearer tok-raw');
    expect(headers['X-Signature']).toMatch(/^[0-9a-f]{32}$/);
    expect(body).toBeUndefined();
  });

  it('throws the API error of a refused download as any call does (401 ends the session)', async () => {
    setSession({ token: 'tok-raw', username: 'admin' });
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    installFetch(() => ({ status: 401, body: { message: 'Your session has expired. Please sign in again.', code: 'SESSION_EXPIRED' } }));
    const error = await failureOf(request('GET', '/api/admin/orders/exportOrders', { raw: true }));
    expect([error.status, error.code, error.message]).toEqual([401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.']);
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("a caller's cancel rejects with its AbortError (not a timeout or network error); the timeout still covers the wait for headers", async () => {
    installHangingFetch();
    const abort = new AbortController();
    const cancelled = request('GET', '/api/admin/orders/exportOrders', { raw: true, signal: abort.signal });
    abort.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    jest.useFakeTimers();
    const waiting = failureOf(request('GET', '/api/admin/orders/exportOrders', { raw: true, signal: new AbortController().signal }));
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    expect((await waiting).code).toBe('TIMEOUT');
  });
});

describe("request: the caller's signal", () => {
  it('a signal already cancelled cancels the request before it is sent, with its reason', async () => {
    const fetchMock = installFetch((req) => {
      if (req.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return { body: { data: 'sent' } };
    });
    const abort = new AbortController();
    abort.abort(new DOMException('The user left the page', 'AbortError'));
    await expect(request('GET', '/a', { signal: abort.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock.mock.calls[0][1]?.signal?.reason).toBe(abort.signal.reason);
  });

  it('is let go once the answer is read, after a failure too', async () => {
    const abort = new AbortController();
    const added = jest.spyOn(abort.signal, 'addEventListener');
    const removed = jest.spyOn(abort.signal, 'removeEventListener');
    installFetch(() => ({ body: { data: 1 } }));
    await request('GET', '/a', { signal: abort.signal });
    installFetch().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failureOf(request('GET', '/a', { signal: abort.signal }));
    expect(removed.mock.calls).toEqual(added.mock.calls.map(([type, listener]) => [type, listener]));
    expect(removed.mock.calls.map(([type]) => type)).toEqual(['abort', 'abort']);
  });

  it("a raw download keeps following it while its body streams: cancelling then stops the download", async () => {
    const abort = new AbortController();
    const fetchMock = installFetch(() => ({ raw: 'a,b' }));
    await request<Response>('GET', '/api/admin/orders/exportOrders', { raw: true, signal: abort.signal });
    const sent = fetchMock.mock.calls[0][1]!.signal!;
    expect(sent.aborted).toBe(false);
    abort.abort();
    expect(sent.aborted).toBe(true);
  });
});

describe('request: step-up (the password again before money moves)', () => {
  it('asks once and sends the same request again (same Idempotency-Key), once: a second refusal is the error', async () => {
    const prompt = jest.fn(async () => true);
    const unregister = setStepUpPrompt(prompt);
    let calls = 0;
    const fetchMock = installFetch(() =>
      ++calls <= 2 ? { status: 403, body: { message: 'Enter your password again to continue', code: 'STEP_UP_REQUIRED' } } : { body: { data: 'refunded' } },
    );
    try {
      const error = await failureOf(request('POST', '/api/admin/orders/refund', { body: { orderId: '1' }, idempotencyKey: 'refund-1-key' }));
      expect([error.status, error.code, error.message]).toEqual([403, 'STEP_UP_REQUIRED', 'Enter your password again to continue']);
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['refund-1-key', 'refund-1-key']);
    } finally {
      unregister();
    }
  });

  it('only a 403 asks: the same code on another status is that error, with no prompt', async () => {
    const prompt = jest.fn(async () => true);
    const unregister = setStepUpPrompt(prompt);
    installFetch(() => ({ status: 409, body: { message: 'Not now', code: 'STEP_UP_REQUIRED' } }));
    try {
      expect(await failureOf(request('POST', '/api/admin/orders/refund'))).toMatchObject({ status: 409, code: 'STEP_UP_REQUIRED', message: 'Not now' });
      expect(prompt).not.toHaveBeenCalled();
    } finally {
      unregister();
    }
  });
});
