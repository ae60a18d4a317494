// Two API instances as on two machines: separate processes with separate working folders, one
// PostgreSQL and one bucket (a local S3-compatible server). A release uploaded and registered
// through one is served from the bucket, gated and rolled back through the other, and each
// instance's /metrics counts its own requests while the shared figures agree. Needs PostgreSQL
// (two instances cannot share PGlite's folder): it runs in the PostgreSQL run (DATABASE_URL).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REMOTE_NAMES } from '@growth-admin/remotes';
import { openDb } from '../src/db';
import { createDeployToken } from '../src/modules/releases/deployTokens';
import { freshDatabase, ON_POSTGRES, SIGNING_KEY, TEST_TMP } from './helpers';
import { sampleValue, scrape } from './metricsText';
import { startS3Server, type LocalS3 } from './s3Server';
import { startServerProcess, type ServerProcess } from './serverProcess';

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
        JSON.stringify({ sharedClient: { exports: ['queries'] }, antd: { exports: ['Button'] } }),
      );
      // The other remotes' active releases (the runtime config needs one per remote), as `npm start` fills them.
      const seedFile = join(root, 'release-seed.json');
      const others = REMOTE_NAMES.filter((r) => r !== 'projects');
      writeFileSync(
        seedFile,
        JSON.stringify(
          others.map((remote) => ({
            remote,
            version: '0.0.1',
            manifestUrl: `${publicUrl}/${remote}/0.0.1/mf-manifest.json`,
            files: {},
          })),
        ),
      );
      const handle = await openDb({ databaseUrl: db.databaseUrl!, dataDir: null });
      const token = await createDeployToken(handle, 'ci').finally(() => handle.close());

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
          JSON.stringify({ name: 'projects', exposes, shared: sharedList() }),
        );
        writeFileSync(
          join(out, 'shared-client-usage.json'),
          JSON.stringify({ uses: ['queries'], antdUses: ['Button'] }),
        );
        writeFileSync(join(out, 'remoteEntry.js'), 'var projects;');
        writeFileSync(join(out, 'main.0123456789.js'), `console.log(${JSON.stringify(label)})`);
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

      // Instance B serves it: its runtime config gives the canary to some administrators, each
      // release's manifest and chunk load from the bucket.
      const runtime = async (m: Machine, subject: string) => {
        const res = await fetch(
          `${m.api.url}/api/runtime-config?subject=${encodeURIComponent(subject)}`,
        );
        const body = (await res.json()) as {
          data: {
            remotes: Record<string, string>;
            releases: Record<string, { version: string; canary: boolean }>;
          };
        };
        if (res.status !== 200)
          throw new Error(`runtime config on ${m.name}: ${res.status} ${JSON.stringify(body)}`);
        return body.data;
      };
      const subjects = Array.from({ length: 40 }, (_, i) => `admin:user-${i}`);
      const onB = await Promise.all(subjects.map((s) => runtime(b, s)));
      const versions = new Set(onB.map((c) => c.releases.projects.version));
      expect([...versions].sort()).toEqual(['1.0.0', '1.1.0']);
      const canaryConfig = onB.find((c) => c.releases.projects.canary)!;
      expect(canaryConfig.remotes.projects).toBe(`${publicUrl}/projects/1.1.0/mf-manifest.json`);
      const chunk = await fetch(new URL('main.0123456789.js', canaryConfig.remotes.projects));
      expect(await chunk.text()).toBe('console.log("1.1.0")');

      // Instance B rolls the canary back (machine B's release command); A answers the result.
      expect((await b.release(['rollback', 'projects'])).out).toBe(
        'projects 1.1.0 rolled back; 1.0.0 is active (new page loads take it)\n',
      );
      expect(
        new Set(
          (await Promise.all(subjects.map((s) => runtime(a, s)))).map(
            (c) => c.releases.projects.version,
          ),
        ),
      ).toEqual(new Set(['1.0.0']));

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
      expect((await runtime(a, 'admin:anyone')).releases.projects.version).toBe('1.2.0');

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
      expect(count(ma.text, 'getRuntimeConfig')).toBe(subjects.length + 1);
      expect(count(mb.text, 'getRuntimeConfig')).toBe(subjects.length);
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
