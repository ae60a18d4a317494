// The API is its contract (@growth-admin/api-contract): every contract entry is served and nothing
// else; the OpenAPI document it serves comes from it; and whatever a client sends, every answer is
// either the contract's data or an error in our envelope with a code the contract lists for that
// route — never a 5xx, never the framework's own shape.
import { connect } from 'node:net';
import { errorsOf, routes, type RouteSpec } from '@growth-admin/api-contract';
import { buildApp } from '../src/app';
import { defaultConfig } from '../src/config';
import { startTestServer, type Res, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ publicUrl: 'https://admin-api.example.test' });
  await t.api.login();
});
afterAll(() => t?.close());

/** Fills a contract path's parameters: `/api/admin/projects/:id` → `/api/admin/projects/1`. */
const pathOf = (r: RouteSpec) => r.path.replace(/:\w+/g, '1');

function expectContractError(res: Res, r: RouteSpec | null, what: string) {
  const allowed = r ? errorsOf(r).map((e) => `${e.status} ${e.code}`) : ['404 ROUTE_NOT_FOUND', '400 MALFORMED_REQUEST', '431 HEADERS_TOO_LARGE'];
  const answer = `${res.status} ${res.body?.code}`;
  // One comparison, so a failure names the case, the answer and what the contract allows.
  expect({ what, is4xx: res.status >= 400 && res.status < 500, envelope: Object.keys(res.body ?? {}).sort(), inContract: allowed.includes(answer) ? answer : allowed }).toEqual({
    what,
    is4xx: true,
    envelope: ['code', 'message'],
    inContract: answer,
  });
}

test('every contract entry is served (GET also as HEAD) and a route registered outside the contract fails the start', async () => {
  for (const r of routes) expect({ route: r.operationId, served: t.server.app.hasRoute({ method: r.method, url: r.path }) }).toEqual({ route: r.operationId, served: true });
  const app = await buildApp({ config: defaultConfig(), db: t.server.db });
  expect(() => app.get('/api/admin/extra', async () => ({}))).toThrow(/without its contract entry/);
  await app.close();
});

test('the OpenAPI document is the contract, naming the configured public URL as its server', async () => {
  const res = await fetch(`${t.url}/api/docs/json`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, { operationId: string }>> };
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.servers).toEqual([{ url: 'https://admin-api.example.test' }]);
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  expect(ids.sort()).toEqual(routes.map((r) => r.operationId).sort());
});

describe('hostile input, on every route', () => {
  const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

  test.each(routes.map((r) => [r.operationId, r] as [string, RouteSpec]))('%s: deep nesting, stray bodies, unknown parameters and odd text are 4xx in the envelope', async (_id, r) => {
    const path = pathOf(r);
    const withBody = r.method === 'GET' ? 'POST' : r.method; // fetch sends no body with GET
    const answers: Array<[string, Res, string]> = [
      ['a body nested 10,000 levels', await t.api.call(withBody, path, { rawBody: deepArray }), withBody],
      ['an object nested 5,000 levels', await t.api.call(withBody, path, { rawBody: deepObject }), withBody],
      ['an unknown query parameter', await t.api.call(r.method, path, { query: { surely_unknown: '1' } }), r.method],
      ['a lone surrogate in a query value', await t.api.call(r.method, path, { query: { surely_unknown: '\ud800' } }), r.method],
    ];
    if (!r.body && r.method !== 'GET') answers.push(['a body where none is taken', await t.api.call(r.method, path, { body: { a: 1 } }), r.method]);
    for (const [what, res, method] of answers) {
      // The route that answered: this one, another at the same path (POST /projects for a body sent
      // to GET /projects), or none (an unknown route).
      const answering = routes.find((x) => x.method === method && pathOf(x) === path) ?? null;
      expectContractError(res, answering, `${r.operationId}: ${what}`);
    }
  });

  test('a lone surrogate in a body field is refused naming the field, not stored altered', async () => {
    const res = await t.api.call('POST', '/api/admin/projects', {
      rawBody: '{"projectName":"a\\ud800b","projectId":"surrogate","team":"t","appId":1,"buildNumber":1,"checkNumber":1}',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('projectName must be valid Unicode text (it holds a lone surrogate)');
    expect(await t.sql("select 1 from projects where project_id = 'surrogate'")).toEqual([]);
  });

  test('a wrong content type, an oversized body, a preflight without Origin: our envelope and codes', async () => {
    const login = routes.find((r) => r.operationId === 'login')!;
    const text = await t.api.call('POST', '/api/admin/login', { rawBody: 'x', headers: { 'Content-Type': 'text/plain' } });
    expectContractError(text, login, 'text/plain body');
    expect(text.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.api.call('POST', '/api/admin/login', { rawBody: JSON.stringify({ username: 'x'.repeat(300_000), password: 'y' }) });
    expectContractError(big, login, 'a 300 KB body');
    expect(big.body.code).toBe('BODY_TOO_LARGE');
    const preflight = await fetch(`${t.url}/api/admin/projects`, { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(400);
    expect(await preflight.json()).toEqual({ message: 'A CORS preflight needs an Origin header', code: 'MALFORMED_REQUEST' });
  });

  /** Sends raw bytes (what fetch would refuse to send) and answers the status line and body. */
  function raw(request: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const { port } = new URL(t.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (c) => (data += c.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, body] = data.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '') || '{}') });
      });
    });
  }

  test('bad percent-encoding in a path, oversized headers: our envelope, not the framework’s', async () => {
    const badPath = await raw('GET /api/admin/projects/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(badPath.status).toBe(400);
    expect(badPath.body).toEqual({ message: 'The URL cannot be read (bad percent-encoding)', code: 'MALFORMED_REQUEST' });
    const hugeHeader = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\nConnection: close\r\n\r\n`);
    expect(hugeHeader.status).toBe(431);
    expect(hugeHeader.body).toEqual({ message: 'The request line or headers are too large', code: 'HEADERS_TOO_LARGE' });
  });
});
