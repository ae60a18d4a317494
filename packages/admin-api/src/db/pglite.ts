// PGlite (embedded PostgreSQL in WASM): one connection, so every query and every transaction
// runs through one FIFO queue; a transaction holds the queue until it commits or rolls back.
// A data folder is locked for this process and watched (dataDir.ts): once it is lost, every call
// fails, and no call that ran while it was being lost is acknowledged (checked after each one).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { checkExpectedDatabase, DataDirError, lockDataDir, writeMarker, type DataDirLock } from './dataDir';
import { DatabaseUnavailableError, type Db, type Queryable, type Row } from './types';

export interface PgliteOptions {
  /** Refuse to create a database where none is (DATA_DIR_MUST_EXIST). */
  mustExist?: boolean;
  /** PostgreSQL's page cache inside this process, in MB (PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
}

/**
 * PGlite's page cache lives in the server's own memory and, once filled, never shrinks, while the
 * operating system caches the same data files again. A small one (PostgreSQL's default is 128 MB)
 * keeps the server's memory bounded: a full-table read (an export of every order) touches every
 * page and would otherwise grow the process by the whole cache; misses read from the OS's cache.
 */
export const DEFAULT_SHARED_BUFFERS_MB = 32;

export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<Db> {
  let lock: DataDirLock | null = null;
  if (dataDir) {
    checkExpectedDatabase(dataDir, { mustExist: options.mustExist ?? false });
    mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  let pg: PGlite;
  try {
    // pg_trgm: the name search matches any part of a name through a trigram index (migration 007).
    const sharedBuffers = `shared_buffers=${options.sharedBuffersMb ?? DEFAULT_SHARED_BUFFERS_MB}MB`;
    pg = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', sharedBuffers],
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  let tail: Promise<unknown> = Promise.resolve();

  const held = () => {
    try {
      lock?.assertHeld();
    } catch (err) {
      if (err instanceof DataDirError) throw new DatabaseUnavailableError('DATA_DIR_LOST', err.message);
      throw err;
    }
  };
  /** Appends `task` to the queue; the queue continues whether it resolves or rejects. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const guarded = async () => {
      held();
      const result = await task();
      held(); // what was written into a folder lost meanwhile is not stored: not acknowledged
      return result;
    };
    const run = tail.then(guarded, guarded);
    tail = run.catch(() => undefined);
    return run;
  }

  const raw: Queryable = {
    async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
      const res = await pg.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
  };

  return {
    engine: 'pglite',
    query: (sql, params) => enqueue(() => raw.query(sql, params)),
    exec: (sql) => enqueue(() => raw.exec(sql)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return enqueue(async () => {
        await pg.exec('BEGIN');
        try {
          const result = await fn(raw);
          await pg.exec('COMMIT');
          return result;
        } catch (err) {
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    },
    lost: () => lock?.lostReason() ?? null,
    markCreated() {
      if (dataDir) writeMarker(dataDir);
    },
    async close() {
      await tail.catch(() => undefined);
      await pg.close().catch(() => undefined);
      lock?.release();
    },
  };
}
