// The proof that a team outside this repository can work with the kit alone: the kit is packed
// into tarballs, a remote is scaffolded from the kit's tarball into a temporary folder outside the
// repository, installed from the tarballs only (the npm registry, or the machine's package store,
// for everything else; no workspace link, no path into this repository); its CI workflow runs its
// test, builds it and publishes a pull request's preview to a running system (the remote is tested
// and built once, as its CI does it), and the release gate (the admin API's own code, built) checks
// that build against the contract of this repository's shell build, served over HTTP as the API fetches it.
// Needs the shell and the admin API built (turbo builds them before this package's tests).
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gateRelease } from '@growth-admin/admin-api/dist/controlPlane/releases/gate';
import { startReleaseSystem } from '../scripts/release-system.mjs';
import { jobSteps } from '../scripts/workflow-steps.mjs';
import { KIT_VERSION, REPO, teamEnv, teamSteps } from '../scripts/team-folder.mjs';

// A guard against a hang, not a measure of speed: alone the proof takes about half a minute, but
// `npm test` runs it at idle priority beside the journeys, where its wall time follows the machine's
// load (ten minutes on a loaded 2-core machine, where a 10-minute guard failed it).
jest.setTimeout(20 * 60_000);

const SHELL_DIST = join(REPO, 'packages/shell/dist');
// A name with a `-`, which is not valid in the JavaScript identifier a federation container is declared by.
const NAME = 'sales-reports';

