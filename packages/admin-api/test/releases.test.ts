/* eslint-disable @typescript-eslint/no-explicit-any -- manifests under test are arbitrary JSON */
// The release registry over HTTP: register, canary, promote, rollback, history, the runtime config
// the shell boots from (anonymous, and per administrator with a sticky canary), deploy tokens, the
// compatibility gate's every refusal (nothing changed), failure reports and the automatic rollback of
// a failing canary.
import { rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { releases } from '@growth-admin/api-contract';
import { addAdmin } from '../src/modules/auth/repository';
import { createDeployToken } from '../src/controlPlane/releases/deployTokens';
import { bucketOf, subjectOf } from '../src/controlPlane/releases/resolveComposition';
import { ADMIN, Api, expectShape, startOn, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { sharedList, startJsonHost } from './releaseFixtures';

/** A static host for manifests: the active shell's files and each build's, changeable per test. */
const files = new Map<string, unknown>();
let host: Awaited<ReturnType<typeof startJsonHost>> | undefined;
let hostUrl = '';

function shell() {
  files.set('/shell/mf-manifest.json', { name: 'shell', shared: sharedList() });
  files.set('/shell/shell-contract.json', {
    sharedClient: { version: '1.1.0', exports: ['PageHeader', 'formatMoney', 'queries'] },
    antd: { exports: ['Button', 'Table'] },
    slots: { 'dashboard.cards': '1.0.0', 'user.details.tabs': '1.0.0', 'order.details.actions': '1.0.0' },
  });
}

/** What each remote of this registry declares (as its remote.json would). */
const SECTIONS: Record<string, Array<[path: string, label: string, icon: string, order: number, module: string]>> = {
  analytics: [['analytics', 'Analytics', 'dashboard', 10, './Section']],
  projects: [['projects', 'Projects', 'projects', 20, './Section']],
  people: [['users', 'Users', 'users', 30, './Section']],
  orders: [
    ['orders', 'Orders', 'orders', 40, './Orders'],
    ['payments', 'Payments', 'payments', 50, './Payments'],
  ],
  settings: [['settings', 'Settings', 'settings', 60, './Section']],
};
const metaOf = (remote: string): any => ({
  schemaVersion: 1,
  name: remote,
  sections: (SECTIONS[remote] ?? []).map(([path, label, icon, order, module]) => ({ path, label, icon, leastRole: remote === 'settings' ? 'owner' : 'viewer', order, module })),
  contributions: [],
});

/** A build of `remote` at `version` in the store; `change` alters its manifest or usage. */
function build(remote: string, version: string, change: { manifest?: (m: any) => void; usage?: any; meta?: any } = {}) {
  const exposes = remote === 'orders' ? ['Orders', 'Payments'] : ['Section'];
  const manifest: any = {
    name: remote,
    metaData: { name: remote, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: exposes.map((name) => ({ name, path: `./${name}`, assets: { js: { sync: ['shared.js', `${name}.js`], async: ['later.js'] } } })),
    shared: sharedList(),
  };
  change.manifest?.(manifest);
  files.set(`/store/${remote}/${version}/mf-manifest.json`, manifest);
  if (change.usage !== null) files.set(`/store/${remote}/${version}/shared-client-usage.json`, change.usage ?? { uses: ['formatMoney'], antdUses: ['Button'] });
  if (change.meta !== null) files.set(`/store/${remote}/${version}/remote-meta.json`, change.meta ?? metaOf(remote));
  return `${hostUrl}/store/${remote}/${version}/mf-manifest.json`;
}

const LOCAL_TOKEN = `deploy_${'L'.repeat(43)}`;
const HASH = `sha384-${'A'.repeat(64)}`;
const input = (remote: string, version: string, extra: Record<string, unknown> = {}) => ({
  remote,
  version,
  manifestUrl: build(remote, version),
  files: { 'remoteEntry.js': HASH },
  notes: `notes of ${version}`,
  ...extra,
});

let t: TestServer;
let owner: Api;
let deployer: Api;
let seed = '';
beforeAll(async () => {
  host = await startJsonHost(files);
  hostUrl = host.url;
  shell();
  // The registry's first start: every remote's local build, as npm start offers them.
  seed = join(TEST_TMP, `release-seed-${process.pid}.json`);
  writeFileSync(
    seed,
    JSON.stringify(Object.keys(SECTIONS).map((remote) => ({ remote, version: 'local-1', manifestUrl: `http://localhost:3999/${remote}/mf-manifest.json`, files: {}, meta: metaOf(remote) }))),
  );
});
afterAll(async () => {
  await host?.close();
  rmSync(seed, { force: true });
});
// Each test starts from the registry's first start (a server on its own copy of the seeded
// database), signed in as the owner and with the CI's deploy token; what it needs more it releases.
beforeEach(async () => {
  t = await startTestServer({ shellUrl: `${hostUrl}/shell`, releaseSeedFile: seed, localDeployToken: LOCAL_TOKEN, releaseOrigins: [hostUrl, 'http://localhost:3999'], canaryMaxFailures: 3, releaseReportsPerMinute: 50, directImageHosts: ['img.example'] });
  owner = new Api(t.url);
  await owner.login();
  deployer = new Api(t.url);
  deployer.token = await createDeployToken(t.server.db, 'ci');
  sessions.clear();
});
afterEach(() => t?.close());

/** Registers `release` with the deploy token (the release a test starts from). */
async function registered(release: ReturnType<typeof input>) {
  const res = await deployer.post('/api/admin/releases', release);
  expect(res.status).toBe(200);
  return res.body.data;
}
/** people 2.0.0 as a canary for 50% of administrators. */
const peopleCanary = () => registered(input('people', '2.0.0', { canaryPercent: 50 }));

/** The runtime config as `token`'s administrator gets it (null: no session). */
const config = async (token: string | null) => {
  const res = await new Api(t.url).get('/api/runtime-config', { sign: false, token });
  expect(res.status).toBe(200);
  return res;
};
/** Signed-in sessions of viewers `vN` (made on first use): each has its own canary buckets. */
const sessions = new Map<string, string>();
async function sessionOf(username: string): Promise<string> {
  if (!sessions.has(username)) {
    await addAdmin(t.server.db, username, 'viewer-password-1', 'viewer');
    sessions.set(username, await new Api(t.url).login(username, 'viewer-password-1'));
  }
  return sessions.get(username)!;
}

/** The runtime config without a session, before any landing: the client settings, no remote. */
const anonymousBase = () => ({
  apiBaseUrl: t.url,
  signingKey: 'test-signing-key',
  directImageHosts: ['img.example'],
  remotes: {},
  releases: {},
  integrity: {},
  allowedOrigins: [],
  composition: { sections: [], slots: {}, removedSections: [] },
});

test('the registry is filled from the built remotes on first start; anonymous: the base config only, public for 5 s', async () => {
  const res = await config(null);
  expect(res.headers.get('cache-control')).toBe('public, max-age=5');
  expect(res.headers.get('vary')).toMatch(/Authorization/);
  expectShape(releases.RuntimeConfig, res.body.data);
  expect(res.body.data).toEqual(anonymousBase());
  // A bad or a deploy token is answered as no session (the shell then shows the sign-in), never 401.
  expect((await config(`${'x'.repeat(43)}`)).body.data.remotes).toEqual({});
  expect((await config(LOCAL_TOKEN)).body.data.remotes).toEqual({});

  const signedIn = await config(owner.token);
  expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
  expect(signedIn.headers.get('vary')).toMatch(/Authorization/);
  expectShape(releases.RuntimeConfig, signedIn.body.data);
  expect(signedIn.body.data.allowedOrigins).toEqual([hostUrl, 'http://localhost:3999'].sort());
  expect(signedIn.body.data.remotes.orders).toBe('http://localhost:3999/orders/mf-manifest.json');
  expect(signedIn.body.data.releases.orders).toMatchObject({ version: 'local-1', canary: false });
  expect(signedIn.body.data.composition.sections.map((s: any) => `${s.path} ${s.remote} ${s.module}`)).toEqual([
    'analytics analytics ./Section',
    'projects projects ./Section',
    'users people ./Section',
    'orders orders ./Orders',
    'payments orders ./Payments',
    'settings settings ./Section',
  ]);
  // A viewer: no Settings section, and the settings remote is not loaded at all.
  const viewer = (await config(await sessionOf('v0'))).body.data;
  expect(viewer.composition.sections.map((s: any) => s.path)).toEqual(['analytics', 'projects', 'users', 'orders', 'payments']);
  expect(Object.keys(viewer.remotes).sort()).toEqual(['analytics', 'orders', 'people', 'projects']);
  const history = await owner.get('/api/admin/releases/orders');
  expect(history.body.data).toHaveLength(1);
  expect(history.body.data[0]).toMatchObject({ createdBy: 'npm start', state: 'active' });
});

test("anonymous: the landing section's stable release and its hashes only, never a canary, another remote or a role's own first screen", async () => {
  const MANIFEST_HASH = `sha384-${'M'.repeat(64)}`;
  const SECTION_HASH = `sha384-${'S'.repeat(64)}`;
  const files = { 'remoteEntry.js': HASH, 'mf-manifest.json': MANIFEST_HASH, 'Section.js': SECTION_HASH, 'later.js': HASH };
  const stable = await registered(input('analytics', '2.0.0', { files }));
  const folder = stable.manifestUrl.replace('mf-manifest.json', '');
  // What the manifest says its module loads first, with the hashes the release recorded: remoteEntry.js,
  // then the module's chunks (not shared.js, which the release recorded no hash for, nor a later chunk).
  const landing = {
    remote: 'analytics',
    module: './Section',
    manifestUrl: stable.manifestUrl,
    integrity: { manifest: MANIFEST_HASH, entry: HASH },
    files: [
      { url: `${folder}remoteEntry.js`, integrity: HASH },
      { url: `${folder}Section.js`, integrity: SECTION_HASH },
    ],
  };
  const anonymous = async () => {
    const res = await config(null);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    expectShape(releases.RuntimeConfig, res.body.data);
    return res.body.data;
  };
  const first = await anonymous();
  expect(first).toEqual({ ...anonymousBase(), landing });

  // A canary of the landing remote: the anonymous answer still names the stable release (a canary
  // administrator simply misses the cache), and nothing of the canary or of who gets it.
  await registered(input('analytics', '3.0.0', { canaryPercent: 50, files: { 'remoteEntry.js': HASH, 'mf-manifest.json': HASH } }));
  const withCanary = await anonymous();
  expect(withCanary.landing).toEqual(landing);
  expect(JSON.stringify(withCanary)).not.toMatch(/3\.0\.0|canary|people|orders|projects|settings|Analytics/);
  const onCanary = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'].find((u) => bucketOf('analytics', subjectOf(u)) < 50)!;
  expect((await config(await sessionOf(onCanary))).body.data.releases.analytics).toMatchObject({ version: '3.0.0', canary: true });
  // A signed-in administrator's config has no landing: their composition says what they load.
  expect((await config(owner.token)).body.data.landing).toBeUndefined();

  // An owner-only section ahead of Analytics: the roles' first screens differ, and naming either
  // would say what one role sees, so nothing is offered.
  const ownerFirst = metaOf('settings');
  ownerFirst.sections[0].order = 5;
  await registered({ ...input('settings', '2.0.0'), manifestUrl: build('settings', '2.0.0', { meta: ownerFirst }) });
  expect((await config(owner.token)).body.data.composition.sections[0].path).toBe('settings');
  expect((await anonymous()).landing).toBeUndefined();
});

test('anonymous: no landing for a release whose manifest names no remoteEntry.js (nothing to fetch before sign-in)', async () => {
  const release = input('analytics', '2.1.0', { files: { 'remoteEntry.js': HASH, 'mf-manifest.json': HASH } });
  const manifestUrl = build('analytics', '2.1.0', { manifest: (m) => delete m.metaData }); // (the same URL, its manifest changed)
  await registered({ ...release, manifestUrl });
  const res = await config(null);
  expect(res.body.data.landing).toBeUndefined();
  // Its administrators load it as always: the composition names it, with its hashes.
  expect((await config(owner.token)).body.data.remotes.analytics).toBe(manifestUrl);
});

test('a deploy token registers a canary; the canary is sticky per subject and its share is about right', async () => {
  const res = await deployer.post('/api/admin/releases', input('people', '2.0.0', { canaryPercent: 50 }));
  expect(res.status).toBe(200);
  expectShape(releases.Release, res.body.data);
  expect(res.body.data).toMatchObject({ remote: 'people', version: '2.0.0', state: 'canary', canaryPercent: 50, createdBy: 'deploy:ci', files: { 'remoteEntry.js': HASH } });

  // Each administrator gets the version their bucket (admin:<username>) says, the same on every load.
  const seen = new Set<boolean>();
  for (const username of ['v0', 'v1', 'v2', 'v3', 'v4', 'v5']) {
    const token = await sessionOf(username);
    const first = (await config(token)).body.data.releases.people;
    const again = (await config(token)).body.data.releases.people;
    expect(again).toEqual(first);
    expect(first.canary).toBe(bucketOf('people', subjectOf(username)) < 50);
    expect(first.version).toBe(first.canary ? '2.0.0' : 'local-1');
    seen.add(first.canary);
  }
  expect([...seen].sort()).toEqual([false, true]); // these six fall on both sides
  let onCanary = 0;
  for (let i = 0; i < 200; i++) if (bucketOf('people', subjectOf(`user${i}`)) < 50) onCanary++;
  expect(onCanary).toBeGreaterThan(70);
  expect(onCanary).toBeLessThan(130);

  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.register' } });
  expect(audit.body.data.entries[0]).toMatchObject({ adminUsername: 'deploy:ci', target: 'people 2.0.0', summary: 'people 2.0.0 canary for 50% of administrators' });
});

test('promote makes the canary active for everyone; a retried register answers the same release; a reused version is refused', async () => {
  await peopleCanary();
  const promoted = await deployer.post('/api/admin/releases/people/promote');
  expect(promoted.status).toBe(200);
  expect(promoted.body.data).toMatchObject({ version: '2.0.0', state: 'active', canaryPercent: null });
  expect((await config(owner.token)).body.data.releases.people).toMatchObject({ version: '2.0.0', canary: false });
  expect((await deployer.post('/api/admin/releases/people/promote')).body.code).toBe('NO_CANARY');

  const again = await deployer.post('/api/admin/releases', { ...input('people', '2.0.0'), manifestUrl: `${hostUrl}/store/people/2.0.0/mf-manifest.json`, notes: 'notes of 2.0.0', canaryPercent: 50 });
  expect(again.status).toBe(200);
  expect(again.body.data).toMatchObject({ id: promoted.body.data.id, state: 'active' });
  const reused = await deployer.post('/api/admin/releases', { ...input('people', '2.0.0'), files: { 'other.js': HASH } });
  expect(reused.status).toBe(409);
  expect(reused.body.code).toBe('VERSION_EXISTS');
});

test('rollback: a canary goes, then the active release goes back to the one before it, or to --to; history says who and when', async () => {
  await peopleCanary();
  expect((await deployer.post('/api/admin/releases/people/promote')).status).toBe(200); // people 2.0.0 active
  await deployer.post('/api/admin/releases', input('people', '2.1.0', { canaryPercent: 10 }));
  const people = async () => (await owner.get('/api/admin/releases')).body.data.find((r: { remote: string }) => r.remote === 'people');
  expect((await people()).canRollBack).toBe(true); // the canary can go
  const canaryGone = await owner.post('/api/admin/releases/people/rollback', {});
  expect(canaryGone.status).toBe(200);
  expect(canaryGone.body.data.rolledBack).toMatchObject({ version: '2.1.0', state: 'rolled-back', changedBy: 'admin' });
  expect(canaryGone.body.data.active).toMatchObject({ version: '2.0.0' });

  const back = await owner.post('/api/admin/releases/people/rollback', {});
  expect(back.body.data.active).toMatchObject({ version: 'local-1', state: 'active' });
  expect(back.body.data.rolledBack).toMatchObject({ version: '2.0.0', state: 'rolled-back' });
  expect((await config(owner.token)).body.data.releases.people.version).toBe('local-1');
  // Nothing retired is left before local-1.
  const nothing = await owner.post('/api/admin/releases/people/rollback', {});
  expect(nothing.status).toBe(409);
  expect(nothing.body.code).toBe('NOTHING_TO_ROLL_BACK');
  expect((await people()).canRollBack).toBe(false); // so the Remotes tab offers no Roll back

  const to = await deployer.post('/api/admin/releases/people/rollback', { to: '2.0.0' });
  expect(to.body.data.active).toMatchObject({ version: '2.0.0', state: 'active' });
  expect((await deployer.post('/api/admin/releases/people/rollback', { to: '9.9.9' })).body.code).toBe('RELEASE_NOT_FOUND');

  const history = (await owner.get('/api/admin/releases/people')).body.data;
  expect(history.map((r: { version: string; state: string }) => `${r.version} ${r.state}`)).toEqual(['2.1.0 rolled-back', '2.0.0 active', 'local-1 rolled-back']);
  expect(history[0]).toMatchObject({ createdBy: 'deploy:ci', notes: 'notes of 2.1.0' });
  const list = (await owner.get('/api/admin/releases')).body.data;
  expect(list.find((r: { remote: string }) => r.remote === 'people')).toMatchObject({ active: { version: '2.0.0' }, canary: null, canRollBack: false });
});

test('the gate refuses each incompatible build with its reason, and changes nothing', async () => {
  const before = await t.sql('select id, state from releases order by id');
  const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
    [
      'a foreign origin',
      { manifestUrl: 'http://cdn.elsewhere.test/orders/3.0.0/mf-manifest.json' },
      /its manifest is on http:\/\/cdn\.elsewhere\.test, not on the remote's origin nor on an origin releases are served from \(http:\/\/localhost:3999, http:\/\/127\.0\.0\.1:\d+\)/,
    ],
    ['no manifest', { manifestUrl: `${hostUrl}/store/orders/none/mf-manifest.json` }, /the manifest at .* does not load \(HTTP 404\)/],
    ['another remote', { manifestUrl: build('orders', '3.0.1', { manifest: (m) => (m.name = 'people') }) }, /the manifest names the remote "people", not "orders"/],
    ['a module missing', { manifestUrl: build('orders', '3.0.2', { manifest: (m) => m.exposes.pop() }) }, /it does not expose orders\/Payments, which its remote-meta\.json names/],
    [
      'react unsatisfied',
      { manifestUrl: build('orders', '3.0.3', { manifest: (m) => (m.shared.find((s: any) => s.name === 'react').requiredVersion = '^20.0.0') }) },
      /it needs react \^20\.0\.0, but the active shell provides 19\.3\.1/,
    ],
    [
      'shared-client unsatisfied',
      { manifestUrl: build('orders', '3.0.4', { manifest: (m) => (m.shared.find((s: any) => s.name === '@growth-admin/shared-client').requiredVersion = '^1.2.0') }) },
      /it needs @growth-admin\/shared-client \^1\.2\.0, but the active shell provides 1\.1\.0/,
    ],
    ['shared-client exports', { manifestUrl: build('orders', '3.0.5', { usage: { uses: ['formatMoney', 'RemotesTable'], antdUses: [] } }) }, /shared-client exports the active shell does not provide: RemotesTable/],
    ['antd exports', { manifestUrl: build('orders', '3.0.6', { usage: { uses: [], antdUses: ['Button', 'Transfer'] } }) }, /antd exports the active shell does not provide: Transfer/],
    [
      'antd exports, naming the shell version that adds them',
      { manifestUrl: build('orders', '3.0.8', { usage: { uses: [], antdUses: ['Button', 'Transfer'], antdShellVersion: '0.2.0' } }) },
      /antd exports the active shell does not provide: Transfer \(shell 0\.2\.0 adds them: release it first\)/,
    ],
    ['no usage file', { manifestUrl: build('orders', '3.0.7', { usage: null }) }, /no shared-client-usage\.json beside its manifest/],
    ['no remote-meta.json', { manifestUrl: build('orders', '3.0.9', { meta: null }) }, /it has no remote-meta\.json beside its manifest/],
    ['remote-meta.json of another remote', { manifestUrl: build('orders', '3.1.0', { meta: { ...metaOf('orders'), name: 'people' } }) }, /its remote-meta\.json names the remote "people", not "orders"/],
    [
      'an unknown icon',
      { manifestUrl: build('orders', '3.1.1', { meta: { ...metaOf('orders'), sections: [{ ...metaOf('orders').sections[0], icon: 'rocket' }] } }) },
      /its section orders names the icon "rocket", which is not one the shell draws/,
    ],
    [
      "a path another live remote owns",
      { manifestUrl: build('orders', '3.1.2', { meta: { ...metaOf('orders'), sections: [...metaOf('orders').sections, { ...metaOf('orders').sections[0], path: 'users' }] } }) },
      /the section path \/users belongs to the remote people/,
    ],
    [
      'a slot the shell does not provide',
      { manifestUrl: build('orders', '3.1.3', { meta: { ...metaOf('orders'), contributions: [{ slot: 'orders.toolbar', contract: '^1.0.0', module: './Orders', leastRole: 'viewer', order: 1 }] } }) },
      /it contributes to the slot orders\.toolbar, which the active shell does not provide/,
    ],
    [
      'a slot contract the shell does not satisfy',
      { manifestUrl: build('orders', '3.1.4', { meta: { ...metaOf('orders'), contributions: [{ slot: 'dashboard.cards', contract: '^2.0.0', module: './Orders', leastRole: 'viewer', order: 1 }] } }) },
      /its contribution to dashboard\.cards needs the slot contract \^2\.0\.0, but the active shell provides 1\.0\.0/,
    ],
  ];
  for (const [what, change, reason] of refusals) {
    const res = await deployer.post('/api/admin/releases', { ...input('orders', '3.0.0'), ...change });
    expect([what, res.status, res.body.code]).toEqual([what, 422, 'RELEASE_INCOMPATIBLE']);
    expect(res.body.message).toMatch(/^orders 3\.0\.0 cannot be released: /);
    expect(res.body.message).toMatch(reason);
  }
  expect(await t.sql('select id, state from releases order by id')).toEqual(before);
  // A build that fits goes through.
  expect((await deployer.post('/api/admin/releases', input('orders', '3.0.0'))).status).toBe(200);
});

test('unknown remotes, bad input, viewers and misused deploy tokens are refused', async () => {
  expect((await deployer.post('/api/admin/releases', input('billing', '1.0.0'))).body.code).toBe('UNKNOWN_REMOTE');
  expect((await owner.get('/api/admin/releases/billing')).status).toBe(404);
  const bad = await deployer.post('/api/admin/releases', { ...input('orders', 'x y'), canaryPercent: 100 });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/version/);
  await addAdmin(t.server.db, 'vera', 'viewer-password-1', 'viewer');
  const viewer = new Api(t.url);
  await viewer.login('vera', 'viewer-password-1');
  expect((await viewer.get('/api/admin/releases')).status).toBe(200);
  expect((await viewer.post('/api/admin/releases/orders/rollback', {})).body.code).toBe('ROLE_FORBIDDEN');
  // A deploy token reaches the release routes only; a wrong one nothing.
  const elsewhere = await deployer.get('/api/admin/projects');
  expect([elsewhere.status, elsewhere.body]).toEqual([403, { code: 'DEPLOY_TOKEN_FORBIDDEN', message: 'A deploy token may call the release routes only' }]);
  const forged = await deployer.get('/api/admin/releases', { token: `deploy_${'x'.repeat(43)}` });
  expect(forged.body.message).toBe('The deploy token is invalid, expired or revoked');
  expect([forged.status, forged.body.code]).toEqual([401, 'TOKEN_INVALID']);
  const [row] = await t.sql("select last_used_at from deploy_tokens where name = 'ci'");
  expect(row.last_used_at).not.toBeNull();
});

test('failure reports count per release; a canary reaching the threshold is rolled back automatically, audited', async () => {
  // A share that puts the owner in the canary, and a page load that serves it: a session reports only what it ran.
  const canaryPercent = bucketOf('analytics', subjectOf(ADMIN.username)) + 1;
  const canary = (await deployer.post('/api/admin/releases', input('analytics', '5.0.0', { canaryPercent }))).body.data;
  expect((await config(owner.token)).body.data.releases.analytics).toMatchObject({ id: canary.id, canary: true });
  const report = (kind: string) => owner.post('/api/admin/releases/failures', { releaseId: canary.id, kind, message: 'Cannot read properties of undefined' });
  expect((await report('render')).body.data).toEqual({ counted: true, rolledBack: false });
  expect((await report('load')).body.data).toEqual({ counted: true, rolledBack: false });
  expect((await report('render')).body.data).toEqual({ counted: true, rolledBack: true });
  // Reported again after it is gone: counted, nothing else rolled back.
  expect((await report('render')).body.data).toEqual({ counted: true, rolledBack: false });
  const list = (await owner.get('/api/admin/releases')).body.data.find((r: { remote: string }) => r.remote === 'analytics');
  expect(list).toMatchObject({ active: { version: 'local-1' }, canary: null });
  const history = (await owner.get('/api/admin/releases/analytics')).body.data;
  expect(history[0]).toMatchObject({ version: '5.0.0', state: 'rolled-back', failures: 4, changedBy: 'release guard' });
  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.auto-rollback' } });
  expect(audit.body.data.entries[0].summary).toBe('analytics 5.0.0 rolled back; local-1 is active (3 failures reached the threshold of 3)');
  // A release this session was never served (here: none has the id) is not counted.
  expect((await owner.post('/api/admin/releases/failures', { releaseId: '999999', kind: 'load', message: '' })).body.data).toEqual({ counted: false, rolledBack: false });
});

test('failure reports are rate-limited per administrator', async () => {
  const [{ id }] = await t.sql("select id::text as id from releases where remote = 'projects' and state = 'active'");
  // 60 at once against 50 a minute: the bucket's 50, and what refilled while they were answered.
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await owner.post('/api/admin/releases/failures', { releaseId: id, kind: 'load', message: 'x' })).status));
  const most = 50 + Math.ceil(((Date.now() - started) * 50) / 60_000);
  expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - most);
  const [{ n }] = await t.sql('select count(*)::int as n from release_failures where release_id = $1', [id]);
  expect(n).toBeLessThanOrEqual(most);
});

