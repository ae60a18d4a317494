// What the benches that run against the built server share: the server started as a child process on
// a free port, and a throwaway database for it (a PGlite folder, or a database created on the
// PostgreSQL server of DATABASE_URL and dropped afterwards).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markerOf } from '../src/db/dataDir';

export type Engine = 'pglite' | 'postgresql';

export const ENGINE_LABEL: Record<Engine, string> = { pglite: 'PGlite', postgresql: 'PostgreSQL' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface RunningApi {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** The built server (dist/main.js) with `env`, once it says it is listening. */
export async function startApi(env: Record<string, string>): Promise<RunningApi> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js')], {
    env: { ...process.env, ...env, API_PORT: String(port), API_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening on')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the API exited (${code})`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, url: `http://127.0.0.1:${port}`, stop };
}

export interface ScratchDatabase {
  /** The server's DATA_DIR and DATABASE_URL (one of them empty). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** What openDb takes to open the same database in this process (the server stopped, for PGlite). */
  open: { dataDir: string | null; databaseUrl: string | null };
  drop(): Promise<void>;
}

/** A fresh database on `engine`, named after `prefix`: PostgreSQL needs DATABASE_URL (a server where one may be created). */
export async function scratchDatabase(engine: Engine, prefix: string): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`)); // (unused on PostgreSQL)
  const removeDir = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(markerOf(dataDir), { force: true });
  };
  if (engine === 'pglite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: { dataDir, databaseUrl: null }, drop: async () => removeDir() };
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('--db postgresql needs DATABASE_URL (a server where this program may create a database)');
  const { Client } = await import('pg');
  const name = `${prefix.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: { dataDir: null, databaseUrl: url.toString() },
    drop: async () => {
      removeDir();
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