const took: string[] = [];
function sh(what: string, command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const started = Date.now();
  const r = spawnSync(command, args, {
    cwd,
    env: teamEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  took.push(`${what} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (r.status !== 0)
    throw new Error(
      `${what} (${command} ${args.join(' ')}, in ${cwd}) failed:\n${r.stdout}\n${r.stderr}`,
    );
  return r;
}

/** Serves `routes` (URL prefix → folder) on 127.0.0.1; `alter` may change a file's text as it is sent. */
function serve(
  routes: Record<string, string>,
  alter: (path: string, text: string) => string = (_, t) => t,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const prefix = Object.keys(routes).find((p) => path.startsWith(p));
    const file = prefix ? resolve(routes[prefix], path.slice(prefix.length)) : null;
    if (!file || !file.startsWith(routes[prefix!]) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': file.endsWith('.json') ? 'application/json' : 'application/octet-stream',
    });
    res.end(alter(path, readFileSync(file, 'utf8')));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/**
 * Every file under the repository's built packages the kit is made from, with its modification
 * time: packing must leave them alone (other packages' tests load them while the kit is packed).
 */
function builtFiles(): Record<string, number> {
  const files: Record<string, number> = {};
  for (const dist of ['packages/api-contract/dist', 'packages/shared-client/dist', 'packages/ui-kit/dist']) {
    const dir = join(REPO, dist);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const stat = statSync(join(dir, name));
      if (stat.isFile()) files[`${dist}/${name}`] = stat.mtimeMs;
    }
  }
  return files;
}

let work: string;
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  console.log(`remote kit outside the repository: ${took.join(', ')}`);
});

test('a remote scaffolded, installed, tested and built outside the repository from the packed kit alone passes the release gate against the shell; its CI workflow publishes a pull request\'s preview to a running system and deletes it when the pull request closes', async () => {
  if (!existsSync(join(SHELL_DIST, 'shell-contract.json')))
    throw new Error(
      'packages/shell/dist is not built: pnpm exec turbo run build --filter=@growth-admin/shell',
    );
  work = realpathSync(mkdtempSync(join(tmpdir(), 'growth-admin-remote-kit-')));
  expect(relative(REPO, work).startsWith('..')).toBe(true);

  const [pack, scaffold, install] = teamSteps(work, NAME);
  // 1. The kit's tarballs, made without touching what the repository has built.
  const before = builtFiles();
  sh(...pack);
  expect(builtFiles()).toEqual(before);
  // 2. The scaffold, run from the kit's tarball alone (npm exec installs it, and nothing else).
  sh(...scaffold);
  const remote = join(work, NAME);
  const manifestText = readFileSync(join(remote, 'package.json'), 'utf8');
  expect(manifestText).not.toContain(REPO);
  const pkg = JSON.parse(manifestText);
  const kitDeps = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(([name]) =>
    name.startsWith('@growth-admin/'),
  );
  expect(kitDeps.map(([name]) => name).sort()).toEqual([
    '@growth-admin/api-contract',
    '@growth-admin/federation-tools',
    '@growth-admin/release-tools',
    '@growth-admin/remote-kit',
    '@growth-admin/shared-client',
    '@growth-admin/ui-kit',
  ]);
  for (const [, spec] of kitDeps)
    expect(spec).toMatch(/^file:\.\.\/kit\/growth-admin-[a-z-]+-\d+\.\d+\.\d+\.tgz$/);

  // 3. Installed from the tarballs (the rest from the registry, through the machine's store).
  sh(...install);
  // Every installed package (the kit's too) is inside the remote's folder: none is a link into the repository.
  const installed = join(remote, 'node_modules/.pnpm');
  const outside = readdirSync(installed)
    .map((entry) => realpathSync(join(installed, entry)))
    .filter((path) => relative(work, path).startsWith('..'));
  expect(outside).toEqual([]);
  for (const [name] of kitDeps) {
    const path = realpathSync(join(remote, 'node_modules', name));
    expect(path.startsWith(`${installed}/`)).toBe(true);
  }

  // Its release command is the kit's (release-tools), which asks for the remote's deploy token first.
  const release = spawnSync(
    join(remote, 'node_modules/.bin/growth-admin-release'),
    ['release', NAME, '--dist', 'dist'],
    { cwd: remote, env: { ...teamEnv(), DEPLOY_TOKEN: '' }, encoding: 'utf8' },
  );
  expect(release.status).toBe(2);
  expect(release.stderr).toMatch(/^DEPLOY_TOKEN is not set: the remote's deploy token/);

  // 4. The scaffold's CI workflow: its own shell steps, as GitHub's runner would run them for a pull
  // request's events, against a running system (the company's API and store, with the remote added
  // and its deploy token in the repository's secrets). Its Test step is the remote's test, with the kit's
  // jest preset and shared-client's section harness; its publish step builds it (`npm run release`).
  const testOutput = await runWorkflowAgainstASystem(remote);
  expect(testOutput).toMatch(/Tests:\s+2 passed, 2 total/);

  // 5. The build the workflow made: federation, integrity, the usage record with the kit's version, stored gzip.
  const dist = join(remote, 'dist');
  const usage = JSON.parse(readFileSync(join(dist, 'shared-client-usage.json'), 'utf8'));
  expect(usage).toMatchObject({
    builtWith: expect.any(String),
    kit: { package: '@growth-admin/remote-kit', version: KIT_VERSION },
  });
  // What it takes from the singleton core: its own imports, and those of the UI kit it bundles (its
  // copy may be the one that runs, over the shell's core): setStepUpPrompt is the kit's step-up
  // dialog's. The kit's own exports (PageHeader) are not checked against the shell.
  expect(usage.uses).toEqual(expect.arrayContaining(['call', 'setStepUpPrompt']));
  expect(usage.uses).not.toContain('PageHeader');
  const kitShared = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')).shared.find((s: { name: string }) => s.name === '@growth-admin/ui-kit');
  expect(kitShared).toMatchObject({ singleton: false, requiredVersion: expect.stringMatching(/^\^1\./) });
  const mf = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  expect(Object.keys(mf.integrity ?? {}).length).toBeGreaterThan(0);
  // Its container is declared as a variable named after it (a JavaScript identifier), which the
  // manifest names for the shell's federation runtime; the manifest keeps the remote's name.
  expect(mf.metaData).toMatchObject({ name: NAME, globalName: 'sales_reports' });
  expect(readFileSync(join(dist, 'remoteEntry.js'), 'utf8')).toMatch(/^var sales_reports;/);
  expect(existsSync(join(dist, 'remoteEntry.js.gz'))).toBe(true);

  // 6. The release gate, against the shell build's contract, as the API fetches both.
  const server = await serve({ '/shell/': SHELL_DIST, [`/releases/${NAME}/1.0.0/`]: dist });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const input = {
    remote: NAME,
    version: '1.0.0',
    manifestUrl: `${origin}/releases/${NAME}/1.0.0/mf-manifest.json`,
  };
  const context = {
    shellUrl: `${origin}/shell`,
    remoteOrigin: origin,
    releaseOrigins: [origin],
    registry: { ownedPaths: {} },
  };
  try {
    const { meta, firstLoad } = await gateRelease(input, context);
    expect(meta.sections).toEqual([
      expect.objectContaining({ path: NAME, module: './Section' }),
    ]);
    // What its section loads first, read off its manifest: the login screen's prefetch when it lands there.
    expect(firstLoad).toMatchObject({ entry: 'remoteEntry.js', base: `${origin}/releases/${NAME}/1.0.0/` });
    expect(firstLoad?.modules['./Section']?.length).toBeGreaterThan(0);
  } finally {
    server.close();
  }

  // A build against a newer UI kit than the shell's passes too (it runs its own copy): a real one,
  // released to a running system and used in Chromium, is e2e/tests/newer-kit.spec.ts's.

  // The same build needing a shared-client export the shell lacks is refused, naming the kit the shell needs.
  const altered = await serve(
    { '/shell/': SHELL_DIST, [`/releases/${NAME}/1.0.0/`]: dist },
    (path, text) =>
      path.endsWith('/shared-client-usage.json')
        ? JSON.stringify({ ...JSON.parse(text), uses: [...usage.uses, 'exportOfANewerShell'] })
        : text,
  );
  const alteredOrigin = `http://127.0.0.1:${(altered.address() as AddressInfo).port}`;
  try {
    const refusal = await gateRelease(
      { ...input, manifestUrl: `${alteredOrigin}/releases/${NAME}/1.0.0/mf-manifest.json` },
      {
        ...context,
        shellUrl: `${alteredOrigin}/shell`,
        remoteOrigin: alteredOrigin,
        releaseOrigins: [alteredOrigin],
      },
    ).catch((err: Error & { statusCode?: number }) => err);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as { statusCode?: number }).statusCode).toBe(422);
    expect((refusal as Error).message).toBe(
      `${NAME} 1.0.0 cannot be released: it uses @growth-admin/shared-client exports the active shell does not provide: exportOfANewerShell; ` +
        `the build needs @growth-admin/remote-kit ${KIT_VERSION}, the kit made from the active shell's contract (it was built with remote kit ${KIT_VERSION}): rebuild it with that kit`,
    );
  } finally {
    altered.close();
  }
});

