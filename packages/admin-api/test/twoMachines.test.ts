// Two API instances as on two machines: separate processes with separate working folders, one
// PostgreSQL and one bucket (a local S3-compatible server). A release uploaded and registered
// through one is served from the bucket, gated and rolled back through the other, and each
// instance's /metrics counts its own requests while the shared figures agree. Administrators sign in
// through one and read their runtime config (their composition and canary buckets) from the other:
// sessions and releases live in the database, not in an instance. Needs PostgreSQL
// (two instances cannot share PGlite's folder): it runs in the PostgreSQL run (DATABASE_URL).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDb } from '../src/db';
import { addAdmin } from '../src/modules/auth/repository';
import { bucketOf, subjectOf } from '../src/controlPlane/releases/resolveComposition';
import { createDeployToken } from '../src/controlPlane/releases/deployTokens';
import { Api, freshDatabase, ON_POSTGRES, SIGNING_KEY, TEST_TMP } from './helpers';
import { sampleValue, scrape } from './metricsText';
import { startS3Server, type LocalS3 } from './s3Server';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { chunkName } from './releaseFixtures';

const CLI = resolve(__dirname, '../../../tools/release/cli.mjs');
const BUCKET = 'growth-admin-two-machines';
const METRICS_TOKEN = 'two-machines-metrics-token';
const SHARED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  antd: '6.6.8',
  '@tanstack/react-query': '5.108.0',
  dayjs: '1.11.23',
  '@growth-admin/shared-client': '1.1.0',
};
/** What each remote's build declares (its remote-meta.json), as the registry records it. */
const SECTIONS: Record<string, [path: string, icon: string, order: number]> = {
  analytics: ['analytics', 'dashboard', 10],
  projects: ['projects', 'projects', 20],
  people: ['users', 'users', 30],
  orders: ['orders', 'orders', 40],
  settings: ['settings', 'settings', 60],
};
const metaOf = (remote: string) => {
  const [path, icon, order] = SECTIONS[remote];
  const label = path[0].toUpperCase() + path.slice(1);
  return {
    schemaVersion: 1,
    name: remote,
    sections: [{ path, label, icon, leastRole: 'viewer', order, module: './Section' }],
    contributions: [],
  };
};
const VIEWER_PASSWORD = 'viewer-password-1';
const sharedList = () =>
  Object.entries(SHARED).map(([name, version]) => ({
    name,
    version,
    requiredVersion: `^${version}`,
  }));

const SKIP_REASON =
  'skipped: needs a PostgreSQL server (runs in the PostgreSQL run, with DATABASE_URL)';

interface Machine {
  name: string;
  dir: string;
  api: ServerProcess;
  metricsUrl: string;
  /** The release command run on this machine (its own folder as the working directory and HOME). */
  release(args: string[]): Promise<{ code: number; out: string; err: string }>;
}

