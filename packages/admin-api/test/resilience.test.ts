// What an operator meets when things go wrong: health and readiness, load shedding and
// cancellation, idempotent retries over HTTP, the PGlite folder's lock, watch and marker, and a
// PostgreSQL server that drops every connection.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../src/db';
import { LOCK_FILE, markerOf } from '../src/db/dataDir';
import { Api, freshDatabase, ON_POSTGRES, startOn, startTestServer, TEST_TMP, type TestServer } from './helpers';
import { loadMigrations } from '../src/migrations';
import { configFromEnv } from '../src/config';

/** The newest migration this server ships (the readiness check compares the database with it). */
const VERSIONS = loadMigrations().map((m) => m.version).sort((a, b) => a - b);
const LATEST = VERSIONS.at(-1)!;
/** The migration before the newest (numbers are reserved in ranges per piece of work, so not always LATEST - 1). */
const PREVIOUS = VERSIONS.at(-2)!;

const onPglite = ON_POSTGRES ? describe.skip : describe;

/** Resolves once `probe` is true (polled), so a test waits for a state, never for a time. */
async function until(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('health and readiness', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  test('/healthz: alive; /readyz: the database answers and has every migration', async () => {
    const alive = await t.api.get('/healthz', { sign: false, token: null });
    expect(alive.status).toBe(200);
    expect(alive.body.data).toMatchObject({ status: 'ok' });
    const ready = await t.api.get('/readyz', { sign: false, token: null });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ready', migration: LATEST });
  });

  test('/readyz is 503 NOT_READY while a migration is missing, /healthz stays 200', async () => {
    await t.sql('delete from schema_migrations where version = $1', [LATEST]);
    try {
      const ready = await t.api.get('/readyz', { sign: false, token: null });
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ code: 'NOT_READY', message: `The database is at migration ${PREVIOUS}, this server needs ${LATEST}` });
      expect((await t.api.get('/healthz', { sign: false, token: null })).status).toBe(200);
    } finally {
      await t.sql('insert into schema_migrations (version) values ($1)', [LATEST]);
    }
  });
});

describe('load shedding and cancellation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ dbMaxInFlight: 1, dbMaxQueue: 2, dbQueueTimeoutMs: 30_000 });
    await t.api.login();
  });
  afterAll(() => t?.close());

  /** Holds person 1's row (and, on PGlite, the one connection) until `release` is called. */
  function holdDatabase(): { held: Promise<void>; release: () => void } {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const held = new Promise<void>((r) => (started = r));
    void t.server.db.transaction(async (tx) => {
      await tx.query('select id from persons where id = 1 for update');
      started();
      await gate;
    });
    return { held, release };
  }

  test('past the queue, a request is refused at once with 503 and Retry-After; the admitted ones finish', async () => {
    const { held, release } = holdDatabase();
    await held;
    const admission = t.server.app.admission;
    const add = (key: string) => t.api.post('/api/admin/persons/add-money', { personId: '1', amount: 1 }, { headers: { 'Idempotency-Key': key } });
    const admitted = [add('shed-a-0001'), add('shed-a-0002'), add('shed-a-0003')]; // 1 at work, 2 waiting
    await until(() => admission.stats().inFlight === 1 && admission.stats().waiting === 2, 'one request is at work and two wait');
    const refused = await add('shed-a-0004');
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('OVERLOADED');
    expect(refused.headers.get('retry-after')).toBe('1');
    release();
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  test('a request whose client went away while it waited is not run: its coins are never added', async () => {
    const { held, release } = holdDatabase();
    await held;
    const admission = t.server.app.admission;
    const first = t.api.post('/api/admin/persons/add-money', { personId: '1', amount: 5 }, { headers: { 'Idempotency-Key': 'gone-first-01' } });
    await until(() => admission.stats().inFlight === 1, 'the first request is at work');
    const controller = new AbortController();
    const abandoned = fetch(`${t.url}/api/admin/persons/add-money`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'gone-abandoned', Authorization: `Bearer ${t.api.token}`, ...t.api.signedHeaders() },
      body: JSON.stringify({ personId: '1', amount: 1000 }),
    }).catch(() => 'aborted');
    await until(() => admission.stats().waiting === 1, 'the second request waits');
    controller.abort();
    expect(await abandoned).toBe('aborted');
    await until(() => admission.stats().waiting === 0, 'the abandoned request left the queue');
    release();
    expect((await first).status).toBe(200);
    expect(await t.sql("select key from idempotency_keys where key = 'gone-abandoned'")).toEqual([]);
    expect(await t.sql('select delta from coin_ledger where person_id = 1 and delta = 1000')).toEqual([]);
  });
});

describe('idempotent money calls over HTTP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await t.api.login();
  });
  afterAll(() => t?.close());

  test('a retry with the same Idempotency-Key answers the first result, marked as a replay; a malformed key is a 400', async () => {
    const call = (key: string, amount = 11) => t.api.post('/api/admin/persons/add-money', { personId: '2', amount }, { headers: { 'Idempotency-Key': key } });
    const first = await call('http-key-000001');
    const again = await call('http-key-000001');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const reused = await call('http-key-000001', 12);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await call('short');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/idempotency-key/);
  });

  test('browsers may send it: the preflight allows Idempotency-Key and exposes Retry-After', async () => {
    const r = await fetch(`${t.url}/api/admin/persons/add-money`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'idempotency-key' },
    });
    expect(r.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
  });
});