test('each page load gets the registry as it is now, also after a change made by another instance (straight in the database)', async () => {
  const viewer = await sessionOf('v1');
  const people = async () => (await config(viewer)).body.data.releases.people;
  expect(await people()).toMatchObject({ version: 'local-1', canary: false });
  expect(await people()).toMatchObject({ version: 'local-1' }); // (the same registry twice)
  await peopleCanary();
  expect((await people()).version).toMatch(/^(local-1|2\.0\.0)$/); // (its bucket's)
  // Another instance promotes it (its own transactions, not through this one).
  const [{ id }] = await t.sql("select id::text as id from releases where remote = 'people' and version = '2.0.0'");
  await t.sql("update releases set state = 'retired', changed_at = now() where remote = 'people' and state = 'active'");
  await t.sql("update releases set state = 'active', canary_percent = null, changed_at = now() where id = $1", [id]);
  expect(await people()).toMatchObject({ id, version: '2.0.0', canary: false });
  // It decommissions people: gone from the next page load.
  await t.sql("update remotes set decommissioned_at = now(), decommissioned_by = 'another instance' where name = 'people'");
  const after = (await config(viewer)).body.data;
  expect(after.releases.people).toBeUndefined();
  expect(after.composition.removedSections).toContainEqual(expect.objectContaining({ path: 'users' }));
});

