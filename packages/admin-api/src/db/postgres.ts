// A PostgreSQL server through a pg Pool; each transaction holds one pooled client. A server that
// goes away is answered as DATABASE_UNAVAILABLE (503, retry later); the pool reconnects by itself
// when it is back, without a restart.
import { Pool, types } from 'pg';
import { DatabaseUnavailableError, type Db, type Queryable, type Row } from './types';

// int8 and numeric come back as JS numbers (our values stay far below 2^53; queries cast ids to text).
types.setTypeParser(20, (v) => Number(v));
types.setTypeParser(1700, (v) => Number(v));

/** Errors that say the server cannot be reached now, not that the statement was wrong. */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && (/^(08|57P0)/.test(e.code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(e.code))) {
    return true;
  }
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(e?.message ?? '');
}

function unavailable(err: unknown): unknown {
  return isConnectionError(err)
    ? new DatabaseUnavailableError('DATABASE_UNAVAILABLE', 'The database cannot be reached right now: try again in a moment')
    : err;
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Db> {
  const pool = new Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined); // an idle client dropped by the server: the pool replaces it
  await pool.query('select 1');
  return {
    engine: 'postgres',
    async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
      try {
        return (await pool.query(sql, params as unknown[])).rows as T[];
      } catch (err) {
        throw unavailable(err);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await pool.query(sql);
      } catch (err) {
        throw unavailable(err);
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      let client;
      try {
        client = await pool.connect();
      } catch (err) {
        throw unavailable(err);
      }
      const tx: Queryable = {
        async query<R extends Row = Row>(sql: string, params: unknown[] = []): Promise<R[]> {
          return (await client.query(sql, params as unknown[])).rows as R[];
        },
        async exec(sql: string): Promise<void> {
          await client.query(sql);
        },
      };
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        broken = isConnectionError(err);
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw unavailable(err);
      } finally {
        client.release(broken ? true : undefined); // a broken connection is not reused
      }
    },
    lost: () => null,
    markCreated: () => undefined,
    async close() {
      await pool.end();
    },
  };
}
