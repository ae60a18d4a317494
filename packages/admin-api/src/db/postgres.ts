// A PostgreSQL server through a pg Pool; each transaction holds one pooled client.
import { Pool, types } from 'pg';
import type { Db, Queryable, Row } from './types';

// int8 and numeric come back as JS numbers (our values stay far below 2^53; queries cast ids to text).
types.setTypeParser(20, (v) => Number(v));
types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Db> {
  const pool = new Pool({ connectionString, max: poolSize });
  pool.on('error', () => undefined); // an idle client dropped by the server: the pool replaces it
  await pool.query('select 1');
  return {
    engine: 'postgres',
    async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
      const res = await pool.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const tx: Queryable = {
        async query<R extends Row = Row>(sql: string, params: unknown[] = []): Promise<R[]> {
          const res = await client.query(sql, params as unknown[]);
          return res.rows as R[];
        },
        async exec(sql: string): Promise<void> {
          await client.query(sql);
        },
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
