import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, Row } from './types';

/** PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (null = in memory). */
export function openDb(opts: { databaseUrl?: string | null; dataDir?: string | null }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir ?? null);
}
