/* eslint-disable @typescript-eslint/no-explicit-any -- manifests under test are arbitrary JSON */
// The versioned store in an S3-compatible bucket (tools/release/stores/s3.mjs), against a local
// S3-compatible server from the npm registry (fauxqs) through the release command as a team runs it:
// uploaded and registered behind the gate, which reads the manifest from the bucket's public URL;
// never overwritten; the content-named files shared by versions, the manifest last; an unfinished
// upload invisible; a refused build removed. fauxqs 2.4.1 ignores `If-None-Match` on PUT (the first
// test shows it), so S3's conditional write is proven through a proxy that implements it
// (s3Server.ts): every write carries the header, and of two uploads racing for one version one wins.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRemote } from '../src/controlPlane/remotes/repository';
import { Api, SIGNING_KEY, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { chunkName, projectsBuild, sharedList } from './releaseFixtures';
import { startConditionalProxy, startS3Server, type ConditionalProxy, type LocalS3 } from './s3Server';

const CLI = resolve(__dirname, '../../../tools/release/cli.mjs');
const STORES = resolve(__dirname, '../../../tools/release/stores/index.mjs');
const BUCKET = 'growth-admin-releases';

let dir: string;
let s3: LocalS3;
let proxy: ConditionalProxy;
let publicUrl = '';
let t: TestServer;
let token = '';
/** The running test's store in the bucket (`RELEASE_S3_PREFIX`): each test starts from an empty store. */
let prefix = '';
let tests = 0;

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  proxy = await startConditionalProxy(s3.endpoint);
  publicUrl = `${s3.endpoint}/${BUCKET}`;
  // The active shell's manifest and contract, served from the bucket too.
  await putObject('shell/mf-manifest.json', JSON.stringify({ name: 'shell', shared: sharedList() }));
  await putObject('shell/shell-contract.json', JSON.stringify({ sharedClient: { exports: ['queries'] }, antd: { exports: ['Button'] }, slots: {} }));
});
afterAll(async () => {
  await proxy?.close();
  await s3?.stop();
});
// Each test: its own build folder, an empty store under its own prefix, and a registry of its own.
beforeEach(async () => {
  dir = mkdtempSync(join(TEST_TMP, 'release-s3-'));
  prefix = `team-${++tests}/`;
  t = await startTestServer({ shellUrl: `${publicUrl}/shell`, releaseOrigins: [new URL(publicUrl).origin] });
  // The registry's remote, served from the bucket, and a deploy token scoped to it.
  ({ token } = (await createRemote(t.server.db, { adminId: null, username: 'owner', ip: '' }, { name: 'projects', team: 'projects', origin: new URL(publicUrl).origin })).deployToken);
});
afterEach(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A plain PUT to the bucket, as another tool (or an unfinished upload) would leave an object. */
async function putObject(key: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  return (await fetch(`${publicUrl}/${key}`, { method: 'PUT', body, headers: { 'Content-Type': 'application/octet-stream', ...headers } })).status;
}
const getObject = async (key: string) => {
  const res = await fetch(`${publicUrl}/${key}`);
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type'), cache: res.headers.get('cache-control') };
};

/** A build folder of the projects remote (in the test's folder); `change` alters its manifest. */
const dist = (name: string, chunk: string, change?: (m: any) => void) => projectsBuild(dir, name, chunk, change);

const S3_ENV = () => ({
  RELEASE_S3_BUCKET: BUCKET,
  RELEASE_S3_PREFIX: prefix,
  RELEASE_S3_ENDPOINT: proxy.endpoint,
  RELEASE_STORE_URL: publicUrl,
  AWS_ACCESS_KEY_ID: 'local-test',
  AWS_SECRET_ACCESS_KEY: 'local-test-secret',
  AWS_REGION: 'us-east-1',
  HOME: dir, // no ~/.aws of the machine's
});

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH, API_URL: t.url, DEPLOY_TOKEN: token, ADMIN_SIGNING_KEY: SIGNING_KEY, ...S3_ENV(), ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

/** One call of the store the environment names (tools/release/stores), answered as JSON. */
function storeCall(method: 'has' | 'versions' | 'remove', ...args: string[]): Promise<any> {
  const script = `import { storeFromEnv } from ${JSON.stringify(STORES)}; const s = await storeFromEnv(process.env, '/'); process.stdout.write(JSON.stringify((await s[${JSON.stringify(method)}](...${JSON.stringify(args)})) ?? null));`;
  return new Promise((done, fail) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, ...S3_ENV() } }, (error, stdout, stderr) =>
      error ? fail(new Error(stderr)) : done(JSON.parse(stdout)),
    );
  });
}

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
/** The PUTs under `projects/<folder>/`: a version's, or `files` (the content-named ones its versions share). */
const writesOf = (folder: string) => proxy.requests.filter((r) => r.method === 'PUT' && r.path.includes(`/${prefix}projects/${folder}/`));
const ONE = chunkName('console.log(1)');