/**
 * The steps of `job` for a pull_request event, run in `remote` with bash as GitHub's runner does
 * (-eo pipefail); asynchronously, since the system they talk to serves from this process. Resolves
 * with the actions it uses and what each step printed, by the step's name.
 */
async function runJob(remote: string, job: string, action: string, { vars, secrets }: Record<'vars' | 'secrets', Record<string, string>>, runner: Record<string, string>): Promise<{ uses: string[]; printed: Record<string, string> }> {
  const workflow = readFileSync(join(remote, '.github/workflows/preview.yml'), 'utf8');
  const context = { github: { event: { action, pull_request: { number: 42 } } }, vars, secrets };
  const { runs, uses } = jobSteps(workflow, job, context);
  const printed: Record<string, string> = {};
  if (!runs) return { uses: [], printed };
  for (const step of runs) {
    const started = Date.now();
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], { cwd: remote, env: { ...teamEnv(), ...runner, ...step.env } });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise((done) => child.on('close', done));
    took.push(`workflow ${job}: ${step.name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (code !== 0) throw new Error(`workflow job ${job}, step "${step.name}" failed (${code}):\n${output}`);
    printed[step.name] = output;
  }
  return { uses, printed };
}

/** Runs the preview workflow's jobs for a pull request opened, then closed; resolves with what its Test step printed. */
async function runWorkflowAgainstASystem(remote: string): Promise<string> {
  const system = await startReleaseSystem({ remote: NAME });
  try {
    const { API_URL, DEPLOY_TOKEN, ADMIN_SIGNING_KEY, RELEASE_STORE_DIR, RELEASE_STORE_URL } = system.env;
    // The repository's settings. The store is a folder on the runner here (a self-hosted runner's
    // RELEASE_STORE_DIR); on GitHub's runners it is the bucket the RELEASE_S3_* variables name.
    const settings = { vars: { API_URL, RELEASE_STORE_URL }, secrets: { DEPLOY_TOKEN, ADMIN_SIGNING_KEY } };
    const runner = { GITHUB_ENV: join(work, 'github-env'), GITHUB_STEP_SUMMARY: join(work, 'step-summary'), RELEASE_STORE_DIR };

    // Opened: install, test, publish the preview pr-42 and post its link (GitHub's API, an action).
    expect((await runJob(remote, 'delete', 'opened', settings, runner)).uses).toEqual([]);
    const { uses, printed } = await runJob(remote, 'publish', 'opened', settings, runner);
    expect(uses.map((u) => u.split('@')[0])).toEqual(['actions/checkout', 'pnpm/action-setup', 'actions/setup-node', 'actions/github-script']);
    const link = /^PREVIEW_LINK=(.+)$/m.exec(readFileSync(runner.GITHUB_ENV, 'utf8'))?.[1] ?? '';
    expect(link).toMatch(/\/shell\/\?preview=pv1\.[\w-]+\.[\w-]+$/);
    expect(readFileSync(runner.GITHUB_STEP_SUMMARY, 'utf8')).toContain(`Preview pr-42 of ${NAME}: ${link}`);

    // The link puts the session that opens it, and only it, on that build.
    const a = await system.signIn();
    const b = await system.signIn();
    const entered = await a.call('POST', '/api/admin/previews', { token: new URL(link).searchParams.get('preview') });
    expect(entered.body.data).toMatchObject({ remote: NAME, label: 'pr-42', status: 'active' });
    const configOf = async (session: typeof a) => (await session.call('GET', '/api/runtime-config')).body.data;
    const seen = await configOf(a);
    expect(seen.releases[NAME]).toMatchObject({ preview: 'pr-42', canary: false });
    expect(JSON.stringify(seen.composition)).toContain(JSON.stringify(NAME));
    expect((await configOf(b)).releases[NAME]).toBeUndefined();

    // Closed: the preview is deleted; the session that entered it is told and gets the active release (none).
    await runJob(remote, 'delete', 'closed', settings, runner);
    const after = await configOf(a);
    expect(after.previews).toEqual([expect.objectContaining({ remote: NAME, label: 'pr-42', status: 'deleted' })]);
    expect(after.releases[NAME]).toBeUndefined();
    // Closed again (a re-run): nothing to delete is not a failure.
    await runJob(remote, 'delete', 'closed', settings, runner);
    return printed.Test;
  } finally {
    await system.close();
  }
}
