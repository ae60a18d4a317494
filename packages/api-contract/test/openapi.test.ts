// The OpenAPI document generated from the contract, linted as an integrator would: redocly's
// recommended rules, no error and no warning.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument, routes } from '../src';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document under test

const SERVER = 'https://admin-api.growth.internal';
const doc = openApiDocument(routes, { servers: [SERVER], version: '1.0.0' }) as Json;
const operations = Object.values(doc.paths as Json).flatMap((item: Json) => Object.values(item) as Json[]);

test("passes redocly's recommended rules with no error and no warning", () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const redocly = join(__dirname, '../node_modules/.bin/redocly');
  const run = spawnSync(redocly, ['lint', file, '--extends=recommended', '--format=json'], { encoding: 'utf8', timeout: 120_000 });
  rmSync(dir, { recursive: true, force: true });
  const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
  expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});

test('every operation has a method-like id, a summary, a description, a tag, and every route is in it', () => {
  expect(operations).toHaveLength(routes.length);
  for (const op of operations) {
    expect(op.operationId).toMatch(/^[a-z]\w+$/);
    expect(op.summary).toBeTruthy();
    expect(op.description).toBeTruthy();
    expect(op.tags).toHaveLength(1);
  }
  expect(doc.servers).toEqual([{ url: SERVER }]);
});

test('both security schemes, and each operation says which it needs', () => {
  expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'nonce', 'signature', 'timestamp']);
  expect(doc.components.securitySchemes.signature.description).toMatch(/HMAC-MD5 of `<timestamp>_<nonce>`/);
  const byId = Object.fromEntries(operations.map((op) => [op.operationId, op]));
  expect(byId.listProjects.security).toEqual([{ bearer: [], timestamp: [], nonce: [], signature: [] }]);
  expect(byId.login.security).toEqual([{ timestamp: [], nonce: [], signature: [] }]);
  expect(byId.proxyImage.security).toEqual([]);
});

test('error answers are the {message, code} envelope with every code of the status', () => {
  const refund = operations.find((op) => op.operationId === 'refundOrder')!;
  expect(refund.responses['409'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual(['ALREADY_REFUNDED', 'NOT_REFUNDABLE']);
  expect(refund.responses['403'].description).toContain('NONCE_REPLAYED');
  expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['message', 'code'] });
  expect(doc.paths['/api/admin/projects/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  expect(doc.components.schemas.Order).toBeDefined();
  expect(JSON.stringify(refund.responses['200'])).toContain('#/components/schemas/Order');
});
