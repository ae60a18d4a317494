// Environment → configuration. Every variable is documented in the package README.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseOverrideOrigins, type OverrideOriginRule } from '@growth-admin/web-security';
import { DEFAULT_PASSWORD_HASH_COST } from './security';

export const DEFAULT_SIGNING_KEY = 'growth-admin-dev-signing-key';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL server URL; null = embedded PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory (absolute); null = in memory. */
  dataDir: string | null;
  /** Refuse to start where the PGlite folder holds no database (instead of creating one). */
  dataDirMustExist: boolean;
  /** PGlite's page cache in MB (PGLITE_SHARED_BUFFERS_MB); unset: the embedded database's default. */
  pgliteSharedBuffersMb: number | undefined;
  adminUsername: string;
  /** First admin's password; undefined = generate one and print it once. */
  adminPassword?: string;
  signingKey: string;
  /** scrypt's N for passwords stored from now on (PASSWORD_HASH_COST); a stored hash keeps the cost it was made with. */
  passwordHashCost: number;
  corsOrigins: string[];
  /** Whose X-Forwarded-For to believe for the client address (Fastify's trustProxy): false unless behind a proxy. */
  trustProxy: boolean | string;
  /** The API's public base URL (the OpenAPI document's server); null: the URL a request reached. */
  publicUrl: string | null;
  /** Hosts the image proxy may fetch from (`host` or `host:port`). */
  imageProxyHosts: string[];
  seedDemo: boolean;
  seedUsers: number;
  seedOrders: number;
  /** The password throttle: wrong passwords allowed per username and address (and per session) / per address within the window. */
  loginLimitPerUserAndAddress: number;
  loginLimitPerAddress: number;
  loginWindowMs: number;
  /** Load shedding: requests working on the database at once, waiting beyond them, and the longest wait. */
  dbMaxInFlight: number;
  dbMaxQueue: number;
  dbQueueTimeoutMs: number;
  /** Signature timestamps must be within this many ms of the server clock. */
  signatureWindowMs: number;
  /** A session's absolute lifetime, from sign-in. */
  sessionTtlMs: number;
  /** A session with no request for this long has expired (last-seen is written at most once a minute). */
  sessionIdleMs: number;
  /** A refund, and an add-coins above `stepUpAmount`, need the password entered within this window. */
  stepUpWindowMs: number;
  /** Add-coins above this many coins need a recent password (step-up). */
  stepUpAmount: number;
  imageProxyMaxBytes: number;
  /** CSP report requests accepted per client address, and from everyone, per minute. */
  cspReportsPerMinutePerIp: number;
  cspReportsPerMinute: number;
  imageProxyTimeoutMs: number;
  /** Image hosts the browser loads directly (the runtime config says them to the shell). */
  directImageHosts: string[];
  /** The active shell's public base URL: the release gate reads its mf-manifest.json and shell-contract.json there. */
  shellUrl: string | null;
  /** A JSON file of built remotes ([{ remote, version, manifestUrl, files, meta }]) that fills the registry on first start (`npm start` writes it). */
  releaseSeedFile: string | null;
  /** The origins release manifests may be served from besides each remote's registered origin (the store); also allowed to every composed remote. */
  releaseOrigins: string[];
  /** A deploy token `npm start` makes for the local release commands (registered as "npm start" at each start). */
  localDeployToken: string | null;
  /** Failures reported for a canary that roll it back automatically. */
  canaryMaxFailures: number;
  /** Failure reports accepted per administrator per minute. */
  releaseReportsPerMinute: number;
  /** Measurement batches (POST /api/vitals) accepted per session per minute. */
  vitalsBatchesPerMinute: number;
  /** Days measurements are kept. */
  measurementsRetentionDays: number;
  /** Days a preview release lives unless its release says otherwise (RELEASE_PREVIEW_TTL_DAYS). */
  previewTtlDays: number;
  /** Live previews a remote may hold at once (RELEASE_PREVIEW_MAX). */
  previewMaxPerRemote: number;
  /** Days an expired (or replaced, or deleted) preview is kept past its expiry before it is removed (RELEASE_PREVIEW_GRACE_DAYS). */
  previewGraceDays: number;
  /** The key preview tokens are signed with (RELEASE_PREVIEW_SECRET); null: a key the database keeps, made on first use. */
  previewSecret: string | null;
  /** Where a session may load a remote from a development build (DEV_OVERRIDE_ORIGINS); empty: overrides are off. */
  devOverrideOrigins: OverrideOriginRule[];
  /** The key override tickets are signed with (DEV_OVERRIDE_SECRET), which the shell's page server checks them with. */
  devOverrideSecret: string | null;
  /** The canary judge runs for a remote at most this often after measurements arrive, and for every canary on this interval (0: after every batch, no timer; for tests). */
  judgeIntervalMs: number;
  /** The judge's minimum administrators per cohort, views per cohort, and samples of each vital per cohort, below which the verdict is Inconclusive. */
  judgeMinAdmins: number;
  judgeMinViews: number;
  judgeMinSamples: number;
  /** The metrics listener (GET /metrics, Prometheus text format): its port (null: none), address and bearer token. */
  metricsPort: number | null;
  metricsHost: string;
  /** Required as `Authorization: Bearer <token>` when set; a listener beyond loopback refuses to start without one. */
  metricsToken: string | null;
  /** Print server lines (listening, generated password, warnings, CSP violations). */
  log: (line: string) => void;
}

