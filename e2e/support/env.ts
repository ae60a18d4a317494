// What the global setup started, read from the environment it set (every worker inherits it).
export interface SystemInfo {
  baseUrl: string;
  apiUrl: string;
  signingKey: string;
  username: string;
  password: string;
  controlUrl: string | null;
  remoteUrls: Record<string, string>;
  /** The versioned release store (the local CDN) and its folder. */
  storeUrl: string;
  storeDir: string;
  /** The run's temporary folder (database and store). */
  dataDir: string;
}

/** The environment variable in which the global setup lists the systems it started, one per worker. */
export const SYSTEMS_ENV = 'E2E_SYSTEMS';

/**
 * Passwords stored at scrypt N=1024, as in admin-api's own tests, not the default 16384: about 30 ms
 * of CPU for each of the journeys' sign-ins, step-ups and password changes on two cores. What the
 * journeys check of a password (refused, throttled, changed) does not depend on the cost, and
 * admin-api's passwords.test.ts checks the default.
 */
export const PASSWORD_HASH_COST_ENV = { PASSWORD_HASH_COST: '1024' };

/** The system of this worker (its parallel index: two workers running at once never share one). */
export function systemInfo(): SystemInfo {
  const raw = process.env[SYSTEMS_ENV];
  if (!raw) throw new Error(`${SYSTEMS_ENV} is not set: run the suite with \`npx playwright test\` from e2e/ (its global setup sets it)`);
  const systems = JSON.parse(raw) as SystemInfo[];
  return systems[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? systems[0];
}

/** The shell's base URL, e.g. http://localhost:41234 */
export const baseUrl = () => systemInfo().baseUrl;
/** The admin API's base URL, e.g. http://localhost:41240 */
export const apiUrl = () => systemInfo().apiUrl;
/** The administrator the database was created with. */
export const adminCredentials = () => ({ username: systemInfo().username, password: systemInfo().password });
