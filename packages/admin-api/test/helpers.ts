/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON under test */
/* eslint-disable @typescript-eslint/no-require-imports -- the server, PGlite and pg load on first use (below); `import()` would need file extensions here */
// Test harness: a real server on a free port (real HTTP), on a fresh PGlite directory copied from a
// cached template (initdb is slow), or on a throwaway PostgreSQL database when the suite targets it.
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
// The server, the databases' drivers and PGlite load when a test first needs them: a test file whose
// tests are all skipped (a mutation run's filter, `-t`) then costs next to nothing to load.
import type { RunningServer, StartOptions } from '../src/server';
import type { Db } from '../src/db';
import { signRequest } from '../src/security';
import { markerOf } from '../src/db/dataDir';

export const ON_POSTGRES = process.env.ADMIN_API_TEST_DB === 'postgres' && !!process.env.DATABASE_URL;
export const SIGNING_KEY = 'test-signing-key';
export const ADMIN = { username: 'admin', password: 'correct-horse-battery' };

/**
 * Where test databases live: memory-backed /dev/shm where there is one. Copying a 40 MB PGlite
 * folder there takes 30 ms instead of 800 ms on disk, and PGlite's writes skip the disk too.
 */
export const TEST_TMP = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const TEMPLATE = join(TEST_TMP, 'growth-admin-pglite-template-v1');
/** Names the run's migrated and seeded template (globalSetup.ts): a PGlite folder or a PostgreSQL database. */
export const SEEDED_TEMPLATE_ENV = 'ADMIN_API_TEST_SEEDED_TEMPLATE';
/** Set by `npm run mutation`: the path of one seeded template shared by all its jest runs (PGlite). */
export const SHARED_TEMPLATE_ENV = 'ADMIN_API_TEST_SHARED_TEMPLATE';

