/* eslint-disable @typescript-eslint/no-explicit-any -- manifests under test are arbitrary JSON */
// The release commands (tools/release/cli.mjs) as a team or CI runs them, against a real server:
// release uploads into the versioned store (immutable) and registers behind the gate with a deploy
// token; a refused build leaves the registry and the store as they were; promote, rollback, releases.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { createDeployToken } from '../src/controlPlane/releases/deployTokens';
import { Api, SIGNING_KEY, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { chunkName, projectsBuild, sharedList } from './releaseFixtures';

const CLI = resolve(__dirname, '../../../tools/release/cli.mjs');

let dir: string;
let storeDir: string;
let host: Server;
let hostUrl = '';
let t: TestServer;
let token = '';

beforeAll(async () => {
  // One static host: the shell's files under /shell, the store at the root (of the running test's folder).
  host = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const file = path.startsWith('/shell/') ? join(dir, path) : join(storeDir, path);
    if (!existsSync(file) || path.includes('..')) return void res.writeHead(404).end();
    res.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => host?.close(r)));
// Each test has its own folder (the shell, the builds, an empty store) and its own registry.
beforeEach(async () => {
  dir = mkdtempSync(join(TEST_TMP, 'release-commands-'));
  storeDir = join(dir, 'store');
  mkdirSync(join(dir, 'shell'), { recursive: true });
  writeFileSync(join(dir, 'shell/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: sharedList() }));
  writeFileSync(join(dir, 'shell/shell-contract.json'), JSON.stringify({ sharedClient: { exports: ['queries'] }, antd: { exports: ['Button'] }, slots: { 'dashboard.cards': '1.0.0' } }));
  t = await startTestServer({ shellUrl: `${hostUrl}/shell` });
  // The remote exists in the registry (served from the store's origin); its team's token is scoped to it.
  const owner = new Api(t.url);
  await owner.login();
  expect((await owner.post('/api/admin/remotes', { name: 'projects', team: 'Projects team', origin: hostUrl })).status).toBe(200);
  token = await createDeployToken(t.server.db, 'projects-ci', { remote: 'projects' });
});
afterEach(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A build folder of the projects remote (in the test's folder); `change` alters its manifest. */
const dist = (name: string, chunk: string, change?: (m: any) => void) => projectsBuild(dir, name, chunk, change);

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH, API_URL: t.url, DEPLOY_TOKEN: token, ADMIN_SIGNING_KEY: SIGNING_KEY, RELEASE_STORE_DIR: storeDir, RELEASE_STORE_URL: hostUrl, ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

const sri = (file: string) => `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;

/** Runs the command; it must succeed (the state a test starts from). */
async function done(args: string[]): Promise<void> {
  const res = await cli(args);
  expect({ args, code: res.code, err: res.err }).toEqual({ args, code: 0, err: '' });
}
/** projects 1.0.0 (the build v1) released as a canary for 50%, with its notes. */
const firstCut = () => done(['release', 'projects', '--dist', dist('v1', 'console.log(1)'), '--version', '1.0.0', '--canary', '50', '--notes', 'first cut']);

test('release uploads the version into <remote>/<version>/ and its content-named files into <remote>/files/, and registers a canary with the hashes', async () => {
  const build = dist('v1', 'console.log(1)');
  const res = await cli(['release', 'projects', '--dist', build, '--version', '1.0.0', '--canary', '50', '--notes', 'first cut']);
  expect(res).toMatchObject({ code: 0, err: '' });
  expect(res.out).toContain('projects 1.0.0 released: canary for 50% of administrators');
  const chunk = chunkName('console.log(1)');
  expect(readFileSync(join(storeDir, 'projects/files', chunk), 'utf8')).toBe('console.log(1)');
  expect(readdirSync(join(storeDir, 'projects/1.0.0')).sort()).toEqual(['mf-manifest.json', 'remote-meta.json', 'shared-client-usage.json']);
  // The version's manifest points the federation runtime at the shared folder, and at the entry under its content's name.
  const manifest = JSON.parse(readFileSync(join(storeDir, 'projects/1.0.0/mf-manifest.json'), 'utf8'));
  expect(manifest.metaData.publicPath).toBe(`${hostUrl}/projects/files/`);
  expect(manifest.metaData.remoteEntry.name).toMatch(/^remoteEntry\.[0-9a-f]{10}\.js$/);
  expect(readFileSync(join(storeDir, 'projects/files', manifest.metaData.remoteEntry.name), 'utf8')).toBe(readFileSync(join(build, 'remoteEntry.js'), 'utf8'));
  const owner = new Api(t.url);
  await owner.login();
  const [latest] = (await owner.get('/api/admin/releases/projects')).body.data;
  expect(latest).toMatchObject({ version: '1.0.0', state: 'canary', canaryPercent: 50, createdBy: 'deploy:projects-ci', notes: 'first cut', manifestUrl: `${hostUrl}/projects/1.0.0/mf-manifest.json` });
  // Each file of the build by its name there, with the hash of what the store serves for it (the manifest as stored).
  expect(latest.files[chunk]).toBe(sri(join(build, chunk)));
  expect(latest.files['remoteEntry.js']).toBe(sri(join(build, 'remoteEntry.js')));
  expect(latest.files['mf-manifest.json']).toBe(sri(join(storeDir, 'projects/1.0.0/mf-manifest.json')));
  expect(Object.keys(latest.files).sort()).toEqual([chunk, 'mf-manifest.json', 'remote-meta.json', 'remoteEntry.js', 'shared-client-usage.json']);
  const [use] = await t.sql("select last_used_at from deploy_tokens where name = 'projects-ci'");
  expect(use.last_used_at).not.toBeNull();
});

test('a new version whose chunks did not change uploads none of them: its manifest points at the files already there', async () => {
  await firstCut();
  const chunk = join(storeDir, 'projects/files', chunkName('console.log(1)'));
  const written = statSync(chunk).mtimeMs;
  await done(['release', 'projects', '--dist', join(dir, 'v1'), '--version', '1.0.1']);
  expect(statSync(chunk).mtimeMs).toBe(written);
  const [first, second] = ['1.0.0', '1.0.1'].map((v) => JSON.parse(readFileSync(join(storeDir, 'projects', v, 'mf-manifest.json'), 'utf8')).metaData);
  expect(second).toEqual(first);
  // A changed chunk is a new name beside the old one; the old version keeps its own.
  await done(['release', 'projects', '--dist', dist('v2', 'console.log(2)'), '--version', '2.0.0']);
  expect(readdirSync(join(storeDir, 'projects/files')).filter((f) => f.startsWith('main.')).sort()).toEqual([chunkName('console.log(1)'), chunkName('console.log(2)')].sort());
});

test("a stored .gz of the same file compressed otherwise (another zlib) stands for this build's: accepted, not rewritten", async () => {
  const build = dist('v4', 'console.log(4)');
  const gz = `${chunkName('console.log(4)')}.gz`;
  writeFileSync(join(build, gz), gzipSync('console.log(4)', { level: 9 }));
  const elsewhere = gzipSync('console.log(4)', { level: 1, memLevel: 1 });
  mkdirSync(join(storeDir, 'projects/files'), { recursive: true });
  writeFileSync(join(storeDir, 'projects/files', gz), elsewhere);
  await done(['release', 'projects', '--dist', build, '--version', '4.0.0']);
  expect(readFileSync(join(storeDir, 'projects/files', gz))).toEqual(elsewhere);
});

test("a build's stored .gz and .br go with their files: the entry's under its content name, the rewritten manifest's made again", async () => {
  const build = dist('v5', 'console.log(5)');
  for (const file of ['mf-manifest.json', 'remoteEntry.js', chunkName('console.log(5)')]) {
    const bytes = readFileSync(join(build, file));
    writeFileSync(join(build, `${file}.gz`), gzipSync(bytes, { level: 9 }));
    writeFileSync(join(build, `${file}.br`), brotliCompressSync(bytes));
  }
  await done(['release', 'projects', '--dist', build, '--version', '5.0.0']);
  const version = join(storeDir, 'projects/5.0.0');
  const manifest = readFileSync(join(version, 'mf-manifest.json'));
  expect(JSON.parse(manifest.toString()).metaData.publicPath).toBe(`${hostUrl}/projects/files/`);
  expect(gunzipSync(readFileSync(join(version, 'mf-manifest.json.gz'))).equals(manifest)).toBe(true);
  expect(brotliDecompressSync(readFileSync(join(version, 'mf-manifest.json.br'))).equals(manifest)).toBe(true);
  const entry = JSON.parse(manifest.toString()).metaData.remoteEntry.name;
  const files = readdirSync(join(storeDir, 'projects/files')).sort();
  expect(files).toEqual(expect.arrayContaining([entry, `${entry}.gz`, `${entry}.br`, `${chunkName('console.log(5)')}.br`]));
  expect(brotliDecompressSync(readFileSync(join(storeDir, 'projects/files', `${entry}.br`))).equals(readFileSync(join(build, 'remoteEntry.js')))).toBe(true);
  expect(readdirSync(version).filter((f) => f.startsWith('remoteEntry'))).toEqual([]);
});

test("a stored .br of the same file compressed otherwise (another brotli) stands for this build's: accepted, not rewritten", async () => {
  const build = dist('v6', 'console.log(6)');
  const br = `${chunkName('console.log(6)')}.br`;
  writeFileSync(join(build, br), brotliCompressSync('console.log(6)'));
  const elsewhere = brotliCompressSync('console.log(6)', { params: { [constants.BROTLI_PARAM_LGWIN]: 10 } }); // (another window: other bytes)
  mkdirSync(join(storeDir, 'projects/files'), { recursive: true });
  writeFileSync(join(storeDir, 'projects/files', br), elsewhere);
  await done(['release', 'projects', '--dist', build, '--version', '6.0.0']);
  expect(readFileSync(join(storeDir, 'projects/files', br))).toEqual(elsewhere);
});

test('the same release again is a no-op; another build under a used version is refused and the store keeps the first', async () => {
  await firstCut();
  const again = await cli(['release', 'projects', '--dist', join(dir, 'v1'), '--version', '1.0.0', '--canary', '50', '--notes', 'first cut']);
  expect(again.code).toBe(0);
  expect(again.out).toContain('already in the store');
  const manifest = readFileSync(join(storeDir, 'projects/1.0.0/mf-manifest.json'), 'utf8');
  const other = await cli(['release', 'projects', '--dist', dist('v1b', 'console.log("changed")'), '--version', '1.0.0']);
  expect(other.code).toBe(1);
  expect(other.err).toContain('projects 1.0.0 is already in the store with other files: a version is never overwritten');
  expect(readFileSync(join(storeDir, 'projects/1.0.0/mf-manifest.json'), 'utf8')).toBe(manifest);
});

test('a content-named file already in the store with other bytes stops the release: nothing is overwritten, no version appears', async () => {
  const build = dist('v3', 'console.log(3)');
  mkdirSync(join(storeDir, 'projects/files'), { recursive: true });
  writeFileSync(join(storeDir, 'projects/files', chunkName('console.log(3)')), 'tampered');
  const res = await cli(['release', 'projects', '--dist', build, '--version', '3.0.0']);
  expect(res.code).toBe(1);
  expect(res.err).toContain(`projects 3.0.0: files/${chunkName('console.log(3)')} is already in the store with other bytes; nothing was overwritten`);
  expect(readFileSync(join(storeDir, 'projects/files', chunkName('console.log(3)')), 'utf8')).toBe('tampered');
  expect(existsSync(join(storeDir, 'projects/3.0.0'))).toBe(false);
});

test('a build the gate refuses changes nothing: its reason is printed, the registry and the store stay as they were', async () => {
  const before = await t.sql('select id, state from releases order by id');
  const res = await cli(['release', 'projects', '--dist', dist('broken', 'x', (m) => (m.exposes = [])), '--version', '1.0.1']);
  expect(res.code).toBe(1);
  expect(res.err).toBe('refused: projects 1.0.1 cannot be released: it does not expose projects/Section, which its remote-meta.json names (RELEASE_INCOMPATIBLE)\n');
  expect(await t.sql('select id, state from releases order by id')).toEqual(before);
  expect(existsSync(join(storeDir, 'projects/1.0.1'))).toBe(false);
});

test('promote, releases and rollback', async () => {
  await firstCut();
  expect((await cli(['promote', 'projects'])).out).toBe('projects 1.0.0 is active for everyone\n');
  const history = await cli(['releases', 'projects']);
  expect(history.out.split('\n')[0]).toMatch(/^1\.0\.0\s+active\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+deploy:projects-ci\s+failures 0\s+first cut$/);
  const back = await cli(['rollback', 'projects']);
  expect(back.code).toBe(1); // nothing was active before 1.0.0 in this registry
  expect(back.err).toContain('NOTHING_TO_ROLL_BACK');
  await cli(['release', 'projects', '--dist', dist('v2', 'console.log(2)'), '--version', '1.1.0']);
  expect((await cli(['rollback', 'projects'])).out).toBe('projects 1.1.0 rolled back; 1.0.0 is active (new page loads take it)\n');
  expect((await cli(['rollback', 'projects', '--to', '1.1.0'])).out).toBe('projects 1.0.0 rolled back; 1.1.0 is active (new page loads take it)\n');
});

test('releasing a version again answers its state now: one rolled back (or retired) stays so, and the command says nothing changed', async () => {
  // 1.0.0 released, promoted and rolled back; 1.1.0 (the build v2) active.
  await firstCut();
  await done(['promote', 'projects']);
  await done(['release', 'projects', '--dist', dist('v2', 'console.log(2)'), '--version', '1.1.0']);
  await done(['rollback', 'projects']);
  await done(['rollback', 'projects', '--to', '1.1.0']);
  const before = await t.sql('select id, state, canary_percent from releases order by id');
  const again = await cli(['release', 'projects', '--dist', join(dir, 'v1'), '--version', '1.0.0', '--canary', '50', '--notes', 'first cut']);
  expect(again.code).toBe(1);
  expect(again.out).toBe(`already in the store: ${join(storeDir, 'projects/1.0.0')}\n`);
  expect(again.err).toBe(
    'refused: projects 1.0.0 was released before and is rolled back: nothing changed (a version is never reused: release the build under a new --version, ' +
      'or make this one active again with `npm run rollback -- projects --to 1.0.0`) (RELEASED_BEFORE)\n',
  );
  expect(await t.sql('select id, state, canary_percent from releases order by id')).toEqual(before);
  // The active one again: it is active, and says so.
  const active = await cli(['release', 'projects', '--dist', join(dir, 'v2'), '--version', '1.1.0']);
  expect(active).toMatchObject({ code: 0, err: '' });
  expect(active.out).toContain('projects 1.1.0 released: active for everyone');
});

test('without a deploy token, with a wrong one, or with bad arguments nothing is called', async () => {
  const none = await cli(['promote', 'projects'], { DEPLOY_TOKEN: '' });
  expect(none.code).toBe(2);
  expect(none.err).toContain('DEPLOY_TOKEN is not set');
  const wrong = await cli(['promote', 'projects'], { DEPLOY_TOKEN: `deploy_${'x'.repeat(43)}` });
  expect(wrong.err).toBe('refused: The deploy token is invalid, expired or revoked (TOKEN_INVALID)\n');
  // A token scoped to projects acts on projects only.
  expect((await cli(['promote', 'orders'])).err).toBe('refused: The deploy token "projects-ci" is scoped to the remote projects: it cannot act on orders (DEPLOY_TOKEN_SCOPE)\n');
  // A name no package of the repository has, without --dist: nothing to build, said so.
  const unknown = await cli(['release', 'billing']);
  expect(unknown.code).toBe(2);
  expect(unknown.err).toContain('no package of this repository is the remote "billing" (its remote.json): give --dist DIR for a remote built elsewhere');
  for (const args of [['deploy', 'projects'], ['release'], ['release', 'projects', '--canary', '100'], ['rollback', 'projects', '--force', 'x']]) {
    expect((await cli(args)).code).toBe(2);
  }
});

test('--promote-after: the canary is registered with it, and releases shows the judge’s verdict', async () => {
  for (const args of [
    ['release', 'projects', '--promote-after', '2h'], // without --canary
    ['release', 'projects', '--canary', '20', '--promote-after', '30s'], // under a minute
    ['release', 'projects', '--canary', '20', '--promote-after', '31d'],
    ['release', 'projects', '--canary', '20', '--promote-after', 'soon'],
  ]) {
    const res = await cli(args);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/^--promote-after (needs --canary|must be a duration from 1m to 30d)/);
  }
  const res = await cli(['release', 'projects', '--dist', dist('v3', 'console.log(3)'), '--version', '2.0.0', '--canary', '20', '--promote-after', '1h30m']);
  expect(res).toMatchObject({ code: 0, err: '' });
  expect(res.out).toContain("projects 2.0.0 released: canary for 20% of administrators (promoted once the canary judge's verdict has stayed Pass for 1h30m; a Fail rolls it back)");
  expect(await t.sql("select state, promote_after_seconds from releases where remote = 'projects' and version = '2.0.0'")).toEqual([{ state: 'canary', promote_after_seconds: 5400 }]);
  const history = await cli(['releases', 'projects']);
  expect(history.out.trimEnd().split('\n').pop()).toBe(
    'canary 2.0.0: not judged (not judged yet: no measurements have arrived since the canary was registered); promoted after 1h30m of Pass',
  );
});

test('--preview uploads and registers a preview, never active, and prints its link as the last line; previews lists it; --delete removes it', async () => {
  await firstCut();
  const res = await cli(['release', 'projects', '--dist', dist('p1', 'console.log("preview")'), '--preview', 'pr-42', '--expires-in', '3', '--notes', 'PR 42']);
  expect(res).toMatchObject({ code: 0, err: '' });
  const lines = res.out.trim().split('\n');
  const link = lines.at(-1)!;
  expect(link).toMatch(new RegExp(`^${hostUrl}/shell/\\?preview=pv1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
  expect(lines.at(-2)).toMatch(/^projects preview pr-42: 0\.\d+\.\d+-[0-9a-f]+, expires \d{4}-\d\d-\d\d \d\d:\d\d UTC; open it signed in:$/);
  const owner = new Api(t.url);
  await owner.login();
  const [preview] = (await owner.get('/api/admin/releases/projects/previews')).body.data;
  expect(preview).toMatchObject({ label: 'pr-42', notes: 'PR 42', createdBy: 'deploy:projects-ci', link });
  expect(Math.round((Date.parse(preview.expiresAt) - Date.now()) / 86_400_000)).toBe(3);
  expect(existsSync(join(storeDir, 'projects', preview.version, 'mf-manifest.json'))).toBe(true);
  // Not a release: the canary is still the latest release.
  expect((await owner.get('/api/admin/releases/projects')).body.data.map((r: any) => r.version)).toEqual(['1.0.0']);

  // Again under the label: replaced, a new link.
  const again = await cli(['release', 'projects', '--dist', dist('p2', 'console.log("preview 2")'), '--preview', 'pr-42']);
  expect(again.code).toBe(0);
  expect(again.out).toContain(`(replaces ${preview.version})`);
  expect(again.out.trim().split('\n').at(-1)).not.toBe(link);

  const list = await cli(['previews', 'projects']);
  expect(list.code).toBe(0);
  expect(list.out).toMatch(/^pr-42 +0\.1\.0-[0-9a-f]+ .* deploy:projects-ci +expires .* http:\/\/.*\?preview=pv1\./);

  const del = await cli(['release', 'projects', '--preview', 'pr-42', '--delete']);
  expect(del).toMatchObject({ code: 0, err: '' });
  expect(del.out).toMatch(/^projects preview pr-42 \(.+\) deleted/);
  expect((await owner.get('/api/admin/releases/projects/previews')).body.data).toEqual([]);
  expect((await cli(['previews', 'projects'])).out).toBe('projects has no previews\n');
  const gone = await cli(['release', 'projects', '--preview', 'pr-42', '--delete']);
  // Deleting again (a pull request closed after its preview went) is not an error: it is gone.
  expect(gone).toMatchObject({ code: 0, err: '', out: 'projects has no live preview pr-42 (deleted or expired already): nothing to delete\n' });
});

test('a preview the gate refuses gets none and its upload goes; bad preview arguments call nothing', async () => {
  const res = await cli(['release', 'projects', '--dist', dist('bad', 'console.log(0)', (m) => (m.name = 'orders')), '--version', '9.0.0', '--preview', 'pr-1']);
  expect(res.code).toBe(1);
  expect(res.err).toMatch(/^refused: projects 9\.0\.0 cannot be released: .*\(RELEASE_INCOMPATIBLE\)/);
  expect(existsSync(join(storeDir, 'projects/9.0.0'))).toBe(false);
  const owner = new Api(t.url);
  await owner.login();
  expect((await owner.get('/api/admin/releases/projects/previews')).body.data).toEqual([]);
  for (const [args, message] of [
    [['release', 'projects', '--preview', 'PR 1'], '--preview must be a short label'],
    [['release', 'projects', '--preview', 'pr-1', '--canary', '10'], 'a preview is never a canary'],
    [['release', 'projects', '--delete'], '--delete needs --preview LABEL'],
    [['release', 'projects', '--preview', 'pr-1', '--expires-in', '0'], '--expires-in must be a number of days from 1 to 90'],
    [['release', 'projects', '--preview', 'pr-1', '--delete', '--notes', 'x'], '--delete takes only --preview LABEL'],
  ] as const) {
    const bad = await cli([...args]);
    expect({ args, code: bad.code, err: bad.err.split('\n')[0] }).toEqual({ args, code: 2, err: expect.stringContaining(message) });
  }
});
