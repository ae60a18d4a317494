// A running system a team's release commands can talk to, as they would to the company's: the admin
// API (this repository's build, on a throwaway PGlite folder) and one static origin serving the
// active shell's build (`/shell/`, which the gate reads) and a release store folder (`/store/`).
// An owner adds the remote, which answers its deploy token. Used by test/outside.test.ts (the scaffold's
// CI workflow run against it) and bench/preview-loop.mjs.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(fileURLToPath(import.meta.url), '../../../..');
const ADMIN = { username: 'owner', password: `kit-${randomBytes(9).toString('base64url')}` };
const SIGNING_KEY = `kit-signing-${randomBytes(9).toString('hex')}`;

/** Serves `routes` (URL prefix → folder) on 127.0.0.1, any origin allowed (the shell's page loads remotes cross-origin). */
function serveFolders(routes) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const prefix = Object.keys(routes).find((p) => path.startsWith(p));
    const file = prefix ? resolve(routes[prefix], `.${path.slice(prefix.length - 1)}`) : null;
    if (!file || !file.startsWith(routes[prefix]) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': file.endsWith('.json') ? 'application/json' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** A call signed with `signingKey`, as the shell's shared-client makes it: `{ status, body }`. */
export async function signedCall(apiUrl, signingKey, method, path, { body, token } = {}) {
  const ts = String(Date.now());
  const nonce = randomBytes(16).toString('base64url').slice(0, 21);
  const headers = {
    'Content-Type': 'application/json',
    'X-Timestamp': ts,
    'X-Nonce': nonce,
    'X-Signature': createHmac('md5', signingKey).update(`${ts}_${nonce}`).digest('hex'),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  const res = await fetch(`${apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  /** @type {any} */
  let json = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the status says what happened
  }
  return { status: res.status, body: json, text };
}

const call = (apiUrl, method, path, options) => signedCall(apiUrl, SIGNING_KEY, method, path, options);

/**
 * Starts the system for the remote `remote` and adds it. Answers the environment its release
 * commands need (`env`: API_URL, DEPLOY_TOKEN, ADMIN_SIGNING_KEY, RELEASE_STORE_DIR, RELEASE_STORE_URL),
 * `signIn()` (a new signed-in session of the owner: `{ call(method, path, body) }`) and `close()`.
 */
export async function startReleaseSystem({ remote, shellDist = join(REPO, 'packages/shell/dist') }) {
  if (!existsSync(join(shellDist, 'shell-contract.json'))) throw new Error(`${shellDist} is not a shell build: pnpm exec turbo run build --filter=@growth-admin/shell`);
  const apiMain = join(REPO, 'packages/admin-api/dist/main.js');
  if (!existsSync(apiMain)) throw new Error('packages/admin-api is not built: pnpm exec turbo run build --filter=@growth-admin/admin-api');
  const work = mkdtempSync(join(tmpdir(), 'growth-admin-release-system-'));
  const storeDir = join(work, 'store');
  mkdirSync(storeDir);
  const host = await serveFolders({ '/shell/': shellDist, '/store/': storeDir });
  const origin = `http://127.0.0.1:${host.address().port}`;
  // The API in its own process, configured as an operator would (docs/operations.md).
  const api = spawn(process.execPath, [apiMain], {
    env: {
      PATH: process.env.PATH,
      API_PORT: '0',
      API_HOST: '127.0.0.1',
      DATA_DIR: join(work, 'db'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_SIGNING_KEY: SIGNING_KEY,
      PASSWORD_HASH_COST: '1024',
      SEED_DEMO: 'false',
      SHELL_URL: `${origin}/shell`,
      RELEASE_ORIGINS: origin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const apiUrl = await new Promise((done, fail) => {
    const read = (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
      if (url) done(url);
    };
    api.stdout.on('data', read);
    api.stderr.on('data', read);
    api.on('exit', (code) => fail(new Error(`the admin API exited (${code}) before listening:\n${output}`)));
  }).catch((err) => {
    host.close();
    rmSync(work, { recursive: true, force: true });
    throw err;
  });
  const stopApi = () =>
    new Promise((done) => {
      if (api.exitCode !== null) return done();
      api.once('exit', () => done());
      api.kill('SIGTERM');
    });
  const signIn = async () => {
    const login = await call(apiUrl, 'POST', '/api/admin/login', { body: ADMIN });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
    const token = login.body.data.token;
    return { call: (method, path, body) => call(apiUrl, method, path, { body, token }) };
  };
  const close = async () => {
    await stopApi();
    await new Promise((done) => host.close(done));
    rmSync(work, { recursive: true, force: true });
  };
  let created;
  try {
    const owner = await signIn();
    created = await owner.call('POST', '/api/admin/remotes', { name: remote, team: `The ${remote} team`, origin });
    if (created.status !== 200) throw new Error(`adding the remote failed: ${created.status} ${JSON.stringify(created.body)}`);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    env: {
      API_URL: apiUrl,
      DEPLOY_TOKEN: created.body.data.deployToken.token,
      ADMIN_SIGNING_KEY: SIGNING_KEY,
      RELEASE_STORE_DIR: storeDir,
      RELEASE_STORE_URL: `${origin}/store`,
    },
    signIn,
    close,
  };
}