/** projects 1.0.0, the build v1, released into the store and the registry (what a test starts from). */
async function firstRelease(): Promise<void> {
  const res = await cli(['release', 'projects', '--dist', dist('v1', 'console.log(1)'), '--version', '1.0.0', '--notes', 'from the bucket']);
  expect(res).toMatchObject({ err: '', code: 0 });
}

test('the local S3 server itself ignores If-None-Match on PUT (so the proxy adds S3’s conditional write)', async () => {
  expect(await putObject('probe/k.txt', 'one')).toBe(200);
  expect(await putObject('probe/k.txt', 'two', { 'If-None-Match': '*' })).toBe(200);
  expect((await getObject('probe/k.txt')).text).toBe('two');
  // Through the proxy the same second write is refused and the first bytes stay.
  const viaProxy = (key: string, body: string, h: Record<string, string> = {}) =>
    fetch(`${proxy.endpoint}/${BUCKET}/${key}`, { method: 'PUT', body, headers: { 'Content-Type': 'application/octet-stream', ...h } }).then((r) => r.status);
  expect(await viaProxy('probe/p.txt', 'one', { 'If-None-Match': '*' })).toBe(200);
  expect(await viaProxy('probe/p.txt', 'two', { 'If-None-Match': '*' })).toBe(412);
  expect((await getObject('probe/p.txt')).text).toBe('one');
});

