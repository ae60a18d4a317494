import type { ServerConfig } from '../config';
import type { Db } from '../db';
import type { ApiMetrics } from '../metrics';

/** What every module's routes get: the configuration, the database and the metrics. */
export interface RouteDeps {
  config: ServerConfig;
  db: Db;
  metrics: ApiMetrics;
}
