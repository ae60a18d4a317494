#!/usr/bin/env node
// `npm start`: the whole system on one machine. Installs what is missing (pnpm, dependencies),
// builds every package (turbo, cached), starts the admin API (PGlite under .data/, demo data on
// first start), serves each remote's dist/ from its own port and the shell with its runtime
// config, and prints the URL and how to sign in. Ctrl-C stops everything; the data stays.
//
// Environment: SHELL_PORT (3000), ANALYTICS_PORT (3001), PROJECTS_PORT (3002), PEOPLE_PORT (3003),
// ORDERS_PORT (3004), API_PORT (4000), DATA_DIR (.data/pglite), DATABASE_URL, ADMIN_USERNAME
// (admin), ADMIN_PASSWORD (admin123 for the demo), ADMIN_SIGNING_KEY, SEED_DEMO, SEED_USERS,
// SEED_ORDERS, SKIP_BUILD=1 (serve the existing dist/ folders), DEV_OVERRIDE_ORIGINS (default
// LOCAL_OVERRIDE_ORIGINS; empty: overrides off) and DEV_OVERRIDE_SECRET (default: a random key per
// start), plus the public-URL overrides API_URL, ANALYTICS_URL, ... of tools/federation/runtime-config.mjs.
//
// Programmatic use (the e2e global setup): `startSystem(options)` resolves with the URLs, the
// credentials, `stopRemote(name)` / `startRemote(name)` and `stop()`.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exitIfNodeTooOld } from './node-version.mjs';
import { ensureInstalled, repoRoot, runPnpm } from './pnpm.mjs';
import { startApi } from './system/api.mjs';
import { freePort } from './system/ports.cjs';

const federationTools = () => import(pathToFileURL(join(repoRoot, 'tools/federation/runtime-config.mjs')).href);
const staticServer = () => import(pathToFileURL(join(repoRoot, 'packages/shell/serve/static-server.mjs')).href);
const releaseStore = () => import(pathToFileURL(join(repoRoot, 'tools/release/store.mjs')).href);
const releaseStores = () => import(pathToFileURL(join(repoRoot, 'tools/release/stores/index.mjs')).href);

/** Where `npm start` lets a developer load a remote's development build from: this machine, any port. */
export const LOCAL_OVERRIDE_ORIGINS = 'http://localhost:*,http://127.0.0.1:*';

export const DEMO_USERNAME = 'admin';
export const DEMO_PASSWORD = 'admin123';

function resolveDataDir(dataDir) {
  const raw = dataDir ?? process.env.DATA_DIR ?? '.data/pglite';
  return isAbsolute(raw) ? raw : join(repoRoot, raw);
}

/** The versioned store's folder (RELEASE_STORE_DIR, default .data/releases). */
export function resolveStoreDir(storeDir) {
  const raw = storeDir ?? process.env.RELEASE_STORE_DIR ?? '.data/releases';
  return isAbsolute(raw) ? raw : join(repoRoot, raw);
}

/** The credentials of the first administrator, remembered beside the data so a restart can print them. */
function adminCredentials({ dataDir, username, password, usingServerDb }) {
  const memo = join(dirname(dataDir), 'admin-credentials.json');
  const creating = !usingServerDb && !existsSync(dataDir);
  const chosen = { username: username ?? process.env.ADMIN_USERNAME ?? DEMO_USERNAME, password: password ?? process.env.ADMIN_PASSWORD ?? DEMO_PASSWORD };
  if (creating) {
    mkdirSync(dirname(memo), { recursive: true });
    writeFileSync(memo, `${JSON.stringify(chosen, null, 2)}\n`, { mode: 0o600 });
    return { ...chosen, known: true };
  }
  if (!usingServerDb && existsSync(memo)) {
    try {
      return { ...JSON.parse(readFileSync(memo, 'utf8')), known: true, pass: chosen };
    } catch {
      /* fall through */
    }
  }
  return { ...chosen, known: false };
}

