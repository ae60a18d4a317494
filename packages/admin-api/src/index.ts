export { startServer, type RunningServer, type StartOptions } from './server';
export { buildApp } from './app';
export { configFromEnv, defaultConfig, type ServerConfig } from './config';
export { openDb, type Db } from './db';
export { migrate } from './migrations';
export { seedDemo } from './seed';
export { signRequest } from './security';
export { csvCell, csvRow, parseCsv } from './http/csv';
