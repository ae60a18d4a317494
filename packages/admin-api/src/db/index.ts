import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, Row } from './types';
export { DatabaseUnavailableError } from './types';

export interface OpenOptions {
  databaseUrl?: string | null;
  /** PGlite data directory; null = in memory. */
  dataDir?: string | null;
  /** PGlite: refuse to create a database where none is. */
  dataDirMustExist?: boolean;
  /** PGlite: its page cache in MB. */
  sharedBuffersMb?: number;
}

/** PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (locked for this process). */
export function openDb(opts: OpenOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir ?? null, { mustExist: opts.dataDirMustExist, sharedBuffersMb: opts.sharedBuffersMb });
}
