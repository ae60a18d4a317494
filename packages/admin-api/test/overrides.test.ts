/* eslint-disable @typescript-eslint/no-explicit-any -- answers under test are arbitrary JSON */
// A developer's own override over HTTP against the real server: off unless DEV_OVERRIDE_ORIGINS names
// origins; refused off them (and for a URL that is no build's manifest, an unknown remote, metadata
// that is another remote's); recorded on the calling session only, whose runtime config then loads
// that remote from the build with no release and no integrity, its origin allowed, its sections
// within the administrator's role, and a ticket for the shell page's CSP; audited when set and
// ended; and nothing the overridden session measures or reports is stored (the served-release rule).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { releases } from '@growth-admin/api-contract';
import { OVERRIDE_TICKET_SECONDS, parseOverrideOrigins, verifyOverrideTicket } from '@growth-admin/web-security';
import { configFromEnv } from '../src/config';
import { addAdmin } from '../src/modules/auth/repository';
import { sessionOverrides } from '../src/controlPlane/releases/overrides';
import type { StartOptions } from '../src/server';
import { Api, expectShape, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { buildBeyondRelease, SEEDED_ORIGIN, section, writeReleaseSeed } from './releaseFixtures';

const SECRET = 'override-test-secret';
const LOCAL = 'http://localhost:*,http://127.0.0.1:*';
const BUILD = 'http://localhost:5173/mf-manifest.json';

/** What the developer's build declares: the projects section, an operator-only one and a dashboard card. */
const buildMeta = () => buildBeyondRelease('projects-next', 'Projects next', './Next');

let seed = '';
beforeAll(() => {
  seed = join(TEST_TMP, `override-seed-${process.pid}.json`);
  writeReleaseSeed(seed);
});
afterAll(() => rmSync(seed, { force: true }));

let t: TestServer;
let owner: Api;
async function start(options: StartOptions = {}) {
  t = await startTestServer({ releaseSeedFile: seed, releaseOrigins: [SEEDED_ORIGIN], judgeIntervalMs: 0, ...options });
  owner = new Api(t.url);
  await owner.login();
}
const startWithOverrides = () => start({ devOverrideOrigins: parseOverrideOrigins(LOCAL), devOverrideSecret: SECRET });
afterEach(() => t?.close());

/** The runtime config as `token`'s session gets it. */
async function config(token: string) {
  const res = await new Api(t.url).get('/api/runtime-config', { sign: false, token });
  expect(res.status).toBe(200);
  expectShape(releases.RuntimeConfig, res.body.data);
  return res.body.data;
}
async function signIn(username: string, role: 'viewer' | 'operator' | 'owner'): Promise<Api> {
  await addAdmin(t.server.db, username, 'override-password-1', role);
  const api = new Api(t.url);
  await api.login(username, 'override-password-1');
  return api;
}
const paths = (c: any) => c.composition.sections.map((s: any) => s.path);
const audit = async (action: string) => (await owner.get('/api/admin/audit', { query: { action } })).body.data.entries.map((e: any) => `${e.adminUsername} ${e.target}: ${e.summary}`);

test('off unless DEV_OVERRIDE_ORIGINS names origins: refused with 403 OVERRIDES_OFF, nothing recorded', async () => {
  await start();
  const res = await owner.post('/api/admin/overrides', { remote: 'projects', manifestUrl: BUILD });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ code: 'OVERRIDES_OFF', message: 'Development overrides are off on this server: an owner allows them by naming origins in DEV_OVERRIDE_ORIGINS' });
  expect(await t.sql('select * from session_overrides')).toEqual([]);
  expect((await config(owner.token!)).overrides).toBeUndefined();
  expect((await owner.get('/api/admin/overrides')).body.data).toEqual([]);
});