onPglite('the PGlite data folder', () => {
  test('one process per folder: a second open refuses, naming the folder and the holder; a kill -9 leaves a lock the next start takes over', async () => {
    const place = await freshDatabase(false, { seeded: true });
    const server = await startOn(place);
    try {
      await expect(openDb({ dataDir: place.dataDir })).rejects.toThrow(`The data folder ${place.dataDir} is in use by process ${process.pid}`);
    } finally {
      await server.close();
    }
    // A lock left by a process that no longer runs.
    const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
    writeFileSync(join(place.dataDir!, LOCK_FILE), JSON.stringify({ pid: dead, host: (await import('node:os')).hostname(), startedAt: 'then', processStart: null }));
    const next = await startOn(place);
    await next.close();
    expect(existsSync(join(place.dataDir!, LOCK_FILE))).toBe(false); // released on close
    await place.drop();
  });

  test('the folder deleted while serving: writes answer 503 at once and /healthz fails; the restart refuses to create a fresh database there', async () => {
    const dir = mkdtempSync(join(TEST_TMP, 'growth-admin-lost-'));
    const dataDir = join(dir, 'pglite');
    const server = await startOn({ dataDir }, { seedUsers: 20, seedOrders: 50 });
    const api = new Api(server.url);
    await api.login();
    expect(existsSync(markerOf(dataDir))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    const write = await api.post('/api/admin/persons/add-money', { personId: '1', amount: 1 });
    expect(write.status).toBe(503);
    expect(write.body.code).toBe('DATA_DIR_LOST');
    expect(write.body.message).toMatch(/disappeared/);
    const alive = await api.get('/healthz', { sign: false, token: null });
    expect(alive.status).toBe(503);
    expect(alive.body.code).toBe('DATA_DIR_LOST');
    await server.close();
    await expect(startOn({ dataDir })).rejects.toThrow(/held a database created on .* but it is missing\. Restore the folder/);
    expect(existsSync(dataDir)).toBe(false); // nothing was created in its place
    rmSync(dir, { recursive: true, force: true });
  });

  test('the folder replaced while serving is noticed too, within a second, without a request', async () => {
    const place = await freshDatabase(false, { seeded: true });
    const server = await startOn(place);
    // A copy of the folder (its lock file included) put in place of the one the server uses.
    renameSync(place.dataDir!, `${place.dataDir}.moved`);
    cpSync(`${place.dataDir}.moved`, place.dataDir!, { recursive: true });
    await until(() => server.db.lost() !== null, 'the watch notices', 3000);
    expect(server.db.lost()).toMatch(/replaced/);
    expect(readFileSync(join(place.dataDir!, LOCK_FILE), 'utf8')).toContain(String(process.pid)); // the same content: only the identity differs
    await server.close();
    rmSync(`${place.dataDir}.moved`, { recursive: true, force: true });
    await place.drop();
  });

  test('DATA_DIR_MUST_EXIST: a path that holds no database is refused instead of seeded', async () => {
    const dir = mkdtempSync(join(TEST_TMP, 'growth-admin-typo-'));
    await expect(startOn({ dataDir: join(dir, 'pglte') }, { dataDirMustExist: true })).rejects.toThrow(/holds no database, and DATA_DIR_MUST_EXIST is set/);
    rmSync(dir, { recursive: true, force: true });
  });
});

(ON_POSTGRES ? describe : describe.skip)('PostgreSQL going away and coming back', () => {
  test('when every connection is cut, calls answer 503 DATABASE_UNAVAILABLE (never 500) and work again without a restart', async () => {
    const t = await startTestServer();
    try {
      await t.api.login();
      expect((await t.api.get('/api/admin/projects')).status).toBe(200);
      const name = new URL(t.databaseUrl!).pathname.slice(1);
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await t.api.get('/api/admin/projects')).status);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      await until(async () => (await t.api.get('/api/admin/projects')).status === 200, 'the pool reconnects');
      expect((await t.api.get('/readyz', { sign: false, token: null })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("PGlite's page cache (bounded server memory)", () => {
  test('is 32 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise; the setting must be a positive integer', async () => {
    for (const [sharedBuffersMb, expected] of [[undefined, '32MB'], [8, '8MB']] as const) {
      const db = await openDb({ dataDir: null, sharedBuffersMb });
      try {
        expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: expected }]);
      } finally {
        await db.close();
      }
    }
    expect(configFromEnv({ PGLITE_SHARED_BUFFERS_MB: '64' }).pgliteSharedBuffersMb).toBe(64);
    expect(configFromEnv({}).pgliteSharedBuffersMb).toBeUndefined();
    expect(() => configFromEnv({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow('PGLITE_SHARED_BUFFERS_MB must be an integer >= 1 (got "0")');
  });
});
