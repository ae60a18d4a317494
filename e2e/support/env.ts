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

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with \`npx playwright test\` from e2e/ (its global setup sets it)`);
  return value;
}

export function systemInfo(): SystemInfo {
  return {
    baseUrl: required('E2E_BASE_URL'),
    apiUrl: required('E2E_API_URL'),
    signingKey: required('E2E_SIGNING_KEY'),
    username: required('E2E_ADMIN_USERNAME'),
    password: required('E2E_ADMIN_PASSWORD'),
    controlUrl: process.env.E2E_CONTROL_URL || null,
    remoteUrls: JSON.parse(process.env.E2E_REMOTE_URLS || '{}') as Record<string, string>,
    storeUrl: required('E2E_STORE_URL'),
    storeDir: required('E2E_STORE_DIR'),
    dataDir: required('E2E_DATA_DIR'),
  };
}

/** The shell's base URL, e.g. http://localhost:41234 */
export const baseUrl = () => systemInfo().baseUrl;
/** The admin API's base URL, e.g. http://localhost:41240 */
export const apiUrl = () => systemInfo().apiUrl;
/** The administrator the database was created with. */
export const adminCredentials = () => ({ username: systemInfo().username, password: systemInfo().password });
