/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON under test */
// The release control plane is one encapsulated plugin (src/controlPlane/plugin.ts): its guard, its
// audit of deploy-token calls and its request decorator see its routes only. A back-office route
// called with a deploy token is refused as it always was (403 DEPLOY_TOKEN_FORBIDDEN, before anything
// is looked up) and none of the plugin's hooks runs for it: the token is not looked up (its
// last_used_at stays empty, a forged one is not told apart), no deploy-token audit row is written.
// The control plane's routes behave as before with the same token. And the plugin needs nothing of
// the app but its options: registered alone on a bare Fastify, it serves.
import Fastify from 'fastify';
import { routes } from '@growth-admin/api-contract';
import * as releases from '@growth-admin/api-contract/releases';
import * as remotes from '@growth-admin/api-contract/remotes';
import { controlPlane } from '../src/controlPlane';
import { createDeployToken } from '../src/controlPlane/releases/deployTokens';
import { guardHook } from '../src/http/guard';
import { ApiMetrics } from '../src/metrics';
import { findSession } from '../src/modules/auth/repository';
import { Api, startTestServer, type TestServer } from './helpers';
import { sampleValue } from './metricsText';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const FORBIDDEN = { code: 'DEPLOY_TOKEN_FORBIDDEN', message: 'A deploy token may call the release routes only' };
const CONTROL_PLANE = new Set(
  [...Object.values(releases), ...Object.values(remotes)].flatMap((e: any) => (e && typeof e === 'object' && typeof e.operationId === 'string' ? [e.operationId] : [])),
);

const deployUses = async () => (await t.sql("select admin_username, target, summary from audit_log where action = 'deploy-token.use' order by id")).map((r) => `${r.admin_username} ${r.summary}`);
const lastUsed = async (name: string) => (await t.sql('select last_used_at from deploy_tokens where name = $1', [name]))[0].last_used_at;
const errorCount = async (operation: string) => sampleValue((await t.server.metrics.exposition()).body, 'admin_api_http_errors_total', { operation, code: 'DEPLOY_TOKEN_FORBIDDEN' });

test('a back-office route with a deploy token is refused as before, and none of the control plane’s hooks runs for it', async () => {
  const token = await createDeployToken(t.server.db, 'encapsulation-ci');
  const deployer = new Api(t.url);
  deployer.token = token;
  const usesBefore = await deployUses();
  const countedBefore = await errorCount('listOrders');

  // Admin routes of the back-office: 403 in the envelope, after the signature, whatever the route.
  for (const [method, path, body] of [
    ['GET', '/api/admin/orders/orderList', undefined],
    ['GET', '/api/admin/me', undefined],
    ['GET', '/api/admin/audit', undefined],
    ['POST', '/api/admin/persons/add-money', { personId: '1', amount: 1 }],
  ] as const) {
    const res = await deployer.call(method, path, { body, headers: body ? { 'Idempotency-Key': 'encapsulation-1' } : {} });
    expect([path, res.status, res.body]).toEqual([path, 403, FORBIDDEN]);
  }
  // A forged token is refused the same there: the back-office does not look deploy tokens up (the
  // control plane's guard would answer 401 TOKEN_INVALID).
  const forged = await deployer.get('/api/admin/orders/orderList', { token: `deploy_${'x'.repeat(43)}` });
  expect([forged.status, forged.body]).toEqual([403, FORBIDDEN]);
  // Unsigned, the signature is what is refused first, as on every admin route.
  expect((await deployer.get('/api/admin/orders/orderList', { sign: false })).body.code).toBe('SIGNATURE_MISSING');
  // Public back-office routes answer as to anyone.
  expect((await deployer.get('/healthz')).status).toBe(200);
  expect((await deployer.get('/api/docs/json')).status).toBe(200);

  // None of it reached the control plane: the token was never looked up, no use audited. The API's
  // own hooks did run (the refusal is counted under the route's operationId).
  expect(await lastUsed('encapsulation-ci')).toBeNull();
  expect(await deployUses()).toEqual(usesBefore);
  expect((await errorCount('listOrders')) - countedBefore).toBe(2);

  // The same token on the control plane's routes: accepted where the contract says so, its use
  // recorded and audited; refused (403, not audited) on one of its routes that takes none.
  const listed = await deployer.get('/api/admin/releases');
  expect(listed.status).toBe(200);
  expect(listed.headers.get('cache-control')).toBe('no-store'); // the API's headers, on the plugin's routes too
  expect((await deployer.get('/api/admin/remotes')).body).toEqual(FORBIDDEN);
  expect(await lastUsed('encapsulation-ci')).not.toBeNull();
  expect((await deployUses()).slice(usesBefore.length)).toEqual(['deploy:encapsulation-ci GET /api/admin/releases → 200']);
});