test('refused off the allowed origins, for a URL that is no build manifest, an unknown remote, or another remote’s metadata; without a session', async () => {
  await startWithOverrides();
  const refused = async (body: any, status: number, code: string) => {
    const res = await owner.post('/api/admin/overrides', body);
    expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    return res.body.message as string;
  };
  expect(await refused({ remote: 'projects', manifestUrl: 'http://evil.example:5173/mf-manifest.json' }, 403, 'OVERRIDE_ORIGIN_REFUSED')).toBe(
    'http://evil.example:5173 is not an origin this server allows development overrides from (DEV_OVERRIDE_ORIGINS: http://localhost:*, http://127.0.0.1:*)',
  );
  await refused({ remote: 'projects', manifestUrl: 'https://localhost:5173/mf-manifest.json' }, 403, 'OVERRIDE_ORIGIN_REFUSED');
  await refused({ remote: 'projects', manifestUrl: 'http://localhost.evil.example:5173/mf-manifest.json' }, 403, 'OVERRIDE_ORIGIN_REFUSED');
  for (const manifestUrl of ['ftp://localhost:5173/mf-manifest.json', 'http://localhost:5173/remoteEntry.js', 'http://dev:pw@localhost:5173/mf-manifest.json', 'not a url']) {
    await refused({ remote: 'projects', manifestUrl }, 400, 'OVERRIDE_URL_INVALID');
  }
  await refused({ remote: 'nowhere', manifestUrl: BUILD }, 404, 'UNKNOWN_REMOTE');
  expect(await refused({ remote: 'projects', manifestUrl: BUILD, meta: { ...buildMeta(), name: 'orders' } }, 422, 'OVERRIDE_INCOMPATIBLE')).toBe(
    'projects from http://localhost:5173 cannot be loaded: its remote-meta.json names the remote "orders", not "projects"',
  );
  expect(await refused({ remote: 'projects', manifestUrl: BUILD, meta: { ...buildMeta(), sections: [section('orders', 'Mine', 1, './Section')] } }, 422, 'OVERRIDE_INCOMPATIBLE')).toBe(
    'projects from http://localhost:5173 cannot be loaded: the section path /orders belongs to the remote orders',
  );
  await refused({ remote: 'projects', manifestUrl: BUILD, meta: { ...buildMeta(), sections: [{ path: 'x' }] } }, 400, 'VALIDATION_ERROR');
  expect((await new Api(t.url).post('/api/admin/overrides', { remote: 'projects', manifestUrl: BUILD })).status).toBe(401);
  expect(await t.sql('select * from session_overrides')).toEqual([]);
  expect(await audit('release.override')).toEqual([]);
});

