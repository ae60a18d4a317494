// The contract's own rules: one entry per method and path, method-like operation ids, every text an
// integrator needs, and the error catalogue each route answers.
import { errorsOf, routes, type RouteSpec } from '../src';

test('one route per method and path, and one per operationId', () => {
  const keys = routes.map((r) => `${r.method} ${r.path}`);
  expect(new Set(keys).size).toBe(keys.length);
  const ids = routes.map((r) => r.operationId);
  expect(new Set(ids).size).toBe(ids.length);
});

test.each(routes.map((r) => [r.operationId, r] as [string, RouteSpec]))('%s reads as a method and says what it does', (operationId, r) => {
  expect(operationId).toMatch(/^[a-z][A-Za-z]+$/);
  expect(r.summary.length).toBeGreaterThan(3);
  expect(r.summary.length).toBeLessThanOrEqual(60);
  expect(r.description.length).toBeGreaterThan(r.summary.length);
  expect(r.path).toMatch(/^\/(api\/|healthz$|readyz$)/);
  if (r.data === null) expect(r.raw).toBeDefined();
});

test('errors follow from access and inputs: signed routes can answer signature codes, admin routes token codes', () => {
  const byId = Object.fromEntries(routes.map((r) => [r.operationId, r]));
  const codes = (id: string) => errorsOf(byId[id]).map((e) => `${e.status} ${e.code}`);
  expect(codes('login')).toEqual(expect.arrayContaining(['403 NONCE_REPLAYED', '401 INVALID_CREDENTIALS', '429 THROTTLED_ACCOUNT_ADDRESS', '429 THROTTLED_ADDRESS', '400 INVALID_JSON']));
  expect(codes('login')).not.toContain('401 TOKEN_MISSING');
  expect(codes('listProjects')).toEqual(expect.arrayContaining(['401 TOKEN_INVALID', '403 SIGNATURE_INVALID']));
  expect(codes('listProjects')).toContain('400 VALIDATION_ERROR'); // an unknown query parameter
  expect(codes('listProjects')).not.toContain('400 INVALID_JSON'); // no body
  expect(codes('proxyImage')).not.toContain('403 SIGNATURE_MISSING'); // public
  for (const r of routes) expect(codes(r.operationId)).toContain('500 INTERNAL_ERROR');
});
