// Roles: every rule enforced by the API, over HTTP. A viewer reads everything and
// changes nothing (403 ROLE_FORBIDDEN, nothing stored); an operator moves money and changes
// projects; the first administrator, and those of a database from before roles, are owners.
import { routes } from '@growth-admin/api-contract';
import { migrate } from '../src/migrations';
import { addAdmin } from '../src/modules/auth/repository';
import { Api, openFreshDb, startTestServer, type TestServer } from './helpers';

let t: TestServer;
const viewer = { username: 'vera', password: 'viewer-password-1' };
const operator = { username: 'otto', password: 'operator-password-1' };
beforeAll(async () => {
  t = await startTestServer();
  await addAdmin(t.server.db, viewer.username, viewer.password, 'viewer');
  await addAdmin(t.server.db, operator.username, operator.password, 'operator');
});
afterAll(() => t?.close());

async function as(who: { username: string; password: string }) {
  const api = new Api(t.url);
  await api.login(who.username, who.password);
  return api;
}

const PROJECT = { projectName: 'Role Probe', projectId: 'com.role.probe', team: 'R', appId: 1, buildNumber: 1, checkNumber: 1 };

test('the first administrator is an owner; sign-in and /me say each role', async () => {
  const owner = new Api(t.url);
  const signIn = await owner.post('/api/admin/login', { username: 'admin', password: 'correct-horse-battery' }, { token: null });
  expect(signIn.body.data.user).toEqual({ username: 'admin', role: 'owner' });
  owner.token = signIn.body.data.token;
  expect((await owner.get('/api/admin/me')).body.data).toEqual({ username: 'admin', role: 'owner' });
  expect((await (await as(viewer)).get('/api/admin/me')).body.data).toEqual({ username: 'vera', role: 'viewer' });
  expect((await (await as(operator)).get('/api/admin/me')).body.data).toEqual({ username: 'otto', role: 'operator' });
});

test('a viewer reads every list and figure', async () => {
  const api = await as(viewer);
  for (const path of ['/api/admin/projects', '/api/admin/persons/list', '/api/admin/orders/orderList', '/api/admin/orders/rechargeOrderList', '/api/admin/analytics/users']) {
    expect({ path, status: (await api.get(path)).status }).toEqual({ path, status: 200 });
  }
});

test('a viewer may not add coins, refund, or create, change or delete a project: 403 and nothing changes', async () => {
  const api = await as(viewer);
  const [person] = await t.sql('select id::text as id, money::float8 as money from persons order by id limit 1');
  const [order] = await t.sql("select id::text as id from orders where kind = 'growth' and state = 'completed' order by id limit 1");
  const [project] = await t.sql('select id::text as id, project_name from projects order by id limit 1');
  const before = await t.sql('select count(*)::int as n from audit_log');

  const refusals = [
    await api.post('/api/admin/persons/add-money', { personId: person.id, amount: 5 }),
    await api.post('/api/admin/orders/refundOrder', { orderId: order.id }),
    await api.post('/api/admin/projects', PROJECT),
    await api.put(`/api/admin/projects/${project.id}`, { ...PROJECT, projectName: 'Changed by a viewer' }),
    await api.del(`/api/admin/projects/${project.id}`),
  ];
  for (const r of refusals) {
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 'ROLE_FORBIDDEN', message: 'Your role (viewer) cannot do this: it needs an operator or an owner' });
  }
  expect((await t.sql('select money::float8 as money from persons where id = $1', [person.id]))[0].money).toBe(person.money);
  expect((await t.sql('select state from orders where id = $1', [order.id]))[0].state).toBe('completed');
  expect(await t.sql("select id from projects where project_id = 'com.role.probe'")).toEqual([]);
  expect((await t.sql('select project_name from projects where id = $1', [project.id]))[0].project_name).toBe(project.project_name);
  expect(await t.sql('select count(*)::int as n from audit_log')).toEqual(before);
});

test('what only owners may do names the owner in its refusal', async () => {
  for (const who of [viewer, operator]) {
    const r = await (await as(who)).get('/api/admin/administrators');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(`Your role (${who === viewer ? 'viewer' : 'operator'}) cannot do this: it needs an owner`);
  }
});

test('an operator adds coins, refunds and changes projects', async () => {
  const api = await as(operator);
  const [person] = await t.sql('select id::text as id from persons order by id limit 1');
  const [order] = await t.sql("select id::text as id from orders where kind = 'growth' and state = 'completed' order by id desc limit 1");
  expect((await api.post('/api/admin/persons/add-money', { personId: person.id, amount: 5 })).status).toBe(200);
  expect((await api.post('/api/admin/orders/refundOrder', { orderId: order.id })).status).toBe(200);
  const created = await api.post('/api/admin/projects', PROJECT);
  expect(created.status).toBe(200);
  expect((await api.put(`/api/admin/projects/${created.body.data._id}`, { ...PROJECT, projectName: 'Role Probe 2' })).status).toBe(200);
  expect((await api.del(`/api/admin/projects/${created.body.data._id}`)).status).toBe(200);
});

test('the contract says which routes need more than a viewer, and its OpenAPI document lists their 403', async () => {
  const needOperator = routes.filter((r) => r.role === 'operator').map((r) => r.operationId).sort();
  expect(needOperator).toEqual(['addMoney', 'createProject', 'deleteProject', 'refundOrder', 'updateProject']);
  const doc = (await t.api.get('/api/docs/json', { sign: false, token: null })).body;
  expect(JSON.stringify(doc.paths['/api/admin/persons/add-money'].post.responses['403'])).toContain('ROLE_FORBIDDEN');
});

test("a database from before roles: its administrators become owners", async () => {
  const { db, drop } = await openFreshDb();
  try {
    await migrate(db, { upTo: 8 });
    await db.query("insert into admins (username, password_hash) values ('old-timer', 'x')");
    await migrate(db);
    expect(await db.query('select username, role from admins')).toEqual([{ username: 'old-timer', role: 'owner' }]);
  } finally {
    await drop();
  }
});