/** The first match of `re` in what the process prints (it prints the metrics' address after it listens). */
async function printed(p: ServerProcess, re: RegExp): Promise<string> {
  const end = Date.now() + 10_000;
  for (;;) {
    const m = re.exec(p.output());
    if (m) return m[1];
    if (Date.now() > end) throw new Error(`the server did not print ${re}:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

(ON_POSTGRES ? test : test.skip)(
  `two instances on two machines' worth of folders, one PostgreSQL and one bucket: a release crosses them, and each counts its own requests${ON_POSTGRES ? '' : ` (${SKIP_REASON})`}`,
  async () => {
    const root = mkdtempSync(join(TEST_TMP, 'two-machines-'));
    const db = await freshDatabase(true, { seeded: true });
    let s3: LocalS3 | undefined;
    const machines: Machine[] = [];
    try {
      s3 = await startS3Server([BUCKET]);
      const publicUrl = `${s3.endpoint}/${BUCKET}`;
      const put = (key: string, body: string) =>
        fetch(`${publicUrl}/${key}`, {
          method: 'PUT',
          body,
          headers: { 'Content-Type': 'application/json' },
        });
      await put('shell/mf-manifest.json', JSON.stringify({ name: 'shell', shared: sharedList() }));
      await put(
        'shell/shell-contract.json',
        JSON.stringify({
          sharedClient: { exports: ['queries'] },
          antd: { exports: ['Button'] },
          slots: { 'dashboard.cards': '1.0.0' },
        }),
      );
      // The registry's remotes and their first active releases with their metadata, as `npm start`
      // fills them (whichever instance starts first creates them; the other finds them there).
      const seedFile = join(root, 'release-seed.json');
      writeFileSync(
        seedFile,
        JSON.stringify(
          Object.keys(SECTIONS).map((remote) => ({
            remote,
            version: '0.0.1',
            manifestUrl: `${publicUrl}/${remote}/0.0.1/mf-manifest.json`,
            files: {},
            meta: metaOf(remote),
          })),
        ),
      );
      // Viewers whose canary buckets for projects fall on each side of 50% (the resolver's own rule,
      // so the instances' answers can be checked administrator by administrator).
      const viewers = { canary: [] as string[], stable: [] as string[] };
      for (let i = 0; viewers.canary.length < 3 || viewers.stable.length < 3; i++) {
        const username = `viewer-${i}`;
        const side =
          bucketOf('projects', subjectOf(username)) < 50 ? viewers.canary : viewers.stable;
        if (side.length < 3) side.push(username);
      }
      const usernames = [...viewers.canary, ...viewers.stable];
      const handle = await openDb({ databaseUrl: db.databaseUrl!, dataDir: null });
      const token = await (async () => {
        for (const username of usernames)
          await addAdmin(handle, username, VIEWER_PASSWORD, 'viewer');
        return createDeployToken(handle, 'ci');
      })().finally(() => handle.close());

      for (const name of ['a', 'b']) {
        const dir = join(root, `machine-${name}`);
        mkdirSync(join(dir, 'data'), { recursive: true });
        const api = await startServerProcess({
          DATABASE_URL: db.databaseUrl!,
          DATA_DIR: join(dir, 'data'),
          TMPDIR: dir,
          METRICS_PORT: '0',
          METRICS_TOKEN,
          SHELL_URL: `${publicUrl}/shell`,
          RELEASE_ORIGINS: s3.endpoint,
          RELEASE_SEED_FILE: seedFile,
          RELEASE_S3_BUCKET: '', // the API never writes to the store
        });
        const stopping = { api, dir } as Machine; // stopped in `finally` even if what follows fails
        machines.push(stopping);
        const metricsUrl = await printed(api, /metrics on (http:\/\/\S+)/);
        const env = {
          PATH: process.env.PATH,
          HOME: dir,
          API_URL: api.url,
          DEPLOY_TOKEN: token,
          ADMIN_SIGNING_KEY: SIGNING_KEY,
          RELEASE_S3_BUCKET: BUCKET,
          RELEASE_S3_ENDPOINT: s3.endpoint,
          RELEASE_STORE_URL: publicUrl,
          // A folder store would be here: nothing may go through it.
          RELEASE_STORE_DIR: join(dir, 'releases'),
          AWS_ACCESS_KEY_ID: 'local-test',
          AWS_SECRET_ACCESS_KEY: 'local-test-secret',
          AWS_REGION: 'us-east-1',
        };
        const release = (args: string[]) =>
          new Promise<{ code: number; out: string; err: string }>((done) =>
            execFile(process.execPath, [CLI, ...args], { cwd: dir, env }, (error, out, err) =>
              done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
            ),
          );
        Object.assign(stopping, { name, metricsUrl, release });
      }
      const [a, b] = machines;

      /** A build of the projects remote on `machine`'s disk. */
      const build = (
        machine: Machine,
        label: string,
        exposes = [{ name: 'Section', path: './Section' }],
      ) => {
        const out = join(machine.dir, `dist-${label}`);
        mkdirSync(out, { recursive: true });
        writeFileSync(
          join(out, 'mf-manifest.json'),
          JSON.stringify({ name: 'projects', metaData: { publicPath: 'auto' }, exposes, shared: sharedList() }),
        );
        writeFileSync(
          join(out, 'shared-client-usage.json'),
          JSON.stringify({ uses: ['queries'], antdUses: ['Button'] }),
        );
        writeFileSync(join(out, 'remote-meta.json'), JSON.stringify(metaOf('projects')));
        writeFileSync(join(out, 'remoteEntry.js'), 'var projects;');
        const code = `console.log(${JSON.stringify(label)})`;
        writeFileSync(join(out, chunkName(code)), code);
        return out;
      };

      // Machine A uploads and registers 1.0.0 (active), then 1.1.0 as a 50% canary.
      expect(
        await a.release(['release', 'projects', '--dist', build(a, '1.0.0'), '--version', '1.0.0']),
      ).toMatchObject({ code: 0, err: '' });
      expect(
        (
          await a.release([
            'release',
            'projects',
            '--dist',
            build(a, '1.1.0'),
            '--version',
            '1.1.0',
            '--canary',
            '50',
          ])
        ).out,
      ).toContain('projects 1.1.0 released: canary for 50% of administrators');

      // The viewers sign in through instance A; their sessions hold on B.
      const sessions = new Map<string, string>();
      for (const username of usernames)
        sessions.set(username, await new Api(a.api.url).login(username, VIEWER_PASSWORD));

      // Instance B serves the release: its runtime config gives each signed-in administrator the
      // release of their canary bucket, with its section; each release's manifest and chunk load
      // from the bucket. Without a session it names no remote at all.
      const runtime = async (m: Machine, token: string | null) => {
        const res = await new Api(m.api.url).get<{
          data: {
            remotes: Record<string, string>;
            releases: Record<string, { version: string; canary: boolean }>;
            composition: { sections: Array<{ path: string; remote: string }> };
          };
        }>('/api/runtime-config', { sign: false, token });
        if (res.status !== 200)
          throw new Error(`runtime config on ${m.name}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.data;
      };
      /** Each viewer's runtime config from `m`, in the order of `usernames`. */
      const configsOn = (m: Machine) =>
        Promise.all(usernames.map((u) => runtime(m, sessions.get(u)!)));
      const projectsOf = (configs: Awaited<ReturnType<typeof configsOn>>) =>
        Object.fromEntries(configs.map((c, i) => [usernames[i], c.releases.projects]));
      expect((await runtime(b, null)).remotes).toEqual({});
      const onB = await configsOn(b);
      expect(projectsOf(onB)).toEqual(
        Object.fromEntries([
          ...viewers.canary.map((u) => [
            u,
            expect.objectContaining({ version: '1.1.0', canary: true }),
          ]),
          ...viewers.stable.map((u) => [
            u,
            expect.objectContaining({ version: '1.0.0', canary: false }),
          ]),
        ]),
      );
      for (const config of onB)
        expect(config.composition.sections).toContainEqual(
          expect.objectContaining({ path: 'projects', remote: 'projects' }),
        );
      const canaryConfig = onB[0]; // viewers.canary[0]'s
      expect(canaryConfig.remotes.projects).toBe(`${publicUrl}/projects/1.1.0/mf-manifest.json`);
      // Each version's files, where its manifest says they are (the store's shared folder).
      const chunkOf = async (manifestUrl: string, label: string) => {
        const { metaData } = (await (await fetch(manifestUrl)).json()) as { metaData: { publicPath: string } };
        return (await fetch(new URL(chunkName(`console.log(${JSON.stringify(label)})`), metaData.publicPath))).text();
      };
      expect(await chunkOf(canaryConfig.remotes.projects, '1.1.0')).toBe('console.log("1.1.0")');
      const stableConfig = onB[viewers.canary.length]; // viewers.stable[0]'s
      expect(stableConfig.remotes.projects).toBe(`${publicUrl}/projects/1.0.0/mf-manifest.json`);
      expect(await chunkOf(stableConfig.remotes.projects, '1.0.0')).toBe('console.log("1.0.0")');

      // Instance B rolls the canary back (machine B's release command); A answers the result.
      expect((await b.release(['rollback', 'projects'])).out).toBe(
        'projects 1.1.0 rolled back; 1.0.0 is active (new page loads take it)\n',
      );
      expect(
        new Set(
          Object.values(projectsOf(await configsOn(a))).map((r) => `${r.version} ${r.canary}`),
        ),
      ).toEqual(new Set(['1.0.0 false']));

      // Instance B gates what machine B uploads, reading it from the bucket: an incompatible build is
      // refused (and removed from the bucket), a compatible one registered, and A serves it.
      const refused = await b.release([
        'release',
        'projects',
        '--dist',
        build(b, 'bad', []),
        '--version',
        '1.2.0-bad',
      ]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(
        'projects 1.2.0-bad cannot be released: it does not expose projects/Section',
      );
      expect((await fetch(`${publicUrl}/projects/1.2.0-bad/mf-manifest.json`)).status).toBe(404);
      expect(
        await b.release(['release', 'projects', '--dist', build(b, '1.2.0'), '--version', '1.2.0']),
      ).toMatchObject({ code: 0, err: '' });
      expect((await runtime(a, sessions.get(viewers.canary[0])!)).releases.projects).toMatchObject({
        version: '1.2.0',
        canary: false,
      });

      // Each instance's /metrics counts its own requests; the registry's figures agree.
      const [ma, mb] = await Promise.all([
        scrape(a.metricsUrl, METRICS_TOKEN),
        scrape(b.metricsUrl, METRICS_TOKEN),
      ]);
      expect([ma.status, mb.status]).toEqual([200, 200]);
      const count = (text: string, operation: string, status = '200') =>
        sampleValue(text, 'admin_api_http_requests_total', { operation, status });
      expect(count(ma.text, 'registerRelease')).toBe(2);
      expect(count(mb.text, 'registerRelease')).toBe(1);
      expect(count(mb.text, 'registerRelease', '422')).toBe(1);
      expect(count(ma.text, 'registerRelease', '422')).toBe(0);
      expect(
        sampleValue(mb.text, 'admin_api_release_events_total', {
          remote: 'projects',
          event: 'refused',
        }),
      ).toBe(1);
      expect(count(ma.text, 'rollbackRelease')).toBe(0);
      expect(count(mb.text, 'rollbackRelease')).toBe(1);
      // B: the anonymous one and each viewer's; A: each viewer's after the rollback, then one.
      expect(count(ma.text, 'getRuntimeConfig')).toBe(usernames.length + 1);
      expect(count(mb.text, 'getRuntimeConfig')).toBe(usernames.length + 1);
      expect(count(ma.text, 'login')).toBe(usernames.length);
      expect(count(mb.text, 'login')).toBe(0);
      expect(
        sampleValue(ma.text, 'admin_api_release_events_total', {
          remote: 'projects',
          event: 'registered',
        }),
      ).toBe(2);
      expect(
        sampleValue(mb.text, 'admin_api_canary_verdicts_total', {
          remote: 'projects',
          verdict: 'rolled_back',
        }),
      ).toBe(1);
      expect(
        sampleValue(ma.text, 'admin_api_canary_verdicts_total', {
          remote: 'projects',
          verdict: 'rolled_back',
        }),
      ).toBe(0);
      for (const text of [ma.text, mb.text]) {
        expect(
          sampleValue(text, 'admin_api_release_live', {
            remote: 'projects',
            version: '1.2.0',
            state: 'active',
          }),
        ).toBe(1);
        expect(sampleValue(text, 'admin_api_database_up')).toBe(1);
      }
      // Nothing went through either machine's folder.
      for (const m of machines) expect(existsSync(join(m.dir, 'releases'))).toBe(false);
    } finally {
      for (const m of machines) await m.api.stop();
      await s3?.stop();
      await db.drop();
      rmSync(root, { recursive: true, force: true });
    }
  },
);