test('release uploads into the bucket, every write conditional, the shared files first and the manifest last, and registers the public URL the gate read', async () => {
  const build = dist('v1', 'console.log(1)');
  const res = await cli(['release', 'projects', '--dist', build, '--version', '1.0.0', '--notes', 'from the bucket']);
  expect(res).toMatchObject({ err: '', code: 0 });
  expect(res.out).toContain(`uploaded s3://${BUCKET}/${prefix}projects/1.0.0/`);
  const own = writesOf('1.0.0');
  const shared = writesOf('files');
  expect(own.map((w) => w.path.split('/').pop()).sort()).toEqual(['mf-manifest.json', 'remote-meta.json', 'shared-client-usage.json']);
  expect(shared.map((w) => w.path.split('/').pop())).toEqual(expect.arrayContaining([ONE, expect.stringMatching(/^remoteEntry\.[0-9a-f]{10}\.js$/)]));
  expect(shared).toHaveLength(2);
  expect([...own, ...shared].every((w) => w.ifNoneMatch === '*' && w.status === 200)).toBe(true);
  expect(proxy.requests.filter((r) => r.method === 'PUT').at(-1)!.path).toBe(`/${BUCKET}/${prefix}projects/1.0.0/mf-manifest.json`);
  // Served from the bucket with the types a browser needs, every object cached for a year (none ever
  // changes): the chunk, the entry under its content's name, and the version's manifest.
  const chunk = await getObject(`${prefix}projects/files/${ONE}`);
  expect(chunk).toMatchObject({ status: 200, text: 'console.log(1)', type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' });
  const entryName = shared.map((w) => w.path.split('/').pop()!).find((name) => /^remoteEntry\.[0-9a-f]{10}\.js$/.test(name));
  const entry = await getObject(`${prefix}projects/files/${entryName}`);
  expect(entry).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' });
  const manifest = await getObject(`${prefix}projects/1.0.0/mf-manifest.json`);
  expect(manifest.cache).toBe('public, max-age=31536000, immutable');
  expect(JSON.parse(manifest.text).metaData.remoteEntry.name).toBe(entryName);
  expect(JSON.parse(manifest.text).metaData.publicPath).toBe(`${publicUrl}/${prefix}projects/files/`);
  const owner = new Api(t.url);
  await owner.login();
  const [latest] = (await owner.get('/api/admin/releases/projects')).body.data;
  expect(latest).toMatchObject({ version: '1.0.0', state: 'active', manifestUrl: `${publicUrl}/${prefix}projects/1.0.0/mf-manifest.json` });
  expect(latest.files[ONE]).toBe(sri('console.log(1)'));
  expect(latest.files['mf-manifest.json']).toBe(sri(manifest.text));
  expect(await storeCall('has', 'projects', '1.0.0')).toBe(true);
  expect(await storeCall('versions', 'projects')).toEqual(['1.0.0']);
  // The same build as a new version: only the version's own files are written.
  await cli(['release', 'projects', '--dist', build, '--version', '1.0.1']);
  expect(writesOf('files')).toHaveLength(2);
  expect(writesOf('1.0.1')).toHaveLength(3);
});

test('a version is never overwritten: the same build again writes nothing, another build is refused and the bytes stay', async () => {
  await firstRelease();
  const before = proxy.requests.length;
  const again = await cli(['release', 'projects', '--dist', join(dir, 'v1'), '--version', '1.0.0', '--notes', 'from the bucket']);
  expect(again.code).toBe(0);
  expect(again.out).toContain('already in the store:');
  expect(proxy.requests.slice(before).filter((r) => r.method === 'PUT')).toEqual([]);
  const manifest = (await getObject(`${prefix}projects/1.0.0/mf-manifest.json`)).text;
  const other = await cli(['release', 'projects', '--dist', dist('v1b', 'console.log("changed")'), '--version', '1.0.0']);
  expect(other.code).toBe(1);
  expect(other.err).toContain('projects 1.0.0 is already in the store with other files: a version is never overwritten');
  expect((await getObject(`${prefix}projects/1.0.0/mf-manifest.json`)).text).toBe(manifest);
});

test('an upload killed before its manifest is invisible and claims nothing: the first build to complete the version owns it, whole; a content-named file with other bytes stops an upload', async () => {
  // What a killed upload of build "v2" leaves: its chunk and a file of the version, no manifest.
  const v2 = dist('v2', 'console.log(2)');
  expect(await putObject(`${prefix}projects/files/${chunkName('console.log(2)')}`, 'console.log(2)')).toBe(200);
  expect(await putObject(`${prefix}projects/2.0.0/remote-meta.json`, readFileSync(join(v2, 'remote-meta.json'), 'utf8'))).toBe(200);
  expect(await storeCall('has', 'projects', '2.0.0')).toBe(false);
  expect((await getObject(`${prefix}projects/2.0.0/mf-manifest.json`)).status).toBe(404);
  // Another build completes that version first (its files of the version are the same bytes; its manifest, last, is its own).
  const other = await cli(['release', 'projects', '--dist', dist('v2-other', 'console.log("other")'), '--version', '2.0.0']);
  expect(other.code).toBe(0);
  const taken = JSON.parse((await getObject(`${prefix}projects/2.0.0/mf-manifest.json`)).text);
  expect(taken.exposes[0].assets.js.sync).toEqual([chunkName('console.log("other")')]);
  // The killed build's retry now finds the version taken by another build: refused, nothing overwritten.
  const retry = await cli(['release', 'projects', '--dist', v2, '--version', '2.0.0']);
  expect(retry.code).toBe(1);
  expect(retry.err).toContain('projects 2.0.0 is already in the store with other files: a version is never overwritten');
  // Under its own version the killed build completes, using the chunk already there.
  const before = writesOf('files').length;
  expect(await cli(['release', 'projects', '--dist', v2, '--version', '2.0.1'])).toMatchObject({ code: 0, err: '' });
  expect(writesOf('files').slice(before).map((w) => w.path.split('/').pop())).not.toContain(chunkName('console.log(2)'));
  // A content-named file whose bytes are not its name's (an altered store) stops the upload.
  expect(await putObject(`${prefix}projects/files/${chunkName('console.log(3)')}`, 'tampered')).toBe(200);
  const tampered = await cli(['release', 'projects', '--dist', dist('v3', 'console.log(3)'), '--version', '3.0.0']);
  expect(tampered.code).toBe(1);
  expect(tampered.err).toContain(`projects 3.0.0: files/${chunkName('console.log(3)')} is already in the store with other bytes; nothing was overwritten`);
  expect((await getObject(`${prefix}projects/files/${chunkName('console.log(3)')}`)).text).toBe('tampered');
  expect(await storeCall('has', 'projects', '3.0.0')).toBe(false);
});

test('a build the gate refuses is removed from the bucket, manifest first', async () => {
  await firstRelease();
  const res = await cli(['release', 'projects', '--dist', dist('broken', 'x', (m) => (m.exposes = [])), '--version', '3.0.0']);
  expect(res.code).toBe(1);
  expect(res.err).toContain('projects 3.0.0 cannot be released: it does not expose projects/Section');
  expect(await storeCall('has', 'projects', '3.0.0')).toBe(false);
  expect((await getObject(`${prefix}projects/3.0.0/remote-meta.json`)).status).toBe(404);
  expect(await storeCall('versions', 'projects')).toEqual(['1.0.0']); // the release before it stays
});

test('two uploads racing for one version with different builds: exactly one wins, whole', async () => {
  const a = dist('race-a', 'console.log("a")');
  const b = dist('race-b', 'console.log("b")');
  const [ra, rb] = await Promise.all([cli(['release', 'projects', '--dist', a, '--version', '4.0.0']), cli(['release', 'projects', '--dist', b, '--version', '4.0.0'])]);
  expect([ra.code, rb.code].sort()).toEqual([0, 1]);
  const winner = ra.code === 0 ? 'a' : 'b';
  expect((ra.code === 0 ? rb : ra).err).toMatch(/already in the store with other (files|bytes)/);
  const manifest = JSON.parse((await getObject(`${prefix}projects/4.0.0/mf-manifest.json`)).text);
  expect(manifest.exposes[0].assets.js.sync).toEqual([chunkName(`console.log("${winner}")`)]);
  // A refused conditional write is what stopped the loser (or it found the winner's object first).
  expect(writesOf('4.0.0').every((w) => w.ifNoneMatch === '*')).toBe(true);
});

test('where the check before a write misses the object, the conditional write alone refuses the overwrite', async () => {
  await firstRelease();
  proxy.hideFromHead = true;
  try {
    const before = proxy.requests.length;
    const res = await cli(['release', 'projects', '--dist', dist('v1c', 'console.log("late")'), '--version', '1.0.0']);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/projects 1\.0\.0(:| is).* already in the store with other (bytes|files)/);
    const refused = proxy.requests.slice(before).filter((r) => r.method === 'PUT' && r.status === 412);
    expect(refused.length).toBeGreaterThan(0);
    expect((await getObject(`${prefix}projects/files/${ONE}`)).text).toBe('console.log(1)');
  } finally {
    proxy.hideFromHead = false;
  }
});
