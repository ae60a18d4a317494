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
  close(): Promise<void>;
}