/**
 * Starts the system.
 * @param {object} [options]
 * @param {Record<string, number> | 'free'} [options.ports] by 'shell', 'api' or a remote's name; 0 = a free
 *   port; 'free' = a free port for every one (tests, beside another running system)
 * @param {string} [options.dataDir] PGlite directory (default DATA_DIR or .data/pglite)
 * @param {string} [options.storeDir] the versioned release store (default RELEASE_STORE_DIR or .data/releases;
 *   none with RELEASE_S3_BUCKET: the versions are in the bucket, served from RELEASE_STORE_URL)
 * @param {string} [options.adminUsername]
 * @param {string} [options.adminPassword]
 * @param {Record<string,string>} [options.apiEnv] extra environment for the API (SEED_USERS, ...)
 * @param {boolean} [options.install] default true
 * @param {boolean} [options.build] default true (turbo, cached)
 * @param {boolean} [options.control] also start a control endpoint to stop/start remotes, and the API (a
 *   test opens its database in between: `POST /api/stop`, `POST /api/start`), over HTTP
 * @param {(line: string) => void} [options.log]
 */
export async function startSystem(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  if (options.install !== false) ensureInstalled();
  if ((options.build ?? process.env.SKIP_BUILD !== '1') !== false) {
    log('Building (turbo, cached)...');
    const status = runPnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
    if (status !== 0) throw new Error(`the build failed (exit code ${status})`);
  }
  const { REMOTES } = await federationTools();
  for (const pkg of ['shell', ...Object.values(REMOTES).map((r) => r.pkg)]) {
    if (!existsSync(join(repoRoot, 'packages', pkg, 'dist/index.html'))) throw new Error(`packages/${pkg}/dist is missing: build first`);
  }
  if (!existsSync(join(repoRoot, 'packages/admin-api/dist/main.js'))) throw new Error('packages/admin-api/dist/main.js is missing: build first');

  const { portsFromEnv, runtimeConfigFor } = await federationTools();
  const { createStaticHandler, listen, close } = await staticServer();

  const ports =
    options.ports === 'free'
      ? Object.fromEntries(['shell', 'api', 'store', ...Object.keys(REMOTES)].map((name) => [name, 0]))
      : { ...portsFromEnv(), ...options.ports };
  if (ports.api === 0) ports.api = await freePort();

  // Remotes first (their ports go into the runtime config), each from its own origin.
  const remoteServers = {};
  const startRemote = async (name) => {
    if (remoteServers[name]) return;
    const dir = join(repoRoot, 'packages', REMOTES[name].pkg, 'dist');
    const handler = createStaticHandler({ dir, cors: true, runtimeConfig: () => runtimeConfig, pageOrigins: () => pageOrigins(false) });
    const { server, port } = await listen(handler, ports[name]);
    ports[name] = port; // keeps the same port on a restart
    remoteServers[name] = server;
  };
  const stopRemote = async (name) => {
    const server = remoteServers[name];
    delete remoteServers[name];
    if (server) await close(server);
  };
  for (const name of Object.keys(REMOTES)) await startRemote(name);

  // The release store, the local CDN of released builds (<remote>/<version>/… and <remote>/files/…, every file immutable), cross-origin like the
  // remotes. With RELEASE_S3_BUCKET the versions are in the bucket, served from RELEASE_STORE_URL.
  const { fileHashes, contentId } = await releaseStore();
  const bucket = (await releaseStores()).s3Settings(process.env);
  const storeDir = bucket ? null : resolveStoreDir(options.storeDir);
  let store = null;
  if (storeDir) {
    mkdirSync(storeDir, { recursive: true });
    const { STORE_CACHE_CONTROL } = await releaseStore();
    store = await listen(createStaticHandler({ dir: storeDir, cors: true, cacheControl: () => STORE_CACHE_CONTROL, pageOrigins: () => pageOrigins(false) }), ports.store);
    ports.store = store.port;
  }
  const storeUrl = (bucket ? new URL(bucket.publicUrl).href : process.env.RELEASE_STORE_URL)?.replace(/\/+$/, '') || `http://localhost:${store.port}`;

  let shellPort = ports.shell;
  if (shellPort === 0) shellPort = ports.shell = await freePort();
  const runtimeConfig = runtimeConfigFor({ ports, env: { ...process.env, ...options.runtimeEnv } });
  /** What a page's CSP allows: the shell's page loads the remotes (their own ports and the store), a remote's standalone page only itself. */
  const pageOrigins = (loadsRemotes) => ({
    api: runtimeConfig.apiBaseUrl,
    scripts: loadsRemotes ? [...Object.values(runtimeConfig.remotes), storeUrl] : [],
    directImageHosts: runtimeConfig.directImageHosts,
  });

  // The release registry's first releases: each built remote as served from its own port (so
  // `npm start` works as before any release); a later start offers the new local build, which
  // replaces only a local build, never a release someone made.
  const seedFile = join(dirname(resolveDataDir(options.dataDir)), `release-seed-${process.pid}.json`);
  mkdirSync(dirname(seedFile), { recursive: true });
  const seed = Object.entries(REMOTES).map(([name, r]) => {
    const dist = join(repoRoot, 'packages', r.pkg, 'dist');
    const files = fileHashes(dist);
    // The build's sections and slot contributions: the registry composes the shell from them.
    if (!existsSync(join(dist, 'remote-meta.json'))) throw new Error(`packages/${r.pkg}/dist/remote-meta.json is missing: build first`);
    const meta = JSON.parse(readFileSync(join(dist, 'remote-meta.json'), 'utf8'));
    // Its manifest: the registry reads what each module loads first off it (the login screen's prefetch).
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
    return { remote: name, version: `local-${contentId(files)}`, manifestUrl: runtimeConfig.remotes[name], files, meta, manifest };
  });
  writeFileSync(seedFile, `${JSON.stringify(seed, null, 2)}\n`);
  // A deploy token for this machine's release commands (`npm run release -- <remote>` reads the file).
  const deployTokenFile = join(dirname(resolveDataDir(options.dataDir)), 'deploy-token');
  const deployToken = `deploy_${randomBytes(32).toString('base64url')}`;
  writeFileSync(deployTokenFile, `${deployToken}\n`, { mode: 0o600 });

  const dataDir = resolveDataDir(options.dataDir);
  const usingServerDb = Boolean(options.apiEnv?.DATABASE_URL ?? process.env.DATABASE_URL);
  const credentials = adminCredentials({ dataDir, username: options.adminUsername, password: options.adminPassword, usingServerDb });
  const origins = [ports.shell, ...Object.keys(REMOTES).map((n) => ports[n])].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);
  // A developer's own override of one remote (docs/releases.md): the API and the shell's page server share the ticket key.
  const devOverrides = { origins: process.env.DEV_OVERRIDE_ORIGINS ?? LOCAL_OVERRIDE_ORIGINS, secret: process.env.DEV_OVERRIDE_SECRET || randomBytes(32).toString('base64url') };
  const apiEnv = {
    API_PORT: String(ports.api),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: credentials.pass?.username ?? credentials.username,
    ADMIN_PASSWORD: credentials.pass?.password ?? credentials.password,
    ADMIN_SIGNING_KEY: runtimeConfig.signingKey,
    CORS_ORIGINS: [process.env.CORS_ORIGINS, ...origins].filter(Boolean).join(','),
    SHELL_URL: `http://localhost:${ports.shell}`,
    RELEASE_SEED_FILE: seedFile,
    LOCAL_DEPLOY_TOKEN: deployToken,
    // Releases are served from the store and (the local builds) from the remotes' own ports only.
    RELEASE_ORIGINS: [storeUrl, ...Object.values(runtimeConfig.remotes)].map((u) => new URL(u).origin).join(','),
    DIRECT_IMAGE_HOSTS: runtimeConfig.directImageHosts.join(','),
    DEV_OVERRIDE_ORIGINS: devOverrides.origins,
    DEV_OVERRIDE_SECRET: devOverrides.secret,
    ...options.apiEnv,
  };
  let api = startApi({ repoRoot, log: options.apiLog ?? log, env: apiEnv });
  /** The control endpoint's: the API stopped (its database free for a test to open), or started again on it. */
  const stopApi = () => api.stop();
  const restartApi = async () => {
    await api.stop();
    api = startApi({ repoRoot, log: options.apiLog ?? log, env: { ...apiEnv, RELEASE_SEED_FILE: '' } }); // the seed is read at the first start only
    await api.ready;
  };
  const servers = store ? [store.server] : [];
  const stop = async () => {
    await Promise.all([...Object.keys(remoteServers).map(stopRemote), ...servers.map(close), api.stop()]);
  };
  try {
    await api.ready;
    rmSync(seedFile, { force: true }); // read at the API's start only
    const shell = await listen(
      createStaticHandler({
        dir: join(repoRoot, 'packages/shell/dist'),
        spa: true,
        runtimeConfig: () => runtimeConfig,
        // The shell boots from the release registry.
        runtimeConfigUrl: () => `${runtimeConfig.apiBaseUrl}/api/runtime-config`,
        pageOrigins: () => pageOrigins(true),
        devOverrides,
      }),
      shellPort,
    );
    servers.push(shell.server);

    let controlUrl = null;
    if (options.control) {
      const control = await listen(async (req, res) => {
        const m = /^\/remotes\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
        const a = /^\/api\/(stop|start)$/.exec(req.url ?? '');
        if (req.method !== 'POST' || !(a || (m && REMOTES[m[1]]))) {
          res.writeHead(404).end();
          return;
        }
        try {
          if (a) await (a[1] === 'stop' ? stopApi() : restartApi());
          else await (m[2] === 'stop' ? stopRemote(m[1]) : startRemote(m[1]));
          res.writeHead(204).end();
        } catch (err) {
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err));
        }
      }, 0, '127.0.0.1');
      servers.push(control.server);
      controlUrl = `http://127.0.0.1:${control.port}`;
    }

    return {
      ports,
      runtimeConfig,
      shellUrl: `http://localhost:${ports.shell}`,
      apiUrl: runtimeConfig.apiBaseUrl,
      remoteUrls: Object.fromEntries(Object.keys(REMOTES).map((n) => [n, `http://localhost:${ports[n]}`])),
      storeUrl,
      storeDir,
      deployTokenFile,
      controlUrl,
      credentials: { username: credentials.username, password: credentials.password, known: credentials.known },
      apiNotes: api.notes,
      startRemote,
      stopRemote,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function main() {
  exitIfNodeTooOld();
  const started = Date.now();
  const system = await startSystem({ apiLog: (line) => console.log(line) });
  const { credentials: c } = system;
  console.log('');
  console.log(`Growth Admin is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s):`);
  console.log(`  Admin panel  ${system.shellUrl}`);
  console.log(`  Admin API    ${system.apiUrl}`);
  for (const [name, url] of Object.entries(system.remoteUrls)) console.log(`  remote ${name.padEnd(9)} ${url}/mf-manifest.json`);
  console.log(`  release store ${system.storeUrl} (${system.storeDir ?? `bucket ${process.env.RELEASE_S3_BUCKET}`}); releases: npm run releases -- <remote>`);
  if (c.known) {
    console.log(`Sign in with username "${c.username}" and password "${c.password}".`);
  } else {
    console.log(`Sign in as "${c.username}" with the password the database was created with.`);
  }
  for (const note of system.apiNotes) console.log(`  (admin API) ${note}`);
  console.log('Press Ctrl-C to stop (the data stays for the next start).');

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await system.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(`Growth Admin could not start: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });
}
