// One data-layer interface for both engines (PGlite embedded, PostgreSQL server).

export type Row = Record<string, unknown>;

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations, seeding). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside one transaction (BEGIN ... COMMIT, ROLLBACK on throw). On PGlite every
   * query and transaction goes through a single queue, since PGlite has one connection.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Null while the database can store what it acknowledges; otherwise why it cannot, for good
   * (the PGlite folder disappeared or was replaced: the process must be restarted).
   */
  lost(): string | null;
  /** Records that the schema was just created here (PGlite: the marker beside the folder). */
  markCreated(): void;
  close(): Promise<void>;
}

/**
 * The database cannot serve now: `code` DATA_DIR_LOST (for good, until a restart) or
 * DATABASE_UNAVAILABLE (the server went away; it may come back). Answered as 503.
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly code: 'DATA_DIR_LOST' | 'DATABASE_UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}
