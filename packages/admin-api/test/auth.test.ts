// Sign-in, sessions, throttling, the request signature, CORS and the public routes.
import { hashToken, signRequest } from '../src/security';
import { ADMIN, Api, newNonce, SIGNING_KEY, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let api: Api;

beforeAll(async () => {
  t = await startTestServer({ loginLimitPerUserAndAddress: 5, loginLimitPerAddress: 12 });
  api = t.api;
});
afterAll(() => t?.close());

describe('login', () => {
  test('answers a token and the user; the token is stored hashed and the password with scrypt', async () => {
    const [{ last }] = await t.sql('select coalesce(max(id), 0) as last from audit_log');
    const res = await api.post('/api/admin/login', { username: ADMIN.username, password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({ username: 'admin', role: 'owner' });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const sessions = await t.sql('select token_hash from admin_sessions');
    expect(sessions.some((s) => s.token_hash === res.body.data.token)).toBe(false);
    expect(sessions.some((s) => s.token_hash === hashToken(res.body.data.token))).toBe(true);
    const admins = await t.sql("select password_hash from admins where username = 'admin'");
    expect(admins[0].password_hash).toMatch(/^scrypt\$/);
    // This sign-in's own audit entry (other tests sign in too).
    const audit = await t.sql("select action, admin_username, target, summary, ip from audit_log where action = 'login' and id > $1", [last]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_username: 'admin', target: 'admin:admin', summary: 'Signed in' });
    expect(audit[0].ip).toBeTruthy();
  });

  test('sessions expire after 12 hours', async () => {
    const token = await new Api(t.url).login();
    const rows = await t.sql('select extract(epoch from (expires_at - created_at))::int as secs from admin_sessions where token_hash = $1', [hashToken(token)]);
    expect(rows).toEqual([{ secs: 12 * 3600 }]);
  });

  test('unknown user and wrong password fail alike with 401', async () => {
    const a = await api.post('/api/admin/login', { username: 'nobody', password: 'whatever' }, { token: null });
    const b = await api.post('/api/admin/login', { username: 'admin', password: 'wrong' }, { token: null });
    for (const r of [a, b]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    }
    // Both audited alike, naming the username tried.
    const failed = await t.sql("select admin_id, target, summary from audit_log where action = 'login.failed' and admin_username in ('nobody', 'admin') order by id");
    expect(failed).toEqual([
      { admin_id: null, target: 'admin:nobody', summary: 'Failed sign-in attempt' },
      { admin_id: null, target: 'admin:admin', summary: 'Failed sign-in attempt' },
    ]);
  });

  test('missing or mistyped fields are 400s naming the field', async () => {
    const r1 = await api.post('/api/admin/login', { username: 'admin' }, { token: null });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toMatch(/password/);
    const r2 = await api.post('/api/admin/login', { username: 5, password: 'x' }, { token: null });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toMatch(/username/);
    const r3 = await api.call('POST', '/api/admin/login', { rawBody: '{"username": "admin",', token: null });
    expect(r3.status).toBe(400);
    expect(r3.body.code).toBe('INVALID_JSON');
  });

  test('login needs a valid signature too', async () => {
    const r = await api.post('/api/admin/login', ADMIN, { sign: false, token: null });
    expect(r.status).toBe(403);
  });

  describe('throttling', () => {
    // Each test signs in from its own loopback address, as another machine would.
    let nextAddress = 10;
    const from = () => new Api(t.url, `127.0.0.${nextAddress++}`);
    const checks = async (username: string) =>
      (await t.sql("select count(*)::int as n from audit_log where action = 'login.failed' and admin_username = $1", [username]))[0].n;
    beforeAll(() => t.sql("insert into admins (username, password_hash) select u, password_hash from admins, unnest(array['victim', 'victim2']) u where username = 'admin'"));

    test('50 concurrent wrong passwords for one username from one address: at most 5 password checks, the rest 429', async () => {
      const attacker = from();
      const key = `ua:victim|127.0.0.${nextAddress - 1}`;
      const answers = await Promise.all(Array.from({ length: 50 }, () => attacker.post('/api/admin/login', { username: 'victim', password: 'guess' }, { token: null })));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(await checks('victim')).toBe(statuses.filter((s) => s === 401).length);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body.code).toBe('THROTTLED_ACCOUNT_ADDRESS');
      expect(refused.body.message).toMatch(/^Too many wrong passwords for this account from your network\. Try again in \d+ (s|min)/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even the right password is not checked from there while the key waits. (The burst may have
      // stopped at a 1 s delay short of the limit, which a loaded machine can outlast before the next
      // call: the wait is held here, as the delays test does.)
      await t.sql("update login_throttle set next_allowed_at = greatest(next_allowed_at, now() + interval '30 seconds') where key = $1", [key]);
      expect((await attacker.post('/api/admin/login', { username: 'victim', password: ADMIN.password }, { token: null })).status).toBe(429);
    });

    test('the real administrator signing in from another address is not blocked', async () => {
      expect((await from().post('/api/admin/login', { username: 'victim', password: ADMIN.password }, { token: null })).status).toBe(200);
    });

    test('delays grow with the failures; the limit then holds until the window ends', async () => {
      const client = from();
      const key = `ua:victim2|127.0.0.${nextAddress - 1}`; // this address's counter (another test signs victim2 in elsewhere)
      const attempt = () => client.post('/api/admin/login', { username: 'victim2', password: 'guess' }, { token: null });
      const passTime = () => t.sql("update login_throttle set next_allowed_at = now() - interval '1 second' where key = $1", [key]);
      // Each failure sets its delay from the moment it was admitted (a slow machine may spend it on scrypt).
      const failureWithDelay = async (seconds: number) => {
        const t0 = Date.now();
        expect((await attempt()).status).toBe(401);
        const t1 = Date.now();
        const [row] = await t.sql('select next_allowed_at from login_throttle where key = $1', [key]);
        const at = new Date(row.next_allowed_at).getTime();
        expect(at - t0).toBeGreaterThanOrEqual(seconds * 1000);
        expect(at - t1).toBeLessThanOrEqual(seconds * 1000);
      };
      await failureWithDelay(0);
      await failureWithDelay(0);
      await failureWithDelay(1); // from the third: 1 s, then doubling
      await t.sql("update login_throttle set next_allowed_at = now() + interval '30 seconds' where key = $1", [key]);
      const early = await attempt(); // before its delay is over: refused, saying how long
      expect(early.status).toBe(429);
      expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
      expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(30);
      await passTime();
      await failureWithDelay(2);
      await passTime();
      await failureWithDelay(4); // the fifth and last check of the window
      await passTime();
      const locked = await attempt();
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60 * 14);
      expect(await checks('victim2')).toBe(5);
    });

    test('one address is limited across usernames, in failures; a right password spends nothing', async () => {
      const client = from();
      const ip = `127.0.0.${nextAddress - 1}`;
      for (let i = 0; i < 3; i++) expect((await client.post('/api/admin/login', { username: `nobody${i}`, password: 'x' }, { token: null })).status).toBe(401);
      expect((await client.post('/api/admin/login', ADMIN, { token: null })).status).toBe(200);
      expect(await t.sql('select attempts from login_throttle where key = $1', [`ua:admin|${ip}`])).toEqual([{ attempts: 0 }]);
      expect(await t.sql('select attempts from login_throttle where key = $1', [`ip:${ip}`])).toEqual([{ attempts: 3 }]);
      // 12 failures per address and window: the 13th attempt is refused for a username never signed in from here...
      await t.sql('update login_throttle set attempts = 12 where key = $1', [`ip:${ip}`]);
      const refused = await client.post('/api/admin/login', { username: 'victim2', password: ADMIN.password }, { token: null });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('THROTTLED_ADDRESS');
      expect(refused.body.message).toMatch(/^Too many wrong passwords from your network\. Try again in \d+ (s|min)/);
      // ...not for one that signed in from here (its own limit still applies), nor from another address.
      expect((await client.post('/api/admin/login', ADMIN, { token: null })).status).toBe(200);
      expect((await from().post('/api/admin/login', { username: 'victim2', password: ADMIN.password }, { token: null })).status).toBe(200);
    });
  });
});

describe('session token', () => {
  test('every admin route needs a token: missing, malformed and unknown are 401', async () => {
    const missing = await api.get('/api/admin/projects', { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('TOKEN_MISSING');
    const malformed = await api.get('/api/admin/projects', { headers: { Authorization: 'Token abc' } });
    expect(malformed.status).toBe(401);
    const unknown = await api.get('/api/admin/projects', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: expect.stringMatching(/token/i), code: 'TOKEN_INVALID' });
  });

  test('an expired session is 401', async () => {
    const s = new Api(t.url);
    const token = await s.login();
    expect((await s.get('/api/admin/projects')).status).toBe(200);
    await t.sql("update admin_sessions set expires_at = now() - interval '1 second' where token_hash = $1", [hashToken(token)]);
    expect((await s.get('/api/admin/projects')).status).toBe(401);
  });

  test('logout revokes the token and is audited', async () => {
    const s = new Api(t.url);
    await s.login();
    expect((await s.get('/api/admin/projects')).status).toBe(200);
    const out = await s.post('/api/admin/logout');
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ loggedOut: true });
    expect((await s.get('/api/admin/projects')).status).toBe(401);
    const audit = await t.sql("select target, summary from audit_log where action = 'logout'");
    expect(audit).toEqual([{ target: 'admin:admin', summary: 'Signed out' }]);
  });
});

describe('request signature (403, never 401)', () => {
  let token = '';
  // beforeEach, not beforeAll: the sign-in then counts as the first test's own work, which lets
  // mutation testing run only the tests that reach each line (docs/testing.md, mutation testing).
  beforeEach(async () => {
    if (!token) token = await new Api(t.url).login();
  });

  test('a correctly signed request passes', async () => {
    expect((await api.get('/api/admin/projects', { token })).status).toBe(200);
  });

  test('unsigned: 403 naming the missing headers, checked before the token', async () => {
    const r = await api.get('/api/admin/projects', { sign: false, token: null });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('SIGNATURE_MISSING');
    expect(r.body.message).toMatch(/X-Timestamp/);
    const partial = await api.get('/api/admin/projects', { sign: false, token, headers: { 'X-Timestamp': String(Date.now()) } });
    expect(partial.status).toBe(403);
    expect(partial.body.message).toMatch(/X-Nonce, X-Signature/);
  });

  test('stale and future timestamps beyond 5 minutes: 403', async () => {
    const past = await api.get('/api/admin/projects', { token, timestamp: Date.now() - 5 * 60_000 - 5000 });
    expect(past.status).toBe(403);
    expect(past.body.code).toBe('TIMESTAMP_EXPIRED');
    const future = await api.get('/api/admin/projects', { token, timestamp: Date.now() + 5 * 60_000 + 5000 });
    expect(future.status).toBe(403);
    const within = await api.get('/api/admin/projects', { token, timestamp: Date.now() - 4 * 60_000 });
    expect(within.status).toBe(200);
    const garbage = await api.get('/api/admin/projects', { token, headers: { 'X-Timestamp': 'yesterday' } });
    expect(garbage.status).toBe(403);
    expect(garbage.body.code).toBe('TIMESTAMP_INVALID');
  });

  test('mis-signed (wrong key or tampered) and a malformed nonce: 403', async () => {
    const wrongKey = await api.get('/api/admin/projects', { token, key: 'another-key' });
    expect(wrongKey.status).toBe(403);
    expect(wrongKey.body.code).toBe('SIGNATURE_INVALID');
    const h = api.signedHeaders();
    const tampered = await api.get('/api/admin/projects', { token, sign: false, headers: { ...h, 'X-Timestamp': String(Number(h['X-Timestamp']) + 1) } });
    expect(tampered.status).toBe(403);
    const shortNonce = await api.get('/api/admin/projects', { token, nonce: 'abc' });
    expect(shortNonce.status).toBe(403);
    expect(shortNonce.body.code).toBe('NONCE_INVALID');
  });

  test('a replayed nonce is 403, even with a fresh token', async () => {
    const headers = api.signedHeaders({ nonce: newNonce() });
    const first = await api.get('/api/admin/projects', { token, sign: false, headers });
    expect(first.status).toBe(200);
    const again = await api.get('/api/admin/projects', { token, sign: false, headers });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('NONCE_REPLAYED');
    const nonces = await t.sql('select count(*)::int as n from request_nonces where nonce = $1', [headers['X-Nonce']]);
    expect(nonces[0].n).toBe(1);
  });

  test('every signature header is checked whole: nothing before or after the expected text', async () => {
    const signedWith = (timestamp: string, nonce: string) => ({ 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signRequest(timestamp, nonce, SIGNING_KEY) });
    const now = String(Date.now());
    const cases: Array<[string, Record<string, string>, string]> = [
      // correctly signed, so only the pattern can refuse them
      ['letters before the digits', signedWith(`abc${now}`, newNonce()), 'TIMESTAMP_INVALID'],
      ['letters after the digits', signedWith(`${now}abc`, newNonce()), 'TIMESTAMP_INVALID'],
      ['a 16-digit timestamp', signedWith(`1${now.padStart(15, '0')}`, newNonce()), 'TIMESTAMP_INVALID'],
      ['a 22-character nonce', signedWith(now, `${newNonce()}x`), 'NONCE_INVALID'],
      ['a 20-character nonce', signedWith(now, newNonce().slice(1)), 'NONCE_INVALID'],
      ['text before the nonce', signedWith(now, `!${newNonce()}`), 'NONCE_INVALID'],
      ['text after the nonce', signedWith(now, `${newNonce()}!`), 'NONCE_INVALID'],
      ['a nonce with a character outside [A-Za-z0-9_-]', signedWith(now, `${newNonce().slice(1)}.`), 'NONCE_INVALID'],
    ];
    for (const [what, headers, code] of cases) {
      const r = await api.get('/api/admin/projects', { token, sign: false, headers });
      expect({ what, status: r.status, code: r.body.code }).toEqual({ what, status: 403, code });
    }
    // The right signature for its own timestamp and nonce, one character short, long or shifted.
    const changes: Array<[string, (sig: string) => string]> = [
      ['one character short', (sig) => sig.slice(0, -1)],
      ['one character more', (sig) => `${sig}0`],
      ['a character before it', (sig) => `0${sig}`],
      ['twice', (sig) => sig + sig],
    ];
    for (const [what, change] of changes) {
      const h = api.signedHeaders();
      const r = await api.get('/api/admin/projects', { token, sign: false, headers: { ...h, 'X-Signature': change(h['X-Signature']) } });
      expect({ what, status: r.status, code: r.body.code }).toEqual({ what, status: 403, code: 'SIGNATURE_INVALID' });
    }
  });

  test('the 5-minute window holds to the millisecond, both ways', async () => {
    const WINDOW = 5 * 60_000;
    const at = (offset: number) => {
      const now = Date.now();
      jest.spyOn(Date, 'now').mockReturnValue(now); // the server runs in this process: one clock
      return api.get('/api/admin/projects', { token, timestamp: now + offset }).finally(() => jest.restoreAllMocks());
    };
    expect((await at(-WINDOW)).status).toBe(200);
    expect((await at(WINDOW)).status).toBe(200);
    expect((await at(-WINDOW - 1)).body.code).toBe('TIMESTAMP_EXPIRED');
    expect((await at(WINDOW + 1)).body.code).toBe('TIMESTAMP_EXPIRED');
  });

  test('the bearer token is checked whole: text around it or another scheme is 401', async () => {
    for (const authorization of [`xBearer ${token}`, `Bearer ${token}x`, `Bearer ${token}.x`, `Bearer  ${token}`, `Bearer ${token.slice(1)}`, `Token ${token}`, `Bearer ${token} ${token}`]) {
      const r = await api.get('/api/admin/projects', { token: null, headers: { Authorization: authorization } });
      expect({ authorization, status: r.status, code: r.body.code }).toEqual({ authorization, status: 401, code: 'TOKEN_INVALID' });
    }
  });

  test('each refusal says what is wrong, in one sentence', async () => {
    const h = api.signedHeaders();
    const cases: Array<[string, Promise<{ status: number; body: { message: string; code: string } }>, number, string, string]> = [
      ['one header missing', api.get('/api/admin/projects', { token, sign: false, headers: { 'X-Timestamp': h['X-Timestamp'], 'X-Nonce': h['X-Nonce'] } }), 403, 'SIGNATURE_MISSING', 'The request is not signed: missing X-Signature header'],
      ['all missing', api.get('/api/admin/projects', { token, sign: false }), 403, 'SIGNATURE_MISSING', 'The request is not signed: missing X-Timestamp, X-Nonce, X-Signature headers'],
      ['a bad timestamp', api.get('/api/admin/projects', { token, headers: { 'X-Timestamp': 'soon' } }), 403, 'TIMESTAMP_INVALID', 'X-Timestamp must be the current time in milliseconds'],
      ['an old timestamp', api.get('/api/admin/projects', { token, timestamp: Date.now() - 6 * 60_000 }), 403, 'TIMESTAMP_EXPIRED', 'X-Timestamp is more than 5 minutes away from the server clock'],
      ['a bad nonce', api.get('/api/admin/projects', { token, nonce: 'short' }), 403, 'NONCE_INVALID', 'X-Nonce must be a 21-character random id'],
      ['a wrong key', api.get('/api/admin/projects', { token, key: 'not-the-key' }), 403, 'SIGNATURE_INVALID', 'X-Signature does not match the request'],
      ['no token', api.get('/api/admin/projects', { token: null }), 401, 'TOKEN_MISSING', 'Sign in first: the Authorization header with a Bearer token is missing'],
      ['a malformed token', api.get('/api/admin/projects', { token: null, headers: { Authorization: 'Bearer x' } }), 401, 'TOKEN_INVALID', 'The Authorization header must be "Bearer <token>" with a session token'],
      ['an unknown token', api.get('/api/admin/projects', { token: 'B'.repeat(43) }), 401, 'TOKEN_INVALID', 'The session token is invalid, expired or signed out'],
    ];
    for (const [what, answer, status, code, message] of cases) {
      const r = await answer;
      expect({ what, status: r.status, body: r.body }).toEqual({ what, status, body: { message, code } });
    }
    const replayed = api.signedHeaders();
    await api.get('/api/admin/projects', { token, sign: false, headers: replayed });
    expect((await api.get('/api/admin/projects', { token, sign: false, headers: replayed })).body).toEqual({ message: 'X-Nonce was already used: replayed request', code: 'NONCE_REPLAYED' });
  });

  test('the uppercase hex digest is accepted (hex is case-insensitive)', async () => {
    const h = api.signedHeaders();
    const r = await api.get('/api/admin/projects', { token, sign: false, headers: { ...h, 'X-Signature': h['X-Signature'].toUpperCase() } });
    expect(r.status).toBe(200);
  });
  void SIGNING_KEY;
});

describe('public routes and CORS', () => {
  test('/healthz and the OpenAPI document need neither token nor signature', async () => {
    const h = await fetch(`${t.url}/healthz`);
    expect(h.status).toBe(200);
    expect(((await h.json()) as { data: { status: string } }).data.status).toBe('ok');
    expect((await fetch(`${t.url}/api/docs/json`)).status).toBe(200);
  });

  test('preflight from an allowed origin lists the signature headers', async () => {
    const r = await fetch(`${t.url}/api/admin/projects`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-signature' },
    });
    expect(r.status).toBeLessThan(300);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(r.headers.get('access-control-allow-headers')).toMatch(/X-Signature/i);
  });

  test('errors carry CORS headers too; other origins get none', async () => {
    const r = await fetch(`${t.url}/api/admin/projects`, { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    // The default is the shell's origin only: a remote's standalone page is allowed where CORS_ORIGINS says (npm start does).
    const standalone = await fetch(`${t.url}/api/admin/projects`, { headers: { Origin: 'http://127.0.0.1:3002' } });
    expect(standalone.headers.get('access-control-allow-origin')).toBeNull();
    const evil = await fetch(`${t.url}/api/admin/projects`, { headers: { Origin: 'http://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('unknown routes are a 404 envelope, signed or not (no check before the 404)', async () => {
    const r = await api.get('/api/admin/nope');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('ROUTE_NOT_FOUND');
    const unsigned = await api.get('/api/admin/nope', { sign: false, token: null });
    expect(unsigned.status).toBe(404);
    expect(unsigned.body.code).toBe('ROUTE_NOT_FOUND');
  });
});
