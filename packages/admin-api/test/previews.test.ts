/* eslint-disable @typescript-eslint/no-explicit-any -- manifests under test are arbitrary JSON */
// Preview releases over HTTP against the real server: registered through the gate under a label with
// the remote's deploy token (a refused build gets none), replaced by label, deleted, expiring, bounded
// per remote; another remote's token refused; the signed link entered by one session gives that
// session (and no other) the preview's sections and contributions, within its role; a forged or
// altered token refused; an expired or deleted preview falls back and says so; a preview's
// measurements stored as its own cohort, never the judge's; previews expired past their grace
// period deleted, a bounded number at a time.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { releases } from '@growth-admin/api-contract';
import { addAdmin } from '../src/modules/auth/repository';
import { createDeployToken } from '../src/controlPlane/releases/deployTokens';
import { cohortSample } from '../src/controlPlane/releases/measurements';
import { deleteExpiredPreviews, signPreviewToken, verifyPreviewToken } from '../src/controlPlane/releases/previews';
import type { StartOptions } from '../src/server';
import { Api, expectShape, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { sampleValue, scrape } from './metricsText';
import { buildBeyondRelease, SEEDED_ORIGIN, sharedList, startJsonHost, writeReleaseSeed } from './releaseFixtures';

const files = new Map<string, unknown>();
let host: Awaited<ReturnType<typeof startJsonHost>> | undefined;
let hostUrl = '';
let seed = '';

/** The preview's metadata: the projects section, an operator-only section and a dashboard card. */
const previewMeta = () => buildBeyondRelease('projects-beta', 'Projects beta', './Beta');

/** A build of projects at `version` on the host; `meta` replaces its remote-meta.json. */
function build(version: string, meta: any = previewMeta()) {
  files.set(`/store/projects/${version}/mf-manifest.json`, {
    name: 'projects',
    exposes: ['Section', 'Beta', 'Card'].map((name) => ({ name, path: `./${name}` })),
    shared: sharedList(),
  });
  files.set(`/store/projects/${version}/shared-client-usage.json`, { uses: ['queries'], antdUses: ['Button'] });
  files.set(`/store/projects/${version}/remote-meta.json`, meta);
  return `${hostUrl}/store/projects/${version}/mf-manifest.json`;
}
const HASH = `sha384-${'A'.repeat(64)}`;
const input = (label: string, version: string, extra: Record<string, unknown> = {}) => ({
  label,
  version,
  manifestUrl: build(version),
  files: { 'remoteEntry.js': HASH, 'mf-manifest.json': HASH },
  notes: `preview of ${version}`,
  ...extra,
});

let t: TestServer;
let owner: Api;
let deployer: Api;
let ordersDeployer: Api;

beforeAll(async () => {
  host = await startJsonHost(files);
  hostUrl = host.url;
  files.set('/shell/mf-manifest.json', { name: 'shell', shared: sharedList() });
  files.set('/shell/shell-contract.json', { sharedClient: { exports: ['queries'] }, antd: { exports: ['Button'] }, slots: { 'dashboard.cards': '1.0.0' } });
  seed = join(TEST_TMP, `preview-seed-${process.pid}.json`);
  writeReleaseSeed(seed);
});
afterAll(async () => {
  await host?.close();
  rmSync(seed, { force: true });
});

async function start(options: StartOptions = {}) {
  t = await startTestServer({ shellUrl: `${hostUrl}/shell`, releaseSeedFile: seed, releaseOrigins: [hostUrl, SEEDED_ORIGIN], judgeIntervalMs: 0, metricsPort: 0, metricsToken: 'previews-metrics', ...options });
  owner = new Api(t.url);
  await owner.login();
  deployer = new Api(t.url);
  deployer.token = await createDeployToken(t.server.db, 'projects-ci', { remote: 'projects' });
  ordersDeployer = new Api(t.url);
  ordersDeployer.token = await createDeployToken(t.server.db, 'orders-ci', { remote: 'orders' });
}
afterEach(() => t?.close());

const PREVIEWS = '/api/admin/releases/projects/previews';
async function previewed(label: string, version: string, extra: Record<string, unknown> = {}) {
  const res = await deployer.post(PREVIEWS, input(label, version, extra));
  expect(res.status).toBe(200);
  return res.body.data as { preview: any; replaced: any };
}
const tokenOf = (link: string) => new URL(link).searchParams.get('preview')!;

/** The runtime config as `token`'s session gets it. */
async function config(token: string) {
  const res = await new Api(t.url).get('/api/runtime-config', { sign: false, token });
  expect(res.status).toBe(200);
  expectShape(releases.RuntimeConfig, res.body.data);
  return res.body.data;
}
async function signIn(username: string, role: 'viewer' | 'operator' | 'owner'): Promise<Api> {
  await addAdmin(t.server.db, username, 'preview-password-1', role);
  const api = new Api(t.url);
  await api.login(username, 'preview-password-1');
  return api;
}
const paths = (c: any) => c.composition.sections.map((s: any) => s.path);

test('a preview is registered through the gate with the remote token, never active; a refused build gets none', async () => {
  await start();
  const { preview, replaced } = await previewed('pr-42', '1.1.0-abc');
  expectShape(releases.Preview, preview);
  expect(replaced).toBeNull();
  expect(preview).toMatchObject({ remote: 'projects', label: 'pr-42', version: '1.1.0-abc', createdBy: 'deploy:projects-ci', expired: false });
  expect(preview.link.startsWith(`${hostUrl}/shell/?preview=pv1.`)).toBe(true);
  const days = (Date.parse(preview.expiresAt) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  expect(verifyPreviewToken(tokenOf(preview.link), 'another key')).toBeNull();

  // Not a release: the history, the active release and everyone's runtime config are as before.
  const history = (await owner.get('/api/admin/releases/projects')).body.data;
  expect(history.map((r: any) => r.version)).toEqual(['local-1']);
  const everyone = await config(owner.token!);
  expect(everyone.releases.projects).toEqual({ id: history[0].id, version: 'local-1', canary: false });
  expect(everyone.previews).toBeUndefined();
  expect(paths(everyone)).toEqual(['projects', 'orders']);

  const list = await owner.get(PREVIEWS);
  expect(list.status).toBe(200);
  expect(list.body.data).toEqual([preview]);
  expect((await deployer.get(PREVIEWS)).body.data).toEqual([preview]);

  // The gate refuses (meta naming another remote, a slot the shell lacks): 422, no preview.
  const bad = { ...input('pr-43', '1.1.1'), manifestUrl: build('1.1.1', { ...previewMeta(), contributions: [{ slot: 'nowhere.cards', contract: '^1.0.0', module: './Card', leastRole: 'viewer', order: 1 }] }) };
  const refused = await deployer.post(PREVIEWS, bad);
  expect(refused.status).toBe(422);
  expect(refused.body.code).toBe('RELEASE_INCOMPATIBLE');
  expect(refused.body.message).toMatch(/^projects 1\.1\.1 cannot be released: .*nowhere\.cards/);
  expect((await owner.get(PREVIEWS)).body.data.map((p: any) => p.label)).toEqual(['pr-42']);

  // A custom expiry.
  const short = await previewed('pr-44', '1.1.2', { expiresInDays: 2 });
  expect(Math.round((Date.parse(short.preview.expiresAt) - Date.now()) / 86_400_000)).toBe(2);

  const audit = await owner.get('/api/admin/audit', { query: { action: 'release.preview' } });
  expect(audit.body.data.entries.map((e: any) => `${e.adminUsername} ${e.target}`)).toEqual(['deploy:projects-ci projects pr-44', 'deploy:projects-ci projects pr-42']);
});

test('the same label again replaces the preview; delete removes it; both audited; another remote’s token is refused (403)', async () => {
  await start();
  const first = (await previewed('pr-7', '2.0.0-a')).preview;
  const second = await previewed('pr-7', '2.0.0-b');
  expect(second.replaced).toMatchObject({ label: 'pr-7', version: '2.0.0-a', id: first.id });
  expect(second.preview.version).toBe('2.0.0-b');
  expect(second.preview.link).not.toBe(first.link);
  expect((await owner.get(PREVIEWS)).body.data.map((p: any) => `${p.label} ${p.version}`)).toEqual(['pr-7 2.0.0-b']);
  // The same build again under the label is a replacement too (a retry changes nothing visible).
  expect((await previewed('pr-7', '2.0.0-b')).replaced.version).toBe('2.0.0-b');

  // Another remote's deploy token: neither create nor delete nor list (403, as for releases), nothing changed.
  const create = await ordersDeployer.post(PREVIEWS, input('pr-8', '2.0.1'));
  expect(create.status).toBe(403);
  expect(create.body.code).toBe('DEPLOY_TOKEN_SCOPE');
  const del = await ordersDeployer.del(`${PREVIEWS}/pr-7`);
  expect(del.status).toBe(403);
  expect(del.body.code).toBe('DEPLOY_TOKEN_SCOPE');
  expect((await owner.get(PREVIEWS)).body.data.map((p: any) => p.label)).toEqual(['pr-7']);
  // An operator is not an owner: refused too.
  const operator = await signIn('op1', 'operator');
  expect((await operator.del(`${PREVIEWS}/pr-7`)).status).toBe(403);

  const deleted = await deployer.del(`${PREVIEWS}/pr-7`);
  expect(deleted.status).toBe(200);
  expect(deleted.body.data).toMatchObject({ label: 'pr-7', version: '2.0.0-b' });
  expect((await owner.get(PREVIEWS)).body.data).toEqual([]);
  const again = await deployer.del(`${PREVIEWS}/pr-7`);
  expect(again.status).toBe(404);
  expect(again.body.code).toBe('PREVIEW_NOT_FOUND');

  const metrics = (await scrape(t.server.metricsUrl!, 'previews-metrics')).text;
  expect(sampleValue(metrics, 'admin_api_release_events_total', { remote: 'projects', event: 'previewed' })).toBe(3);
  expect(sampleValue(metrics, 'admin_api_release_events_total', { remote: 'projects', event: 'preview_deleted' })).toBe(1);
  const audit = async (action: string) => (await owner.get('/api/admin/audit', { query: { action } })).body.data.entries.map((e: any) => e.summary);
  expect(await audit('release.preview-replace')).toEqual([
    expect.stringMatching(/^projects preview pr-7: 2\.0\.0-b replaces 2\.0\.0-b, expires /),
    expect.stringMatching(/^projects preview pr-7: 2\.0\.0-b replaces 2\.0\.0-a, expires /),
  ]);
  expect(await audit('release.preview-delete')).toEqual(['projects preview pr-7 (2.0.0-b) deleted']);
});

test('a remote holds at most RELEASE_PREVIEW_MAX live previews: one more is refused naming the oldest; replacing one is not', async () => {
  await start({ previewMaxPerRemote: 2 });
  await previewed('pr-1', '3.0.1');
  await previewed('pr-2', '3.0.2');
  const third = await deployer.post(PREVIEWS, input('pr-3', '3.0.3'));
  expect(third.status).toBe(409);
  expect(third.body.code).toBe('PREVIEW_LIMIT');
  expect(third.body.message).toMatch(/^projects holds 2 previews, the most a remote may \(RELEASE_PREVIEW_MAX\): delete the oldest first, pr-1 \(3\.0\.1, by deploy:projects-ci on \d{4}-\d\d-\d\d\): npm run release -- projects --preview pr-1 --delete$/);
  await previewed('pr-2', '3.0.4'); // a replacement takes no new place
  expect((await deployer.del(`${PREVIEWS}/pr-1`)).status).toBe(200);
  await previewed('pr-3', '3.0.3');
  // An expired preview holds no place.
  await t.sql(`update releases set preview_expires_at = now() - interval '1 minute' where preview_label = 'pr-2' and state = 'preview'`);
  await previewed('pr-4', '3.0.5');
  expect((await owner.get(PREVIEWS)).body.data.map((p: any) => `${p.label} ${p.expired}`)).toEqual(['pr-4 false', 'pr-3 false', 'pr-2 true']);
});

test('a session that enters the link gets the preview’s sections and contributions; another session at the same time does not; a viewer sees no operator-only section', async () => {
  await start();
  const { preview } = await previewed('pr-42', '1.2.0');
  const token = tokenOf(preview.link);
  const other = new Api(t.url); // the same owner, another session
  await other.login();

  const entered = await owner.post('/api/admin/previews', { token });
  expect(entered.status).toBe(200);
  expectShape(releases.SessionPreview, entered.body.data);
  expect(entered.body.data).toEqual({ remote: 'projects', label: 'pr-42', releaseId: preview.id, version: '1.2.0', status: 'active', expiresAt: preview.expiresAt });

  for (let load = 0; load < 2; load++) {
    // A reload keeps it: the session holds the preview.
    const mine = await config(owner.token!);
    expect(mine.releases.projects).toEqual({ id: preview.id, version: '1.2.0', canary: false, preview: 'pr-42' });
    expect(mine.remotes.projects).toBe(preview.manifestUrl);
    expect(paths(mine)).toEqual(['projects', 'projects-beta', 'orders']);
    expect(mine.composition.slots['dashboard.cards']).toEqual([{ remote: 'projects', module: './Card', order: 5 }]);
    expect(mine.previews).toEqual([entered.body.data]);
    expect(mine.allowedOrigins).toContain(hostUrl);
  }
  const theirs = await config(other.token!);
  expect(theirs.releases.projects).toMatchObject({ version: 'local-1', canary: false });
  expect(theirs.releases.projects.preview).toBeUndefined();
  expect(paths(theirs)).toEqual(['projects', 'orders']);
  expect(theirs.composition.slots).toEqual({});
  expect(theirs.previews).toBeUndefined();

  // A viewer with the same link: the card and the projects section, not the operator-only one.
  const viewer = await signIn('v1', 'viewer');
  expect((await viewer.post('/api/admin/previews', { token })).status).toBe(200);
  const seen = await config(viewer.token!);
  expect(paths(seen)).toEqual(['projects', 'orders']);
  expect(seen.composition.slots['dashboard.cards']).toHaveLength(1);
  expect(seen.releases.projects.preview).toBe('pr-42');

  // Replaced under its label: the session follows the label to the new build.
  const next = (await previewed('pr-42', '1.2.1')).preview;
  expect((await config(owner.token!)).releases.projects).toEqual({ id: next.id, version: '1.2.1', canary: false, preview: 'pr-42' });

  // Leaving: the chosen release again.
  expect((await owner.del('/api/admin/previews/projects')).body.data).toEqual({ left: true });
  const left = await config(owner.token!);
  expect(left.releases.projects.version).toBe('local-1');
  expect(left.previews).toBeUndefined();
  expect((await owner.del('/api/admin/previews/projects')).body.data).toEqual({ left: false });
});

test('a forged or altered token is refused; an expired or deleted preview falls back to the chosen release and says so', async () => {
  await start();
  const { preview } = await previewed('pr-5', '4.0.0');
  const token = tokenOf(preview.link);
  const [prefix, payload, sig] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const altered = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, l: 'pr-6' })).toString('base64url')}.${sig}`;
  const forged = signPreviewToken({ remote: 'projects', id: preview.id, label: 'pr-5', exp: claims.e }, 'a key of my own');
  for (const bad of [altered, forged, `${token}x`, payload, 'pv1..', `${prefix}.${payload}`]) {
    const res = await owner.post('/api/admin/previews', { token: bad });
    expect({ bad, status: res.status, code: res.body.code }).toEqual({ bad, status: 403, code: 'PREVIEW_TOKEN_INVALID' });
  }
  expect((await config(owner.token!)).previews).toBeUndefined();
  // Without a session: no entering at all.
  expect((await new Api(t.url).post('/api/admin/previews', { token })).status).toBe(401);

  expect((await owner.post('/api/admin/previews', { token })).body.data.status).toBe('active');
  await t.sql(`update releases set preview_expires_at = now() - interval '1 minute' where id = $1`, [preview.id]);
  const expired = await config(owner.token!);
  expect(expired.releases.projects).toMatchObject({ version: 'local-1', canary: false });
  expect(expired.releases.projects.preview).toBeUndefined();
  expect(paths(expired)).toEqual(['projects', 'orders']);
  expect(expired.previews).toEqual([{ remote: 'projects', label: 'pr-5', releaseId: preview.id, version: '4.0.0', status: 'expired', expiresAt: expect.any(String) }]);
  // Entering an expired preview's link: recorded, answered as expired.
  expect((await owner.post('/api/admin/previews', { token })).body.data.status).toBe('expired');

  expect((await deployer.del(`${PREVIEWS}/pr-5`)).status).toBe(200);
  const deleted = await config(owner.token!);
  expect(deleted.releases.projects.version).toBe('local-1');
  expect(deleted.previews).toEqual([expect.objectContaining({ label: 'pr-5', status: 'deleted', version: '4.0.0' })]);
});

test('measurements and failure reports of a preview are stored against it as the preview cohort, never the judge’s', async () => {
  await start();
  const { preview } = await previewed('pr-9', '5.0.0');
  expect((await owner.post('/api/admin/previews', { token: tokenOf(preview.link) })).status).toBe(200);
  const served = await config(owner.token!);
  const ordersId = served.releases.orders.id;
  const beacon = await new Api(t.url).call('POST', '/api/vitals', {
    sign: false,
    token: null,
    rawBody: JSON.stringify({
      token: owner.token,
      measurements: [
        { releaseId: preview.id, kind: 'section', target: 'projects-beta', lcp: 900, errors: 2 },
        { releaseId: ordersId, kind: 'section', target: 'orders', lcp: 800, errors: 0 },
      ],
    }),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  });
  expect(beacon.status).toBe(200);
  expect(beacon.body.data).toEqual({ accepted: 2, dropped: 0 });
  const rows = await t.sql(`select release_id::text as id, remote, version, cohort from release_measurements m order by m.id`);
  expect(rows).toEqual([
    { id: preview.id, remote: 'projects', version: '5.0.0', cohort: 'preview' },
    { id: ordersId, remote: 'orders', version: 'local-1', cohort: 'stable' },
  ]);
  // The judge's cohorts: canary and stable only.
  const since = new Date(Date.now() - 60_000);
  expect((await cohortSample(t.server.db, preview.id, 'canary', since, new Map())).admins).toEqual([]);
  expect((await cohortSample(t.server.db, preview.id, 'stable', since, new Map())).admins).toEqual([]);
  const stableId = (await owner.get('/api/admin/releases/projects')).body.data[0].id;
  expect((await cohortSample(t.server.db, stableId, 'stable', since, new Map())).admins).toEqual([]);

  // Another session, never given the preview, cannot report it.
  const other = new Api(t.url);
  await other.login();
  await config(other.token!);
  const notServed = await other.post('/api/admin/releases/failures', { releaseId: preview.id, kind: 'render', message: 'boom' });
  expect(notServed.body.data).toEqual({ counted: false, rolledBack: false });
  const failure = await owner.post('/api/admin/releases/failures', { releaseId: preview.id, kind: 'render', message: 'boom' });
  expect(failure.body.data).toEqual({ counted: true, rolledBack: false });
  expect(await t.sql(`select state, failures from releases where id = $1`, [preview.id])).toEqual([{ state: 'preview', failures: 1 }]);
});

test('previews expired past the grace period are deleted with their sessions’ entries and served records, oldest first, a bounded number a run; a session of a replaced preview keeps its label', async () => {
  await start();
  const gone = (await previewed('pr-1', '6.0.0')).preview;
  const recent = (await previewed('pr-2', '6.1.0')).preview;
  const replacedFirst = (await previewed('pr-3', '6.2.0')).preview;
  const replacedBy = (await previewed('pr-3', '6.2.1')).preview;
  await previewed('pr-4', '6.3.0');
  // One session entered pr-1 and was served it; another entered pr-3 by its first build's link (it follows the label to 6.2.1).
  const inGone = await signIn('in-gone', 'viewer');
  expect((await inGone.post('/api/admin/previews', { token: tokenOf(gone.link) })).body.data.status).toBe('active');
  expect((await config(inGone.token!)).releases.projects.version).toBe('6.0.0');
  const inReplaced = await signIn('in-replaced', 'viewer');
  expect((await inReplaced.post('/api/admin/previews', { token: tokenOf(replacedFirst.link) })).body.data).toMatchObject({ label: 'pr-3', version: '6.2.1', status: 'active' });
  // Then time passes.
  const ago = (id: string, days: number) => t.sql(`update releases set preview_expires_at = now() - make_interval(days => $2) where id = $1`, [id, days]);
  await ago(gone.id, 8);
  await ago(recent.id, 2); // within the grace period: kept, listed as expired
  await ago(replacedFirst.id, 10); // replaced under its label, long expired
  const referring = async (id: string) =>
    (await t.sql<{ n: number }>(`select ((select count(*) from session_previews where release_id = $1) + (select count(*) from served_releases where release_id = $1))::int as n`, [id]))[0].n;
  expect(await referring(gone.id)).toBe(2);

  // Bounded: one a run here, the longest expired first.
  expect(await deleteExpiredPreviews(t.server.db, 7, 1)).toBe(1);
  expect(await t.sql(`select id from releases where id = $1`, [replacedFirst.id])).toEqual([]);
  expect((await config(inReplaced.token!)).previews).toEqual([expect.objectContaining({ label: 'pr-3', releaseId: replacedBy.id, version: '6.2.1', status: 'active' })]);
  expect(await deleteExpiredPreviews(t.server.db, 7, 1)).toBe(1);
  expect(await deleteExpiredPreviews(t.server.db, 7, 1)).toBe(0);

  // pr-1 is gone with what referred to it: its session is back on the chosen release and says nothing of it.
  expect(await referring(gone.id)).toBe(0);
  expect(await t.sql(`select id from releases where id = $1`, [gone.id])).toEqual([]);
  const back = await config(inGone.token!);
  expect(back.previews).toBeUndefined();
  expect(back.releases.projects.version).toBe('local-1');
  expect((await inGone.post('/api/admin/previews', { token: tokenOf(gone.link) })).status).toBe(404);
  expect((await owner.get(PREVIEWS)).body.data.map((p: any) => `${p.label} ${p.version} ${p.expired}`)).toEqual(['pr-4 6.3.0 false', 'pr-3 6.2.1 false', 'pr-2 6.1.0 true']);
});
