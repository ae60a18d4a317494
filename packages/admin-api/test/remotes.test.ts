/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies and manifests under test are arbitrary JSON */
// A new remote from nothing, over HTTP against the real server: an owner creates it and gets a deploy
// token scoped to it; the team releases behind the gate; every administrator allowed to see it gets its
// section and slot contributions in their runtime config (and in the sign-in answer); the token acts
// on its own remote only, expires and is revoked; decommissioning takes it out of every composition.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auth, releases, remotes } from '@growth-admin/api-contract';
import { addAdmin } from '../src/modules/auth/repository';
import { bucketOf, subjectOf } from '../src/controlPlane/releases/resolveComposition';
import { registerRelease } from '../src/controlPlane/releases/repository';
import type { Queryable } from '../src/db';
import { Api, expectShape, startOn, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { startJsonHost } from './releaseFixtures';

const files = new Map<string, unknown>();
let host: Awaited<ReturnType<typeof startJsonHost>> | undefined;
let hostUrl = '';
const SHARED = { react: '19.3.1', '@growth-admin/shared-client': '1.5.0' };
const HASH = `sha384-${'A'.repeat(64)}`;
const ORDERS_META = {
  schemaVersion: 1,
  name: 'orders',
  sections: [{ path: 'orders', label: 'Orders', icon: 'orders', leastRole: 'viewer', order: 40, module: './Orders' }],
  contributions: [],
};
const BILLING_META = {
  schemaVersion: 1,
  name: 'billing',
  sections: [{ path: 'invoices', label: 'Invoices', icon: 'wallet', leastRole: 'operator', order: 45, module: './Invoices' }],
  contributions: [
    { slot: 'dashboard.cards', contract: '^1.0.0', module: './RevenueCard', leastRole: 'viewer', order: 30, label: 'Revenue' },
    { slot: 'order.details.actions', contract: '^1.0.0', module: './Invoice', leastRole: 'operator', order: 10 },
  ],
};

/** A build of `remote` at `version` on the static host under `/cdn/`; `meta` replaces its remote-meta.json. */
function build(remote: string, version: string, meta: any = BILLING_META): string {
  const base = `/cdn/${remote}/${version}`;
  const modules = [...meta.sections, ...meta.contributions].map((x: any) => x.module.slice(2));
  files.set(`${base}/mf-manifest.json`, {
    name: remote,
    exposes: modules.map((name: string) => ({ name, path: `./${name}` })),
    shared: Object.entries(SHARED).map(([name, v]) => ({ name, version: v, requiredVersion: `^${v}` })),
  });
  files.set(`${base}/shared-client-usage.json`, { uses: ['queries'], antdUses: [] });
  files.set(`${base}/remote-meta.json`, meta);
  return `${hostUrl}${base}/mf-manifest.json`;
}
const release = (remote: string, version: string, extra: Record<string, unknown> = {}) => ({
  remote,
  version,
  manifestUrl: build(remote, version),
  files: { 'mf-manifest.json': HASH, 'remoteEntry.js': HASH },
  notes: '',
  ...extra,
});

let t: TestServer;
let owner: Api;
let operator: Api;
let viewer: Api;
let seedFile = '';
let team: Api; // the billing team's CI, with the token createRemote answered
beforeAll(async () => {
  host = await startJsonHost(files);
  hostUrl = host.url;
  files.set('/shell/mf-manifest.json', { name: 'shell', shared: Object.entries(SHARED).map(([name, version]) => ({ name, version })) });
  files.set('/shell/shell-contract.json', { sharedClient: { exports: ['queries'] }, antd: { exports: [] }, slots: { 'dashboard.cards': '1.0.0', 'user.details.tabs': '1.0.0', 'order.details.actions': '1.0.0' } });
  seedFile = join(TEST_TMP, `remotes-seed-${process.pid}.json`);
  writeFileSync(seedFile, JSON.stringify([{ remote: 'orders', version: 'local-1', manifestUrl: 'http://localhost:3999/orders/mf-manifest.json', files: {}, meta: ORDERS_META }]));
});
afterAll(async () => {
  await host?.close();
  rmSync(seedFile, { force: true });
});
// Each test starts from npm start's registry (orders only) on a server of its own, with an owner,
// an operator (otto) and a viewer (vera) signed in; the billing remote and its releases are made by
// the helpers below, by the tests that start from them.
beforeEach(async () => {
  // No RELEASE_ORIGINS: each remote's releases must be on its registered origin.
  t = await startTestServer({ shellUrl: `${hostUrl}/shell`, releaseSeedFile: seedFile, canaryMaxFailures: 2 });
  owner = new Api(t.url);
  await owner.login();
  await addAdmin(t.server.db, 'otto', 'operator-password-1', 'operator');
  await addAdmin(t.server.db, 'vera', 'viewer-password-1', 'viewer');
  operator = new Api(t.url);
  await operator.login('otto', 'operator-password-1');
  viewer = new Api(t.url);
  await viewer.login('vera', 'viewer-password-1');
  team = new Api(t.url);
});
afterEach(() => t?.close());

/** The billing remote, created by the owner; `team` holds its deploy token. */
async function billingRemote(): Promise<void> {
  const res = await owner.post('/api/admin/remotes', { name: 'billing', team: 'Payments team', origin: hostUrl });
  expect(res.status).toBe(200);
  team.token = res.body.data.deployToken.token;
}
/** The team's release of billing `version`, active for everyone. */
async function billingActive(version: string): Promise<void> {
  const res = await team.post('/api/admin/releases', release('billing', version));
  expect([res.status, res.body.data?.state]).toEqual([200, 'active']);
}

const runtime = async (who: Api | null) => {
  const res = await new Api(t.url).get('/api/runtime-config', { sign: false, token: who?.token ?? null });
  expect(res.status).toBe(200);
  expectShape(releases.RuntimeConfig, res.body.data);
  return res.body.data;
};
const releasesRows = () => t.sql('select id, remote, version, state from releases order by id');
const auditOf = async (action: string) => (await owner.get('/api/admin/audit', { query: { action } })).body.data.entries;

test('an owner creates a remote and gets a deploy token scoped to it; others may not; a name is never reused', async () => {
  const res = await owner.post('/api/admin/remotes', { name: 'billing', team: 'Payments team', origin: hostUrl });
  expect(res.status).toBe(200);
  expectShape(remotes.createRemote.data, res.body.data);
  const { remote, deployToken } = res.body.data;
  expect(remote).toMatchObject({ name: 'billing', team: 'Payments team', origin: hostUrl, createdBy: 'admin', decommissionedAt: null, decommissionedBy: null });
  expect(deployToken.token).toMatch(/^deploy_[A-Za-z0-9_-]{43}$/);
  expect(deployToken.deployToken).toMatchObject({ name: 'billing-deploy', remote: 'billing', createdBy: 'admin', lastUsedAt: null, revokedAt: null });
  const days = (Date.parse(deployToken.deployToken.expiresAt) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(89.9);
  expect(days).toBeLessThan(90.1);
  team.token = deployToken.token;
  expect((await auditOf('remote.create'))[0]).toMatchObject({ adminUsername: 'admin', target: 'billing', summary: `remote billing created for Payments team, served from ${hostUrl}` });

  // Nobody sees anything of it before a release.
  expect((await runtime(owner)).remotes.billing).toBeUndefined();
  const list = (await owner.get('/api/admin/remotes')).body.data;
  expectShape(remotes.listRemotes.data, list);
  expect(list.map((r: any) => r.name)).toEqual(['orders', 'billing']); // orders: from npm start's seed
  expect(list[0]).toMatchObject({ team: 'growth-admin', origin: 'http://localhost:3999', createdBy: 'npm start' });

  expect((await operator.post('/api/admin/remotes', { name: 'other', team: 'x', origin: hostUrl })).body.code).toBe('ROLE_FORBIDDEN');
  expect((await team.get('/api/admin/remotes')).body.code).toBe('DEPLOY_TOKEN_FORBIDDEN');
  const again = await owner.post('/api/admin/remotes', { name: 'billing', team: 'Someone else', origin: 'https://cdn.example.com' });
  expect([again.status, again.body.code]).toEqual([409, 'REMOTE_EXISTS']);
  const withPath = await owner.post('/api/admin/remotes', { name: 'other', team: 'x', origin: 'https://cdn.example.com/billing' });
  expect([withPath.status, withPath.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect((await owner.get('/api/admin/remotes')).body.data).toHaveLength(2);
});

test("the team releases with its token (no shell change); each administrator's next load has what their role allows", async () => {
  await billingRemote();
  const res = await team.post('/api/admin/releases', release('billing', '1.0.0'));
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ remote: 'billing', version: '1.0.0', state: 'active', createdBy: 'deploy:billing-deploy' });

  const forOwner = await runtime(owner);
  expect(forOwner.composition.sections.map((s: any) => `${s.path} ${s.remote}`)).toEqual(['orders orders', 'invoices billing']);
  expect(forOwner.composition.sections[1]).toEqual({ path: 'invoices', label: 'Invoices', icon: 'wallet', remote: 'billing', module: './Invoices', order: 45 });
  expect(forOwner.composition.slots).toEqual({
    'dashboard.cards': [{ remote: 'billing', module: './RevenueCard', order: 30, label: 'Revenue' }],
    'order.details.actions': [{ remote: 'billing', module: './Invoice', order: 10 }],
  });
  expect(forOwner.remotes.billing).toBe(`${hostUrl}/cdn/billing/1.0.0/mf-manifest.json`);
  expect(forOwner.releases.billing).toEqual({ id: res.body.data.id, version: '1.0.0', canary: false });
  expect(forOwner.integrity.billing).toEqual({ manifest: HASH, entry: HASH });
  expect(forOwner.allowedOrigins).toEqual([hostUrl, 'http://localhost:3999']);

  // A viewer: the dashboard card, not the operator's section or order action.
  const forViewer = await runtime(viewer);
  expect(forViewer.composition.sections.map((s: any) => s.path)).toEqual(['orders']);
  expect(forViewer.composition.slots).toEqual({ 'dashboard.cards': [{ remote: 'billing', module: './RevenueCard', order: 30, label: 'Revenue' }] });
  expect(Object.keys(forViewer.remotes).sort()).toEqual(['billing', 'orders']);
  expect((await runtime(operator)).composition.sections.map((s: any) => s.path)).toEqual(['orders', 'invoices']);
  // No session: nothing of any remote.
  expect((await runtime(null)).remotes).toEqual({});
});

test("the sign-in answer carries the new session's runtime config", async () => {
  await billingRemote();
  await billingActive('1.0.0');
  const res = await new Api(t.url).post('/api/admin/login', { username: 'otto', password: 'operator-password-1' }, { token: null });
  expect(res.status).toBe(200);
  expectShape(auth.login.data, res.body.data);
  const fresh = new Api(t.url);
  fresh.token = res.body.data.token;
  expect(res.body.data.runtime).toEqual(await runtime(fresh));
  expect(res.body.data.runtime.composition.sections.map((s: any) => s.path)).toEqual(['orders', 'invoices']);
});

test('the gate: a section path another remote owns, a manifest off the remote’s origin; refused with every reason, nothing changed', async () => {
  await billingRemote();
  const before = await releasesRows();
  const taking = { ...BILLING_META, sections: [...BILLING_META.sections, { ...BILLING_META.sections[0], path: 'orders', module: './Invoices' }] };
  const res = await team.post('/api/admin/releases', { ...release('billing', '1.1.0'), manifestUrl: build('billing', '1.1.0', taking) });
  expect([res.status, res.body.code]).toEqual([422, 'RELEASE_INCOMPATIBLE']);
  expect(res.body.message).toBe('billing 1.1.0 cannot be released: the section path /orders belongs to the remote orders');
  const elsewhere = await team.post('/api/admin/releases', { ...release('billing', '1.1.1'), manifestUrl: 'http://localhost:3999/billing/mf-manifest.json' });
  expect(elsewhere.body.message).toBe(
    `billing 1.1.1 cannot be released: its manifest is on http://localhost:3999, not on the remote's origin nor on an origin releases are served from (${hostUrl})`,
  );
  // Two releases racing past the gate (each checked before the other was stored): the registry's
  // transaction has the last word.
  const racing = registerRelease(t.server.db, { adminId: null, username: 'deploy:billing-deploy', ip: '' }, release('billing', '1.1.2'), { meta: taking, firstLoad: null } as any);
  await expect(racing).rejects.toMatchObject({ statusCode: 422, code: 'RELEASE_INCOMPATIBLE', message: 'billing 1.1.2 cannot be released: the section path /orders belongs to the remote orders' });
  expect(await releasesRows()).toEqual(before);
});

test('a token scoped to billing cannot touch orders: 403 naming both, nothing changed, the attempt audited', async () => {
  await billingRemote();
  await billingActive('1.0.0');
  const before = await releasesRows();
  const attempts = [
    await team.post('/api/admin/releases', release('orders', '9.0.0')),
    await team.post('/api/admin/releases/orders/promote'),
    await team.post('/api/admin/releases/orders/rollback', {}),
    await team.get('/api/admin/releases/orders'),
  ];
  for (const res of attempts) {
    expect([res.status, res.body]).toEqual([403, { code: 'DEPLOY_TOKEN_SCOPE', message: 'The deploy token "billing-deploy" is scoped to the remote billing: it cannot act on orders' }]);
  }
  expect(await releasesRows()).toEqual(before);
  // Listing: its own remote only.
  expect((await team.get('/api/admin/releases')).body.data.map((r: any) => r.remote)).toEqual(['billing']);
  const uses = (await auditOf('deploy-token.use')).filter((e: any) => e.target === 'orders');
  expect(uses.map((e: any) => `${e.adminUsername} ${e.summary}`).sort()).toEqual(
    [
      'deploy:billing-deploy GET /api/admin/releases/orders → 403 DEPLOY_TOKEN_SCOPE',
      'deploy:billing-deploy POST /api/admin/releases → 403 DEPLOY_TOKEN_SCOPE',
      'deploy:billing-deploy POST /api/admin/releases/orders/promote → 403 DEPLOY_TOKEN_SCOPE',
      'deploy:billing-deploy POST /api/admin/releases/orders/rollback → 403 DEPLOY_TOKEN_SCOPE',
    ].sort(),
  );
  // Its own remote: a canary, promoted, each change audited under the token.
  expect((await team.post('/api/admin/releases', release('billing', '1.2.0', { canaryPercent: 10 }))).body.data.state).toBe('canary');
  expect((await team.post('/api/admin/releases/billing/promote')).body.data).toMatchObject({ version: '1.2.0', state: 'active' });
  expect((await auditOf('release.promote'))[0]).toMatchObject({ adminUsername: 'deploy:billing-deploy', target: 'billing 1.2.0' });
});

test('deploy tokens: made for one remote with an expiry, listed without the secret, revoked; expired and revoked ones are refused like unknown ones', async () => {
  await billingRemote();
  const made = await owner.post('/api/admin/deploy-tokens', { name: 'billing-ci', remote: 'billing', expiresInDays: 1 });
  expect(made.status).toBe(200);
  expectShape(remotes.createDeployToken.data, made.body.data);
  const ci = new Api(t.url);
  ci.token = made.body.data.token;
  expect((await ci.get('/api/admin/releases/billing')).status).toBe(200);
  expect((await owner.post('/api/admin/deploy-tokens', { name: 'billing-ci', remote: 'billing' })).body.code).toBe('TOKEN_EXISTS');
  expect((await owner.post('/api/admin/deploy-tokens', { name: 'x', remote: 'nobody' })).body.code).toBe('UNKNOWN_REMOTE');
  expect((await owner.post('/api/admin/deploy-tokens', { name: 'x', remote: 'billing', expiresInDays: 366 })).status).toBe(400);
  expect((await operator.get('/api/admin/deploy-tokens')).body.code).toBe('ROLE_FORBIDDEN');

  const list = await owner.get('/api/admin/deploy-tokens');
  expectShape(remotes.listDeployTokens.data, list.body.data);
  expect(JSON.stringify(list.body.data)).not.toContain(ci.token!);
  expect(list.body.data.find((d: any) => d.name === 'billing-ci')).toMatchObject({ remote: 'billing', createdBy: 'admin', revokedAt: null });
  expect(list.body.data.find((d: any) => d.name === 'billing-ci').lastUsedAt).not.toBeNull();

  // Past its expiry: 401 like an unknown token, nothing changed.
  await t.sql("update deploy_tokens set expires_at = now() - interval '1 second' where name = 'billing-ci'");
  const before = await releasesRows();
  const expired = await ci.post('/api/admin/releases', release('billing', '1.3.0'));
  expect([expired.status, expired.body]).toEqual([401, { code: 'TOKEN_INVALID', message: 'The deploy token is invalid, expired or revoked' }]);
  expect(await releasesRows()).toEqual(before);

  const revoked = await owner.post('/api/admin/deploy-tokens/billing-ci/revoke');
  expect(revoked.status).toBe(200);
  expect(revoked.body.data.revokedAt).not.toBeNull();
  expect((await owner.post('/api/admin/deploy-tokens/billing-ci/revoke')).body.code).toBe('ALREADY_REVOKED');
  expect((await owner.post('/api/admin/deploy-tokens/nobody/revoke')).body.code).toBe('TOKEN_NOT_FOUND');
  await t.sql("update deploy_tokens set expires_at = null where name = 'billing-ci'"); // revoked, even if it had not expired
  expect((await ci.get('/api/admin/releases/billing')).body.code).toBe('TOKEN_INVALID');
  expect((await auditOf('deploy-token.revoke'))[0]).toMatchObject({ adminUsername: 'admin', target: 'billing-ci' });
  expect((await auditOf('deploy-token.create')).map((e: any) => e.target)).toEqual(['billing-ci', 'billing-deploy']);
});

test("a slot contribution's failures count against the contributing remote's release: its canary is rolled back, not the host's", async () => {
  await billingRemote();
  await billingActive('1.2.0');
  const percent = Math.min(99, bucketOf('billing', subjectOf('vera')) + 1); // vera is on the canary
  const canary = (await team.post('/api/admin/releases', release('billing', '1.3.5', { canaryPercent: percent }))).body.data;
  const forViewer = await runtime(viewer);
  expect(forViewer.releases.billing).toEqual({ id: canary.id, version: '1.3.5', canary: true });
  // The viewer's dashboard card crashes: the shell reports it with the id of the release it came from.
  const report = () => viewer.post('/api/admin/releases/failures', { releaseId: forViewer.releases.billing.id, kind: 'render', message: 'RevenueCard crashed' });
  expect((await report()).body.data).toEqual({ counted: true, rolledBack: false });
  expect((await report()).body.data).toEqual({ counted: true, rolledBack: true });
  expect((await runtime(viewer)).releases.billing).toMatchObject({ version: '1.2.0', canary: false });
  expect((await runtime(viewer)).releases.orders.canary).toBe(false);
  expect(await t.sql("select failures from releases where remote = 'orders'")).toEqual([{ failures: 0 }]);
});

test('decommissioning takes the remote out of every composition, rolls back its canary, revokes its tokens; audited', async () => {
  await billingRemote();
  await billingActive('1.0.0');
  await billingActive('1.2.0'); // 1.0.0 retired
  await team.post('/api/admin/releases', release('billing', '1.4.0', { canaryPercent: 50 }));
  expect((await operator.post('/api/admin/remotes/billing/decommission')).body.code).toBe('ROLE_FORBIDDEN');
  const res = await owner.post('/api/admin/remotes/billing/decommission');
  expect(res.status).toBe(200);
  expectShape(remotes.decommissionRemote.data, res.body.data);
  expect(res.body.data).toMatchObject({ name: 'billing', decommissionedBy: 'admin' });
  expect(res.body.data.decommissionedAt).not.toBeNull();

  const after = await runtime(owner);
  expect(after.remotes.billing).toBeUndefined();
  expect(after.composition.sections.map((s: any) => s.path)).toEqual(['orders']);
  expect(after.composition.slots).toEqual({});
  expect(after.composition.removedSections).toEqual([{ path: 'invoices', label: 'Invoices' }]);
  expect((await runtime(viewer)).composition.removedSections).toEqual([{ path: 'invoices', label: 'Invoices' }]);

  expect((await owner.get('/api/admin/releases')).body.data.map((r: any) => r.remote)).toEqual(['orders']);
  expect((await owner.get('/api/admin/releases/billing')).body.code).toBe('UNKNOWN_REMOTE');
  const history = await t.sql("select version, state from releases where remote = 'billing' order by id");
  expect(history.map((r: any) => `${r.version} ${r.state}`)).toEqual(['1.0.0 retired', '1.2.0 active', '1.4.0 rolled-back']);
  expect((await team.get('/api/admin/releases/billing')).body.code).toBe('TOKEN_INVALID');
  expect((await auditOf('remote.decommission'))[0]).toMatchObject({
    adminUsername: 'admin',
    target: 'billing',
    summary: 'remote billing decommissioned; canary 1.4.0 rolled back; deploy tokens revoked: billing-deploy',
  });

  expect((await owner.post('/api/admin/remotes/billing/decommission')).body.code).toBe('ALREADY_DECOMMISSIONED');
  expect((await owner.post('/api/admin/remotes/nobody/decommission')).body.code).toBe('UNKNOWN_REMOTE');
  expect((await owner.post('/api/admin/remotes', { name: 'billing', team: 'x', origin: hostUrl })).body.code).toBe('REMOTE_EXISTS');
  expect((await owner.post('/api/admin/deploy-tokens', { name: 'late', remote: 'billing' })).body.code).toBe('UNKNOWN_REMOTE');
  // The registry keeps it, decommissioned.
  expect((await owner.get('/api/admin/remotes')).body.data.find((r: any) => r.name === 'billing').decommissionedBy).toBe('admin');
});

test("npm start's next start records what its own local build's modules load first, where its release recorded none", async () => {
  const withManifest = join(TEST_TMP, `remotes-seed-manifest-${process.pid}.json`);
  const manifest = { metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './Orders', assets: { js: { sync: ['1.js'] } } }] };
  writeFileSync(withManifest, JSON.stringify([{ remote: 'orders', version: 'local-1', manifestUrl: 'http://localhost:3999/orders/mf-manifest.json', files: {}, meta: ORDERS_META, manifest }]));
  const firstLoad = async (q: Queryable) =>
    (await q.query<{ first_load: unknown }>("select first_load from releases where remote = 'orders' and state = 'active'"))[0].first_load;
  expect(await firstLoad(t.server.db)).toBeNull(); // (the first seed had no manifest)
  await t.stop();
  const restarted = await startOn({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }, { shellUrl: `${hostUrl}/shell`, releaseSeedFile: withManifest });
  try {
    expect(await firstLoad(restarted.db)).toEqual({ base: 'http://localhost:3999/orders/', entry: 'remoteEntry.js', modules: { './Orders': ['1.js'] } });
  } finally {
    await restarted.close();
    rmSync(withManifest, { force: true });
  }
});

