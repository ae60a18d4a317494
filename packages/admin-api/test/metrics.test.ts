// /metrics as an operator scrapes it, against the real server: closed without its token, every
// answer counted by its route's operationId (never the raw URL) and status, timed; sign-ins by
// outcome; load shedding; release events and canary verdicts; the database's live figures.
import { Api, freshDatabase, ON_POSTGRES, startOn, startTestServer, type TestServer } from './helpers';
import { sampleValue, scrape } from './metricsText';

const TOKEN = 'metrics-test-token';

/** Resolves once `probe` is true (polled): a test waits for a state, never for a time. */
async function until(probe: () => boolean, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
let t: TestServer;
let url = '';

beforeAll(async () => {
  t = await startTestServer({ metricsPort: 0, metricsToken: TOKEN });
  url = t.server.metricsUrl!;
});
afterAll(() => t?.close());

test('the metrics listen on their own loopback port and answer only with the bearer token', async () => {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  expect(new URL(url).port).not.toBe(String(t.server.port));
  expect((await scrape(url)).status).toBe(401);
  expect((await scrape(url, 'wrong-token-of-other-length')).status).toBe(401);
  expect((await scrape(url, TOKEN.replace('t', 'x'))).status).toBe(401);
  expect((await fetch(url.replace('/metrics', '/other'), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  const ok = await scrape(url, TOKEN);
  expect(ok.status).toBe(200);
  expect(ok.contentType).toContain('text/plain; version=0.0.4');
  expect(ok.text).toContain('# TYPE admin_api_http_requests_total counter');
  expect(ok.text).toContain('process_resident_memory_bytes');
  // Nothing of the API's own routes answers /metrics.
  expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
});

test('requests are counted and timed by operationId and status, never by raw URL; sign-ins by outcome', async () => {
  const before = (await scrape(url, TOKEN)).text;
  const failed = await t.api.post('/api/admin/login', { username: 'admin', password: 'not-the-password' }, { token: null });
  expect(failed.status).toBe(401);
  await t.api.login();
  for (const id of ['100000', '100001', '100002']) expect((await t.api.get('/api/admin/persons/query', { query: { id } })).status).toBeLessThan(500);
  expect((await t.api.get('/api/admin/no-such-route/12345')).status).toBe(404);
  const after = (await scrape(url, TOKEN)).text;
  const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);

  expect(delta('admin_api_sign_ins_total', { outcome: 'invalid_credentials' })).toBe(1);
  expect(delta('admin_api_sign_ins_total', { outcome: 'success' })).toBe(1);
  expect(delta('admin_api_http_requests_total', { operation: 'login', method: 'POST', status: '401' })).toBe(1);
  expect(delta('admin_api_http_requests_total', { operation: 'login', method: 'POST', status: '200' })).toBe(1);
  expect(delta('admin_api_http_errors_total', { operation: 'login', code: 'INVALID_CREDENTIALS' })).toBe(1);
  expect(delta('admin_api_http_request_duration_seconds_count', { operation: 'queryPerson', method: 'GET' })).toBe(3);
  expect(delta('admin_api_http_requests_total', { operation: 'unmatched', status: '404' })).toBe(1);
  expect(delta('admin_api_http_errors_total', { operation: 'unmatched', code: 'ROUTE_NOT_FOUND' })).toBe(1);
  // The durations' buckets add up to their count, and no label carries a URL or an id.
  expect(sampleValue(after, 'admin_api_http_request_duration_seconds_bucket', { operation: 'queryPerson', le: '+Inf' })).toBe(
    sampleValue(after, 'admin_api_http_request_duration_seconds_count', { operation: 'queryPerson' }),
  );
  const operations = [...after.matchAll(/operation="([^"]*)"/g)].map((m) => m[1]);
  expect(operations.length).toBeGreaterThan(0);
  expect(operations.filter((o) => !/^[A-Za-z]+$/.test(o))).toEqual([]);
  expect(sampleValue(after, 'admin_api_sessions_active')).toBeGreaterThanOrEqual(1);
  expect(sampleValue(after, 'admin_api_database_up')).toBe(1);
});

test('a throttled sign-in is counted as throttled', async () => {
  const before = (await scrape(url, TOKEN)).text;
  let status = 0;
  let wrong = 0;
  while (status !== 429 && wrong < 30) {
    status = (await t.api.post('/api/admin/login', { username: 'nobody-here', password: 'x' }, { token: null })).status;
    if (status === 401) wrong++;
  }
  expect(status).toBe(429);
  const after = (await scrape(url, TOKEN)).text;
  expect(sampleValue(after, 'admin_api_sign_ins_total', { outcome: 'throttled' }) - sampleValue(before, 'admin_api_sign_ins_total', { outcome: 'throttled' })).toBe(1);
  expect(sampleValue(after, 'admin_api_sign_ins_total', { outcome: 'invalid_credentials' }) - sampleValue(before, 'admin_api_sign_ins_total', { outcome: 'invalid_credentials' })).toBe(wrong);
});

test('load shedding: the queue is a gauge, and each 503 OVERLOADED is counted with its reason', async () => {
  const place = await freshDatabase(undefined, { seeded: true });
  const server = await startOn(place, { dbMaxInFlight: 1, dbMaxQueue: 1, dbQueueTimeoutMs: 30_000, metricsPort: 0 });
  let release!: () => void;
  try {
    const api = new Api(server.url);
    await api.login();
    // Person 1's row (and, on PGlite, the one connection) held: the first add-money stays at work.
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const held = new Promise<void>((r) => (started = r));
    void server.db.transaction(async (tx) => {
      await tx.query('select id from persons where id = 1 for update');
      started();
      await gate;
    });
    await held;
    const add = (key: string) => api.post('/api/admin/persons/add-money', { personId: '1', amount: 1 }, { headers: { 'Idempotency-Key': key } });
    const admitted = [add('metrics-shed-01'), add('metrics-shed-02')];
    await until(() => server.app.admission.stats().inFlight === 1 && server.app.admission.stats().waiting === 1, 'one request works and one waits');
    const refused = await add('metrics-shed-03');
    expect(refused.status).toBe(503);
    const busy = (await scrape(server.metricsUrl!)).text;
    expect(busy).toMatch(/^admin_api_admission_in_flight 1$/m);
    expect(busy).toMatch(/^admin_api_admission_queue_depth 1$/m);
    expect(sampleValue(busy, 'admin_api_load_shed_total', { reason: 'queue_full' })).toBe(1);
    expect(sampleValue(busy, 'admin_api_http_requests_total', { operation: 'addMoney', status: '503' })).toBe(1);
    expect(sampleValue(busy, 'admin_api_http_errors_total', { operation: 'addMoney', code: 'OVERLOADED' })).toBe(1);
    // On PGlite the held transaction has the one connection: the scrape says so instead of stalling.
    expect(sampleValue(busy, 'admin_api_database_up')).toBe(ON_POSTGRES ? 1 : 0);
    release();
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual([200, 200]);
    const calm = (await scrape(server.metricsUrl!)).text;
    expect(calm).toMatch(/^admin_api_admission_queue_depth 0$/m);
    expect(sampleValue(calm, 'admin_api_http_requests_total', { operation: 'addMoney', status: '200' })).toBe(2);
    expect(sampleValue(calm, 'admin_api_database_up')).toBe(1);
  } finally {
    release?.();
    await server.close();
    await place.drop();
  }
});

test('a metrics listener beyond loopback without a token refuses to start, saying why', async () => {
  const place = await freshDatabase(undefined, { seeded: true });
  try {
    await expect(startOn(place, { metricsPort: 0, metricsHost: '0.0.0.0' })).rejects.toThrow('METRICS_HOST 0.0.0.0 is reachable from other machines: set METRICS_TOKEN');
  } finally {
    await place.drop();
  }
});