test('recorded on the calling session only: its runtime config loads the remote from the build, unchecked and listed, with a CSP ticket; within its role; audited; ended', async () => {
  await startWithOverrides();
  const other = new Api(t.url); // the same owner, another session
  await other.login();
  const before = await config(owner.token!);

  const set = await owner.post('/api/admin/overrides', { remote: 'projects', manifestUrl: BUILD, meta: buildMeta() });
  expect(set.status).toBe(200);
  expectShape(releases.setOverride.data, set.body.data);
  const { override, ticket } = set.body.data;
  expect(override).toEqual({ remote: 'projects', manifestUrl: BUILD, origin: 'http://localhost:5173', setAt: expect.any(String) });
  const claims = verifyOverrideTicket(ticket, SECRET)!;
  expect(claims.origins).toEqual(['http://localhost:5173']);
  expect(claims.exp * 1000 - Date.now()).toBeGreaterThan((OVERRIDE_TICKET_SECONDS - 60) * 1000);
  expect(verifyOverrideTicket(ticket, 'another secret')).toBeNull();

  for (let load = 0; load < 2; load++) {
    const mine = await config(owner.token!);
    expect(mine.remotes.projects).toBe(BUILD);
    expect(mine.releases.projects).toBeUndefined(); // no release: nothing is measured or reported against it
    expect(mine.integrity.projects).toBeUndefined(); // exempt, and listed as such
    expect(mine.integrity.orders).toEqual(before.integrity.orders);
    expect(mine.releases.orders).toEqual(before.releases.orders);
    expect(mine.allowedOrigins).toContain('http://localhost:5173');
    expect(mine.overrides).toEqual([override]);
    expect(verifyOverrideTicket(mine.overrideTicket, SECRET)!.origins).toEqual(['http://localhost:5173']);
    expect(paths(mine)).toEqual(['projects', 'projects-next', 'orders']);
    expect(mine.composition.slots['dashboard.cards']).toEqual([{ remote: 'projects', module: './Card', order: 5 }]);
  }
  const theirs = await config(other.token!);
  expect(theirs).toEqual(before);

  // A viewer's override: the build's card and section, never its operator-only section.
  const viewer = await signIn('dev-viewer', 'viewer');
  expect((await viewer.post('/api/admin/overrides', { remote: 'projects', manifestUrl: 'http://127.0.0.1:8081/mf-manifest.json', meta: buildMeta() })).status).toBe(200);
  const seen = await config(viewer.token!);
  expect(paths(seen)).toEqual(['projects', 'orders']);
  expect(seen.composition.slots['dashboard.cards']).toHaveLength(1);
  expect(seen.remotes.projects).toBe('http://127.0.0.1:8081/mf-manifest.json');

  // Without metadata: the chosen release's sections, the build's code. Again for the remote replaces it.
  expect((await owner.post('/api/admin/overrides', { remote: 'projects', manifestUrl: 'http://localhost:5174/mf-manifest.json' })).status).toBe(200);
  const replaced = await config(owner.token!);
  expect(paths(replaced)).toEqual(['projects', 'orders']);
  expect(replaced.remotes.projects).toBe('http://localhost:5174/mf-manifest.json');
  expect(replaced.overrides).toHaveLength(1);
  // A second remote from another port: both listed, both origins in the ticket.
  expect((await owner.post('/api/admin/overrides', { remote: 'orders', manifestUrl: 'http://127.0.0.1:5175/mf-manifest.json' })).body.data.override.origin).toBe('http://127.0.0.1:5175');
  const two = await config(owner.token!);
  expect(two.overrides.map((o: any) => o.remote)).toEqual(['orders', 'projects']);
  expect(verifyOverrideTicket(two.overrideTicket, SECRET)!.origins).toEqual(['http://127.0.0.1:5175', 'http://localhost:5174']);

  // An owner who narrows DEV_OVERRIDE_ORIGINS ends what it no longer allows at the next load.
  const [{ id: sessionId }] = await t.sql(`select session_id::text as id from session_overrides where remote = 'orders' and origin = 'http://127.0.0.1:5175'`);
  expect([...(await sessionOverrides(t.server.db, sessionId, parseOverrideOrigins('http://localhost:*'))).keys()]).toEqual(['projects']);
  expect((await sessionOverrides(t.server.db, sessionId, [])).size).toBe(0);

  expect((await owner.del('/api/admin/overrides/orders')).body.data).toEqual({ ended: true });
  expect((await owner.del('/api/admin/overrides/projects')).body.data).toEqual({ ended: true });
  expect((await owner.del('/api/admin/overrides/projects')).body.data).toEqual({ ended: false });
  const after = await config(owner.token!);
  expect(after.overrides).toBeUndefined();
  expect(after.overrideTicket).toBeUndefined();
  expect(after.remotes).toEqual(before.remotes);
  expect(after.integrity).toEqual(before.integrity);

  expect(await audit('release.override')).toEqual([
    'admin orders: orders loaded from http://127.0.0.1:5175/mf-manifest.json in one session of admin: a development override, not integrity-checked',
    'admin projects: projects loaded from http://localhost:5174/mf-manifest.json in one session of admin: a development override, not integrity-checked',
    'dev-viewer projects: projects loaded from http://127.0.0.1:8081/mf-manifest.json in one session of dev-viewer: a development override, not integrity-checked',
    `admin projects: projects loaded from ${BUILD} in one session of admin: a development override, not integrity-checked`,
  ]);
  expect(await audit('release.override-end')).toEqual([
    'admin projects: projects from http://localhost:5174 no longer overridden in that session of admin',
    'admin orders: orders from http://127.0.0.1:5175 no longer overridden in that session of admin',
  ]);
});

