// PGlite (embedded PostgreSQL in WASM): one connection, so every query and every transaction
// runs through one FIFO queue; a transaction holds the queue until it commits or rolls back.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types';

export async function openPglite(dataDir: string | null): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  let tail: Promise<unknown> = Promise.resolve();

  /** Appends `task` to the queue; the queue continues whether it resolves or rejects. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
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
    async close() {
      await enqueue(async () => undefined);
      await pg.close();
    },
  };
}