async function pgliteTemplate(): Promise<string> {
  if (existsSync(join(TEMPLATE, 'PG_VERSION'))) return TEMPLATE;
  const building = mkdtempSync(join(TEST_TMP, 'growth-admin-template-'));
  const { PGlite }: typeof import('@electric-sql/pglite') = require('@electric-sql/pglite');
  const pg = await PGlite.create(building);
  await pg.close();
  try {
    renameSync(building, TEMPLATE);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
  return TEMPLATE;
}

/**
 * A fresh PGlite data directory, or a fresh PostgreSQL database URL (the suite's target unless
 * `onPostgres` says): empty, or with `seeded` a copy of the run's migrated and seeded template.
 */
export async function freshDatabase(
  onPostgres = ON_POSTGRES,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<{ dataDir?: string; databaseUrl?: string; drop(): Promise<void> }> {
  const seededTemplate = seeded ? process.env[SEEDED_TEMPLATE_ENV] : undefined;
  if (seeded && !seededTemplate) throw new Error(`${SEEDED_TEMPLATE_ENV} is not set: jest.config.cjs's globalSetup builds it`);
  if (onPostgres) {
    const { Client: PgClient }: typeof import('pg') = require('pg');
    const admin = new URL(process.env.DATABASE_URL!);
    const name = `ga_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const c = new PgClient({ connectionString: admin.toString() });
    await c.connect();
    await c.query(seededTemplate ? `create database ${name} template ${seededTemplate}` : `create database ${name}`);
    await c.end();
    const url = new URL(admin.toString());
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      async drop() {
        const d = new PgClient({ connectionString: admin.toString() });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
        await d.end();
      },
    };
  }
  const template = seededTemplate ?? (await pgliteTemplate());
  const dataDir = mkdtempSync(join(TEST_TMP, 'growth-admin-test-'));
  cpSync(template, dataDir, { recursive: true });
  return {
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(markerOf(dataDir), { force: true });
    },
  };
}

/** A fresh empty database opened as a handle (no server): for rules tested as functions. */
export async function openFreshDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const place = await freshDatabase();
  const { openDb }: typeof import('../src/db') = require('../src/db');
  const db = await openDb({ dataDir: place.dataDir ?? null, databaseUrl: place.databaseUrl ?? null, sharedBuffersMb: TEST_SHARED_BUFFERS_MB });
  return {
    db,
    async drop() {
      await db.close();
      await place.drop();
    },
  };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** false: send no signature headers. */
  sign?: boolean;
  token?: string | null;
  timestamp?: number;
  nonce?: string;
  key?: string;
  /** Aborts the request (a client that gives up). */
  signal?: AbortSignal;
}

export const newNonce = () => randomBytes(16).toString('base64url').slice(0, 21);

/** One request from a given local address (fetch cannot choose it), answered as a fetch Response. */
function viaHttp(url: string, method: string, headers: Record<string, string>, body: string | undefined, localAddress: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: h }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The signed client, as the browser's shared-client sends requests. */
export class Api {
  token: string | null = null;
  /** `localAddress`: the client's own address (e.g. 127.0.0.2), to act as another machine. */
  constructor(
    public baseUrl: string,
    private readonly localAddress?: string,
  ) {}

  signedHeaders(opts: CallOptions = {}): Record<string, string> {
    const ts = String(opts.timestamp ?? Date.now());
    const nonce = opts.nonce ?? newNonce();
    return { 'X-Timestamp': ts, 'X-Nonce': nonce, 'X-Signature': signRequest(ts, nonce, opts.key ?? SIGNING_KEY) };
  }

  async call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<Res<T>> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (opts.sign !== false) Object.assign(headers, this.signedHeaders(opts));
    const token = opts.token === undefined ? this.token : opts.token;
    if (token) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, opts.headers ?? {});
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.append(k, String(v));
    const url = `${this.baseUrl}${path}${qs.toString() ? `?${qs}` : ''}`;
    const payload = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const res = this.localAddress ? await viaHttp(url, method, headers, payload, this.localAddress) : await fetch(url, { method, headers, body: payload, signal: opts.signal });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  get = <T = any>(path: string, opts?: CallOptions) => this.call<T>('GET', path, opts);
  post = <T = any>(path: string, body?: unknown, opts?: CallOptions) => this.call<T>('POST', path, { ...opts, body });
  put = <T = any>(path: string, body?: unknown, opts?: CallOptions) => this.call<T>('PUT', path, { ...opts, body });
  del = <T = any>(path: string, opts?: CallOptions) => this.call<T>('DELETE', path, opts);

  async login(username = ADMIN.username, password = ADMIN.password): Promise<string> {
    const res = await this.post('/api/admin/login', { username, password }, { token: null });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.token = res.body.data.token;
    return this.token!;
  }
}

export interface TestServer {
  server: RunningServer;
  api: Api;
  url: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Stops the server (the database stays). */
  stop(): Promise<void>;
  /** Stops the server and drops the database. */
  close(): Promise<void>;
  /** Runs SQL on the server's own connection (for assertions). */
  sql<T = any>(q: string, params?: unknown[]): Promise<T[]>;
}

export const SMALL_SEED = { seedUsers: 300, seedOrders: 3000 };
/**
 * Test servers store passwords at scrypt N=1024, not the default 16384 (PASSWORD_HASH_COST): the
 * suite's hundreds of sign-ins and new passwords were its largest CPU cost beside PGlite.
 * passwords.test.ts checks the default cost, and a stored hash's own cost on verifying.
 */
export const TEST_PASSWORD_HASH_COST = 1024;
/**
 * Test servers' PGlite page cache, in MB (the default is 32): PGlite sets up the whole cache as it
 * opens, about 70 ms of CPU at 32 MB for each of the suite's ~140 servers, whose data is small.
 */
export const TEST_SHARED_BUFFERS_MB = 8;

export async function startOn(db: { dataDir?: string; databaseUrl?: string }, options: StartOptions = {}): Promise<RunningServer> {
  const { startServer }: typeof import('../src/server') = require('../src/server');
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: db.dataDir ?? null,
    databaseUrl: db.databaseUrl ?? null,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    signingKey: SIGNING_KEY,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    pgliteSharedBuffersMb: TEST_SHARED_BUFFERS_MB,
    ...SMALL_SEED,
    log: () => undefined,
    ...options,
  });
}

/** A server on a copy of the run's seeded template (SMALL_SEED, the ADMIN account). */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const db = await freshDatabase(ON_POSTGRES, { seeded: true });
  let server: RunningServer;
  try {
    server = await startOn(db, options);
  } catch (err) {
    await db.drop(); // no leftover data directory or database when the start fails
    throw err;
  }
  const api = new Api(server.url);
  return {
    server,
    api,
    url: server.url,
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    stop: () => server.close(),
    async close() {
      await server.close();
      await db.drop();
    },
    sql: (q, params) => server.db.query(q, params) as Promise<any[]>,
  };
}

/** Asserts `value` has exactly the contract's shape: every field, of its type, and no other. */
export function expectShape(schema: TSchema, value: unknown): void {
  expect([...Value.Errors(schema, value)].map((e) => `${e.path || '/'}: ${e.message}`)).toEqual([]);
}
