// The README's "calling the API from outside": a client generated from the served document with
// openapi-typescript's CLI type-checks the example, which then signs in and lists users against a
// real server. (Async children: the server runs in this process.)
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN, SIGNING_KEY, startTestServer, type TestServer } from './helpers';
import { nodeWithTsx } from './serverProcess';

const run = promisify(execFile);
const EXAMPLES = join(__dirname, '..', 'examples');
const TYPES = join(EXAMPLES, 'adminApi.d.ts');
const OPENAPI_TYPESCRIPT = join(__dirname, '..', 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  rmSync(TYPES, { force: true });
  await t?.close();
});

it('generates a client from /api/docs/json that type-checks the example, which signs in and lists users', async () => {
  await run(process.execPath, [OPENAPI_TYPESCRIPT, `${t.url}/api/docs/json`, '-o', TYPES]);
  // tsc prints its errors on stdout and exits 2: the rejection carries them.
  await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(EXAMPLES, 'tsconfig.json')]);

  const [node, args, options] = nodeWithTsx(join(EXAMPLES, 'outside-client.mts'));
  const example = await run(node, [...args], {
    ...options,
    env: { ...process.env, NODE_OPTIONS: '', API_URL: t.url, ADMIN_SIGNING_KEY: SIGNING_KEY, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  });
  expect(example.stderr).toBe('');
  const [{ total }] = await t.sql<{ total: number }>('select count(*)::int as total from persons');
  expect(example.stdout).toMatch(new RegExp(`^${total} users; first: \\S+`));
}, 60_000);
