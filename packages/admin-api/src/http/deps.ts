import type { ServerConfig } from '../config';
import type { Db } from '../db';

/** What every module's routes get: the configuration and the database. */
export interface RouteDeps {
  config: ServerConfig;
  db: Db;
}