test('the runtime config is sent gzip to a client that accepts it, as it is to one that does not', async () => {
  const token = await sessionOf('v-gzip');
  const get = (acceptEncoding?: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
      const headers = { Authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) };
      httpGet(`${t.url}/api/runtime-config`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });
  const plain = await get();
  expect(plain.headers['content-encoding']).toBeUndefined();
  const zipped = await get('gzip, deflate, br');
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.headers.vary).toMatch(/Authorization, Accept-Encoding/i);
  expect(zipped.body.length).toBeLessThan(plain.body.length);
  expect(JSON.parse(gunzipSync(zipped.body).toString()).data.remotes).toEqual(JSON.parse(plain.body.toString()).data.remotes);
  expect((await get('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
});

test('the sign-in answer, which carries the runtime config, is sent gzip to a client that accepts it, as it is to one that does not', async () => {
  await addAdmin(t.server.db, 'v-gzip-login', 'viewer-password-1', 'viewer');
  const api = new Api(t.url);
  const signIn = (acceptEncoding: string) => api.post('/api/admin/login', { username: 'v-gzip-login', password: 'viewer-password-1' }, { token: null, headers: { 'Accept-Encoding': acceptEncoding } });
  const plain = await signIn('identity');
  expect(plain.status).toBe(200);
  expect(plain.headers.get('content-encoding')).toBeNull();
  const zipped = await signIn('gzip');
  expect(zipped.status).toBe(200);
  expect(zipped.headers.get('content-encoding')).toBe('gzip');
  expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
  // A new session on every sign-in: the token (the secret in the answer) is never the same twice.
  expect(zipped.body.data.token).not.toBe(plain.body.data.token);
  expect(zipped.body.data.runtime.remotes).toEqual(plain.body.data.runtime.remotes);
  // A refusal is a small envelope: below the threshold, sent as it is.
  const refused = await api.post('/api/admin/login', { username: 'v-gzip-login', password: 'wrong-password-1' }, { token: null, headers: { 'Accept-Encoding': 'gzip' } });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-encoding')).toBeNull();
});

test('a page load served the same releases again writes nothing: the rows it was served stay unlocked (no write in the database)', async () => {
  const token = await sessionOf('v-served-again');
  await config(token);
  const rows = () => t.sql<{ xmax: string; cohort: string }>(
    `select s.xmax::text as xmax, s.cohort from served_releases s join admin_sessions a on a.id = s.session_id join admins d on d.id = a.admin_id where d.username = 'v-served-again' order by s.release_id`,
  );
  const first = await rows();
  expect(first.length).toBeGreaterThan(0);
  await config(token);
  await config(token);
  // An upsert that leaves a row as it is still locks it (its xmax set): a write on every page load.
  expect(await rows()).toEqual(first.map((r) => ({ ...r, xmax: '0' })));
});

test("the runtime config gives the shell each release's manifest and remoteEntry.js hashes (not its chunks'); a release that recorded none has none", async () => {
  const manifest = `sha384-${'M'.repeat(64)}`;
  const chunk = `sha384-${'C'.repeat(64)}`;
  const files = { 'mf-manifest.json': manifest, 'remoteEntry.js': HASH, '540.0123456789.js': chunk };
  expect((await deployer.post('/api/admin/releases', input('settings', '3.0.0', { files }))).status).toBe(200);
  const { data } = (await config(owner.token)).body;
  expectShape(releases.RuntimeConfig, data);
  expect(data.integrity.settings).toEqual({ manifest, entry: HASH });
  // The seeded local builds recorded no files: the shell refuses them where the registry gives hashes.
  expect(data.integrity.projects).toBeUndefined();
});

test("npm start's local deploy token works for this run; a restart with another one replaces it", async () => {
  const local = new Api(t.url);
  local.token = LOCAL_TOKEN;
  expect((await local.get('/api/admin/releases')).status).toBe(200);
  await t.stop();
  const next = `deploy_${'M'.repeat(43)}`;
  const restarted = await startOn({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }, { localDeployToken: next });
  try {
    const again = new Api(restarted.url);
    again.token = LOCAL_TOKEN;
    expect((await again.get('/api/admin/releases')).body.code).toBe('TOKEN_INVALID');
    again.token = next;
    expect((await again.get('/api/admin/releases')).status).toBe(200);
  } finally {
    await restarted.close();
  }
});