/** The workspace root: the nearest ancestor with pnpm-workspace.yaml (else the cwd). */
export function repoRoot(from: string = __dirname): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/**
 * The shell's default local origin: every request a page sends comes from the shell's page (remotes
 * run inside it). What else may call the API (remotes' standalone pages, other hosts) is CORS_ORIGINS:
 * `npm start` passes its pages' origins; the API knows no list of remotes.
 */
export const DEFAULT_SHELL_PORT = 3000;
const DEFAULT_CORS = [`http://localhost:${DEFAULT_SHELL_PORT}`, `http://127.0.0.1:${DEFAULT_SHELL_PORT}`];

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return n;
}

function boolEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw.trim().toLowerCase());
}

/** PASSWORD_HASH_COST: scrypt's N, a power of two from 1024 (default 16384). */
function passwordHashCostEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PASSWORD_HASH_COST;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_HASH_COST must be a power of two from 1024 to 1048576 (scrypt's N), not "${raw}"`);
  }
  return n;
}

/** TRUST_PROXY: unset or false, true (any proxy), or a comma list of the proxies' addresses or CIDRs. */
function trustProxyEnv(raw: string | undefined): boolean | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * DEV_OVERRIDE_ORIGINS and DEV_OVERRIDE_SECRET: both or neither. Origins without the secret would
 * let sessions set overrides whose code the shell's page could never admit (its server checks the
 * ticket with that secret).
 */
function devOverridesEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'devOverrideOrigins' | 'devOverrideSecret'> {
  const origins = parseOverrideOrigins(env.DEV_OVERRIDE_ORIGINS);
  const secret = env.DEV_OVERRIDE_SECRET || null;
  if (origins.length && !secret) {
    throw new Error("DEV_OVERRIDE_ORIGINS is set but DEV_OVERRIDE_SECRET is not: the shell's page server checks override tickets with that key (set the same one on both)");
  }
  return { devOverrideOrigins: origins, devOverrideSecret: secret };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = repoRoot();
  const dataDirRaw = env.DATA_DIR || '.data/pglite';
  return {
    port: intEnv(env, 'API_PORT', 4000),
    host: env.API_HOST || 'localhost',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: isAbsolute(dataDirRaw) ? dataDirRaw : join(root, dataDirRaw),
    dataDirMustExist: boolEnv(env, 'DATA_DIR_MUST_EXIST', false),
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB ? intEnv(env, 'PGLITE_SHARED_BUFFERS_MB', 0, 1) : undefined,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    signingKey: env.ADMIN_SIGNING_KEY || DEFAULT_SIGNING_KEY,
    passwordHashCost: passwordHashCostEnv(env.PASSWORD_HASH_COST),
    corsOrigins: list(env.CORS_ORIGINS) ?? DEFAULT_CORS,
    trustProxy: trustProxyEnv(env.TRUST_PROXY),
    publicUrl: env.API_URL ? env.API_URL.replace(/\/+$/, '') : null,
    imageProxyHosts: list(env.IMAGE_PROXY_HOSTS) ?? [],
    seedDemo: boolEnv(env, 'SEED_DEMO', true),
    seedUsers: intEnv(env, 'SEED_USERS', 3000),
    seedOrders: intEnv(env, 'SEED_ORDERS', 30000),
    loginLimitPerUserAndAddress: intEnv(env, 'LOGIN_LIMIT_PER_USER_AND_ADDRESS', 5, 1),
    loginLimitPerAddress: intEnv(env, 'LOGIN_LIMIT_PER_ADDRESS', 50, 1),
    loginWindowMs: intEnv(env, 'LOGIN_WINDOW_MINUTES', 15, 1) * 60_000,
    dbMaxInFlight: intEnv(env, 'DB_MAX_IN_FLIGHT', 8, 1),
    dbMaxQueue: intEnv(env, 'DB_MAX_QUEUE', 200, 0),
    dbQueueTimeoutMs: intEnv(env, 'DB_QUEUE_TIMEOUT_MS', 5000, 1),
    signatureWindowMs: 5 * 60_000,
    sessionTtlMs: intEnv(env, 'SESSION_MAX_HOURS', 12, 1) * 3600_000,
    sessionIdleMs: intEnv(env, 'SESSION_IDLE_MINUTES', 30, 1) * 60_000,
    stepUpWindowMs: intEnv(env, 'STEP_UP_WINDOW_MINUTES', 5, 1) * 60_000,
    stepUpAmount: intEnv(env, 'STEP_UP_AMOUNT', 10_000, 0),
    imageProxyMaxBytes: 2 * 1024 * 1024,
    cspReportsPerMinutePerIp: intEnv(env, 'CSP_REPORTS_PER_MINUTE_PER_IP', 30, 1),
    cspReportsPerMinute: intEnv(env, 'CSP_REPORTS_PER_MINUTE', 300, 1),
    imageProxyTimeoutMs: 5000,
    directImageHosts: list(env.DIRECT_IMAGE_HOSTS) ?? [],
    shellUrl: env.SHELL_URL ? env.SHELL_URL.replace(/\/+$/, '') : null,
    releaseSeedFile: env.RELEASE_SEED_FILE || null,
    localDeployToken: env.LOCAL_DEPLOY_TOKEN || null,
    releaseOrigins: (list(env.RELEASE_ORIGINS) ?? []).map((o) => new URL(o).origin),
    canaryMaxFailures: intEnv(env, 'RELEASE_CANARY_MAX_FAILURES', 5, 1),
    releaseReportsPerMinute: intEnv(env, 'RELEASE_REPORTS_PER_MINUTE', 20, 1),
    vitalsBatchesPerMinute: intEnv(env, 'VITALS_BATCHES_PER_MINUTE', 6, 1),
    measurementsRetentionDays: intEnv(env, 'RELEASE_MEASUREMENTS_RETENTION_DAYS', 30, 1),
    previewTtlDays: intEnv(env, 'RELEASE_PREVIEW_TTL_DAYS', 7, 1),
    previewMaxPerRemote: intEnv(env, 'RELEASE_PREVIEW_MAX', 20, 1),
    previewGraceDays: intEnv(env, 'RELEASE_PREVIEW_GRACE_DAYS', 7, 0),
    previewSecret: env.RELEASE_PREVIEW_SECRET || null,
    ...devOverridesEnv(env),
    judgeIntervalMs: intEnv(env, 'RELEASE_JUDGE_INTERVAL_SECONDS', 30, 0) * 1000,
    judgeMinAdmins: intEnv(env, 'RELEASE_JUDGE_MIN_ADMINS', 5, 2),
    judgeMinViews: intEnv(env, 'RELEASE_JUDGE_MIN_VIEWS', 50, 1),
    judgeMinSamples: intEnv(env, 'RELEASE_JUDGE_MIN_SAMPLES', 20, 1),
    metricsPort: env.METRICS_PORT ? intEnv(env, 'METRICS_PORT', 0, 0) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    metricsToken: env.METRICS_TOKEN || null,
    log: (line) => console.log(line),
  };
}

/** Defaults for programmatic use (tests, e2e harness): every field overridable. */
export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = configFromEnv({});
  return { ...base, ...overrides };
}
