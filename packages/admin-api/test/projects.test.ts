// Projects: CRUD, spec-5 validation, duplicate projectId, audit rows, bad input never a 5xx.
import { projects } from '@growth-admin/api-contract';
import { expectShape, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());

const valid = () => ({
  projectName: 'Test App',
  projectId: 'com.test.app',
  team: 'Omega',
  appId: 123456789,
  buildNumber: 202611210000,
  checkNumber: 202611210000,
  testing: true,
  online: false,
  enablePush: true,
  enableRate: false,
  blockedRegions: ['EU', 'AP'],
  productIdList: { '10001': 'com.test.app.coins100', '10006': '' },
  iapCountryLimits: { US: 100, TR: 0, BR: 12.5 },
});

test('the seeded list: a dozen projects across teams, with the spec-3 fields', async () => {
  const r = await t.api.get('/api/admin/projects');
  expect(r.status).toBe(200);
  // (other tests of this file add projects: the seeded dozen are those no administrator created)
  const created = new Set((await t.sql("select target from audit_log where action = 'project.create'")).map((a) => a.target));
  expect(r.body.data.filter((x: { _id: string }) => !created.has(`project:${x._id}`))).toHaveLength(12);
  const p = r.body.data[0];
  expectShape(projects.Project, p);
  expect(typeof p._id).toBe('string');
  expect(Number.isInteger(p.appId)).toBe(true);
  expect(new Set(r.body.data.map((x: { team: string }) => x.team)).size).toBeGreaterThan(2);
});

test('create, read, update, delete, each audited', async () => {
  const created = await t.api.post('/api/admin/projects', valid());
  expect(created.status).toBe(200);
  const p = created.body.data;
  expect(p).toMatchObject(valid());
  expect(p._id).toMatch(/^\d+$/);

  const got = await t.api.get(`/api/admin/projects/${p._id}`);
  expect(got.body.data).toEqual(p);

  const updated = await t.api.put(`/api/admin/projects/${p._id}`, { ...valid(), projectName: 'Renamed', online: true, blockedRegions: [] });
  expect(updated.status).toBe(200);
  expect(updated.body.data).toMatchObject({ projectName: 'Renamed', online: true, blockedRegions: [], testing: true });

  const del = await t.api.del(`/api/admin/projects/${p._id}`);
  expect(del.status).toBe(200);
  expect((await t.api.get(`/api/admin/projects/${p._id}`)).status).toBe(404);
  expect((await t.api.del(`/api/admin/projects/${p._id}`)).status).toBe(404);

  const audit = await t.sql("select action from audit_log where action like 'project.%' and target = $1 order by id", [`project:${p._id}`]);
  expect(audit.map((a) => a.action)).toEqual(['project.create', 'project.update', 'project.delete']);
});

test('optional fields default on create (booleans false, no regions, empty maps)', async () => {
  const r = await t.api.post('/api/admin/projects', { projectName: 'Min', projectId: 'com.min', team: 'T', appId: 0, buildNumber: 0, checkNumber: 0 });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ testing: false, online: false, enablePush: false, enableRate: false, blockedRegions: [], productIdList: {}, iapCountryLimits: {} });
});

test('a duplicate projectId is a 409 on create and on update', async () => {
  const a = await t.api.post('/api/admin/projects', { ...valid(), projectId: 'com.dup.a' });
  const b = await t.api.post('/api/admin/projects', { ...valid(), projectId: 'com.dup.b' });
  const dup = await t.api.post('/api/admin/projects', { ...valid(), projectId: 'com.dup.a' });
  expect(dup.status).toBe(409);
  expect(dup.body.code).toBe('DUPLICATE_PROJECT_ID');
  // In the words of the dialog's field ('Project ID'), which shows it there and in the toast.
  expect(dup.body.message).toBe('Project ID com.dup.a is already used by another project');
  const upd = await t.api.put(`/api/admin/projects/${b.body.data._id}`, { ...valid(), projectId: 'com.dup.a' });
  expect(upd.status).toBe(409);
  expect((await t.api.get(`/api/admin/projects/${b.body.data._id}`)).body.data.projectId).toBe('com.dup.b');
  void a;
});