test("a release that recorded no metadata composes nothing; npm start's next start gives its own local build the build's metadata, and leaves a decommissioned remote alone", async () => {
  // billing released, then decommissioned.
  await billingRemote();
  await billingActive('1.0.0');
  expect((await owner.post('/api/admin/remotes/billing/decommission')).status).toBe(200);
  await t.sql("update releases set meta = '{}'::jsonb where remote = 'orders'"); // as a release of an earlier registry
  const before = await runtime(owner);
  expect(before.composition.sections).toEqual([]);
  expect(before.remotes).toEqual({});
  await t.stop();
  const restarted = await startOn({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }, { shellUrl: `${hostUrl}/shell`, releaseSeedFile: seedFile });
  try {
    const again = new Api(restarted.url);
    await again.login();
    const after = (await again.get('/api/runtime-config', { sign: false })).body.data;
    expect(after.composition.sections.map((s: any) => `${s.path} ${s.remote}`)).toEqual(['orders orders']);
    expect(after.composition.removedSections).toEqual([{ path: 'invoices', label: 'Invoices' }]);
    const rows = await restarted.db.query<{ name: string; decommissioned_by: string | null }>('select name, decommissioned_by from remotes order by created_at');
    expect(rows).toEqual([
      { name: 'orders', decommissioned_by: null },
      { name: 'billing', decommissioned_by: 'admin' },
    ]);
  } finally {
    await restarted.close();
  }
});
