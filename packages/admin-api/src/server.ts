// Programmatic entry: open the database, migrate, create the first admin, seed on creation, listen.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { DEFAULT_SIGNING_KEY, defaultConfig, type ServerConfig } from './config';
import { openDb, type Db } from './db';
import { migrate } from './migrations';
import { seedDemo } from './seed';
import { ensureFirstAdmin, housekeeping } from './modules/auth/repository';
import { startControlPlane } from './controlPlane';
import { warmUp } from './warmUp';
import { ApiMetrics } from './metrics';
import { listenMetrics, type MetricsListener } from './metricsServer';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** e.g. http://127.0.0.1:4000 */
  url: string;
  port: number;
  /** This server's metrics, and where they are scraped (null: METRICS_PORT unset). */
  metrics: ApiMetrics;
  metricsUrl: string | null;
  /** The generated first-admin password, when one was generated on this start. */
  generatedPassword?: string;
  close(): Promise<void>;
}

export type StartOptions = Partial<ServerConfig>;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = defaultConfig(options);
  const log = config.log;
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, dataDirMustExist: config.dataDirMustExist, sharedBuffersMb: config.pgliteSharedBuffersMb });
  try {
    const { created } = await migrate(db);
    const first = await ensureFirstAdmin(db, config.adminUsername, config.adminPassword, config.passwordHashCost);
    if (first.generatedPassword) {
      log(`[admin-api] created the first administrator "${config.adminUsername}" with the generated password: ${first.generatedPassword}`);
      log('[admin-api] (shown once; set ADMIN_PASSWORD to choose it, or add admins with: node dist/cli.js add-admin <username> <password>)');
    } else if (first.created) {
      log(`[admin-api] created the first administrator "${config.adminUsername}" (password from ADMIN_PASSWORD)`);
    }
    if (created && config.seedDemo) {
      const { ms } = await seedDemo(db, { users: config.seedUsers, orders: config.seedOrders });
      log(`[admin-api] seeded demo data: ${config.seedUsers} users, ${config.seedOrders} orders in ${ms} ms`);
    }
    // npm start's deploy token and the registry's releases of the local builds.
    await startControlPlane(db, config);
    if (config.signingKey === DEFAULT_SIGNING_KEY) {
      log('[admin-api] WARNING: ADMIN_SIGNING_KEY is not set: using the public development key');
    }

    const metrics = new ApiMetrics();
    const app = await buildApp({ config, db, metrics });
    // Often, so each pass deletes few rows: on PGlite a pass holds the one connection, and a
    // minute's nonces at a busy rate would stall every request behind it for tens of ms.
    const timer = setInterval(() => {
      housekeeping(db, config.signatureWindowMs, config.loginWindowMs).catch(() => undefined);
    }, 10_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    // An optimisation only: a statement that fails here fails the same for its request, which says why.
    await warmUp(db, config.passwordHashCost).then(
      (ms) => log(`[admin-api] warmed up the sign-in and the dashboard's statements in ${ms} ms`),
      (err: unknown) => log(`[admin-api] warm-up skipped: ${err instanceof Error ? err.message : String(err)}`),
    );
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host}:${addr.port}`;
    log(`[admin-api] listening on ${url} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir ?? '(in memory)'}`})`);
    let metricsListener: MetricsListener | null = null;
    if (config.metricsPort !== null) {
      try {
        metricsListener = await listenMetrics(metrics, { host: config.metricsHost, port: config.metricsPort, token: config.metricsToken });
      } catch (err) {
        await app.close();
        throw err;
      }
      log(`[admin-api] metrics on ${metricsListener.url}${config.metricsToken ? ' (bearer token required)' : ''}`);
    }
    let closed = false;
    return {
      app,
      db,
      config,
      url,
      port: addr.port,
      metrics,
      metricsUrl: metricsListener?.url ?? null,
      generatedPassword: first.generatedPassword,
      async close() {
        if (closed) return;
        closed = true;
        // Graceful: new requests are refused (503) while those being served finish (at most
        // 10 s); then the connections left (idle keep-alives, abandoned ones) are let go, so a
        // shutdown never waits for a client's keep-alive to expire.
        const closing = app.close();
        const metricsClosing = metricsListener?.close();
        const deadline = Date.now() + 10_000;
        while (app.servingRequests() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        app.server.closeAllConnections();
        await closing;
        await metricsClosing;
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