describe('validation: a 400 naming the field, and nothing changes', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['missing projectName', { projectName: undefined }, /projectName is required/],
    ['blank team', { team: '   ' }, /team is required/],
    ['appId as text', { appId: '12a' }, /appId must be an integer/],
    ['appId fractional', { appId: 1.5 }, /appId must be an integer/],
    ['appId negative', { appId: -1 }, /appId must be at least 0/],
    ['huge buildNumber', { buildNumber: 1e20 }, /buildNumber must be at most/],
    ['checkNumber missing', { checkNumber: undefined }, /checkNumber is required/],
    ['boolean as string', { testing: 'yes' }, /testing must be a boolean/],
    ['unknown region', { blockedRegions: ['EU', 'XX'] }, /blockedRegions\[1\] must be one of NA, EU, AME, LA, AP/],
    ['duplicate region', { blockedRegions: ['EU', 'EU'] }, /blockedRegions must not contain duplicates/],
    ['product slot 10007', { productIdList: { '10007': 'x' } }, /productIdList: "10007" is not a product slot/],
    ['product value not text', { productIdList: { '10001': 5 } }, /productIdList(\.|\[)10001\]? must be a string/],
    ['lower-case IAP code', { iapCountryLimits: { us: 5 } }, /iapCountryLimits: "us" is not a 2-letter upper-case country code/],
    ['3-letter IAP code', { iapCountryLimits: { USA: 5 } }, /iapCountryLimits: "USA"/],
    ['negative IAP amount', { iapCountryLimits: { US: -1 } }, /iapCountryLimits.US must be at least 0/],
    ['IAP amount as text', { iapCountryLimits: { US: '5' } }, /iapCountryLimits.US must be a number/],
    ['unknown field', { color: 'red' }, /color is not an allowed field/],
    ['over-long name', { projectName: 'x'.repeat(101) }, /projectName must be at most 100 characters/],
    ['NUL in a name', { projectName: 'a\u0000b' }, /projectName must not contain NUL/],
  ];
  test.each(cases)('%s', async (_name, patch, message) => {
    const before = await t.sql('select count(*)::int as n from projects');
    const body: Record<string, unknown> = { ...valid(), projectId: `com.v.${Math.random()}`, ...patch };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const r = await t.api.post('/api/admin/projects', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    const put = await t.api.put('/api/admin/projects/1', body);
    expect(put.status).toBe(400);
    expect((await t.sql('select count(*)::int as n from projects'))[0].n).toBe(before[0].n);
  });

  test('malformed JSON, a non-object body, a bad id and SQL metacharacters', async () => {
    const bad = await t.api.call('POST', '/api/admin/projects', { rawBody: '{"projectName":' });
    expect(bad.status).toBe(400);
    const arr = await t.api.post('/api/admin/projects', [1, 2]);
    expect(arr.status).toBe(400);
    expect(arr.body.message).toMatch(/request body must be a JSON object/);
    const id = await t.api.get("/api/admin/projects/1';drop table projects;--");
    expect(id.status).toBe(400);
    expect(id.body.message).toMatch(/id/);
    const sqlish = await t.api.post('/api/admin/projects', { ...valid(), projectId: "x'); drop table projects; --", projectName: "Robert'); --" });
    expect(sqlish.status).toBe(200);
    expect(sqlish.body.data.projectName).toBe("Robert'); --");
    expect((await t.api.get('/api/admin/projects')).status).toBe(200);
  });

  test('a text/plain body is a 415, not a 5xx', async () => {
    const r = await t.api.call('POST', '/api/admin/projects', { rawBody: 'hello', headers: { 'Content-Type': 'text/plain' } });
    expect(r.status).toBe(415);
    expect(r.body.message).toMatch(/Content-Type/);
  });
});