test('the control plane’s hooks are registered on its routes only, the back-office’s guard on the back-office’s only', () => {
  // Fastify's own listing of each route's hooks, by name: a tree of path segments (a child's path
  // follows its parent's; a line without a branch is the same path with other methods), each route
  // line followed by its hooks.
  const hooks = new Map<string, Record<string, string[]>>();
  const paths: string[] = [];
  let current: string[] = [];
  for (const line of t.server.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    const hook = /• \((\w+)\) (\[.*\])/.exec(line);
    if (hook) {
      for (const route of current) hooks.get(route)![hook[1]] = JSON.parse(hook[2]);
      continue;
    }
    const node = /^([│ ]*)(├── |└── )?(\S+) \(([A-Z, ]+)\)$/.exec(line); // (`*`: the CORS plugin's OPTIONS route)
    if (!node) {
      current = [];
      continue;
    }
    const depth = (node[1].length + (node[2] ? 4 : 0)) / 4;
    if (node[2]) paths[depth] = `${depth > 1 ? paths[depth - 1] : ''}${node[3]}`;
    current = node[4].split(', ').map((method) => `${method} ${paths[depth]}`);
    for (const route of current) hooks.set(route, {});
  }
  for (const r of routes) {
    const own = hooks.get(`${r.method} ${r.path}`);
    expect({ route: r.operationId, listed: own !== undefined }).toEqual({ route: r.operationId, listed: true });
    const audited = own!.onSend?.includes('auditDeployTokenUses()') ?? false;
    expect({ route: r.operationId, audited }).toEqual({ route: r.operationId, audited: CONTROL_PLANE.has(r.operationId) });
    // One guard per route: its context's.
    expect({ route: r.operationId, guards: own!.onRequest.filter((h) => h === 'guard()').length }).toEqual({ route: r.operationId, guards: 1 });
  }
});

test('the plugin needs nothing of the API but its options: on a bare Fastify it serves its routes', async () => {
  const bare = Fastify();
  await bare.register(controlPlane, {
    db: t.server.db,
    config: { ...t.server.config, judgeIntervalMs: 0 },
    metrics: new ApiMetrics(),
    findSession: (q, token) => findSession(q, token, t.server.config.sessionIdleMs),
    guard: (schemes) => guardHook(t.server.db, t.server.config, schemes),
  });
  try {
    const config = await bare.inject({ method: 'GET', url: '/api/runtime-config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().data).toMatchObject({ signingKey: t.server.config.signingKey, remotes: {}, releases: {} });
    // Its guard is the one it was given: unsigned, an admin route is refused.
    const unsigned = await bare.inject({ method: 'GET', url: '/api/admin/releases' });
    expect(unsigned.statusCode).toBe(403);
    // No back-office route is there.
    expect(bare.hasRoute({ method: 'GET', url: '/api/admin/orders/orderList' })).toBe(false);
    expect(bare.hasRoute({ method: 'GET', url: '/api/admin/releases' })).toBe(true);
  } finally {
    await bare.close();
  }
});