test("an administrator's overrides in all their live sessions, this session's marked; nobody else's; none once a session ends", async () => {
  await startWithOverrides();
  const mine = async (api: Api) => {
    const res = await api.get('/api/admin/overrides');
    expect(res.status).toBe(200);
    for (const o of res.body.data) expectShape(releases.MyOverride, o);
    return res.body.data.map((o: any) => `${o.remote} ${o.manifestUrl} ${o.thisSession ? 'this session' : 'another session'}`);
  };
  const laptop = new Api(t.url);
  await laptop.login();
  expect(await mine(owner)).toEqual([]);
  expect((await owner.post('/api/admin/overrides', { remote: 'projects', manifestUrl: BUILD })).status).toBe(200);
  expect((await laptop.post('/api/admin/overrides', { remote: 'orders', manifestUrl: 'http://127.0.0.1:5175/mf-manifest.json' })).status).toBe(200);
  expect(await mine(owner)).toEqual([`orders http://127.0.0.1:5175/mf-manifest.json another session`, `projects ${BUILD} this session`]);
  expect(await mine(laptop)).toEqual([`orders http://127.0.0.1:5175/mf-manifest.json this session`, `projects ${BUILD} another session`]);
  // Another administrator sees only their own.
  const viewer = await signIn('list-viewer', 'viewer');
  expect(await mine(viewer)).toEqual([]);
  // The laptop signs out: its override goes with the session.
  expect((await laptop.post('/api/admin/logout')).status).toBe(200);
  expect(await mine(owner)).toEqual([`projects ${BUILD} this session`]);
  expect((await new Api(t.url).get('/api/admin/overrides', { token: null })).status).toBe(401);
});

test('nothing an overridden session measures or reports is stored, not even of the remotes it was served before; after the override it counts again', async () => {
  await startWithOverrides();
  const served = await config(owner.token!); // served at sign-in too: orders and projects, stable
  const ordersId = served.releases.orders.id;
  const beacon = (measurements: any[]) =>
    new Api(t.url).call('POST', '/api/vitals', {
      sign: false,
      token: null,
      rawBody: JSON.stringify({ token: owner.token, measurements }),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });

  expect((await owner.post('/api/admin/overrides', { remote: 'projects', manifestUrl: BUILD })).status).toBe(200);
  await config(owner.token!);
  const dropped = await beacon([
    { releaseId: ordersId, kind: 'section', target: 'orders', lcp: 800, errors: 0 },
    { releaseId: served.releases.projects.id, kind: 'section', target: 'projects', lcp: 900, errors: 3 },
  ]);
  expect(dropped.status).toBe(200);
  expect(dropped.body.data).toEqual({ accepted: 0, dropped: 2 });
  expect((await owner.post('/api/admin/releases/failures', { releaseId: ordersId, kind: 'render', message: 'boom' })).body.data).toEqual({ counted: false, rolledBack: false });
  expect(await t.sql('select * from release_measurements')).toEqual([]);
  expect(await t.sql('select failures from releases where id = $1', [ordersId])).toEqual([{ failures: 0 }]);

  expect((await owner.del('/api/admin/overrides/projects')).status).toBe(200);
  await config(owner.token!); // the next page load, without the override, is served again
  expect((await beacon([{ releaseId: ordersId, kind: 'section', target: 'orders', lcp: 800, errors: 0 }])).body.data).toEqual({ accepted: 1, dropped: 0 });
  expect(await t.sql(`select cohort from release_measurements`)).toEqual([{ cohort: 'stable' }]);
});

test('DEV_OVERRIDE_ORIGINS needs DEV_OVERRIDE_SECRET, and only origins', () => {
  expect(() => configFromEnv({ DEV_OVERRIDE_ORIGINS: LOCAL })).toThrow(/DEV_OVERRIDE_ORIGINS is set but DEV_OVERRIDE_SECRET is not/);
  expect(() => configFromEnv({ DEV_OVERRIDE_ORIGINS: 'http://*.example.com', DEV_OVERRIDE_SECRET: SECRET })).toThrow(/"http:\/\/\*\.example\.com" is not an origin/);
  const on = configFromEnv({ DEV_OVERRIDE_ORIGINS: LOCAL, DEV_OVERRIDE_SECRET: SECRET });
  expect(on.devOverrideOrigins).toHaveLength(2);
  expect(configFromEnv({}).devOverrideOrigins).toEqual([]);
});
