// What the control plane needs from the API it runs in, and nothing more: the database, its part
// of the configuration, the metrics registry, the session lookup and the guard (the request
// signature and the session: the app's own). The plugin's options (plugin.ts) are these.
import type { Role } from '@growth-admin/api-contract/route';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db, Queryable } from '../db';
import type { BearerScheme } from '../http/guard';
import type { ApiMetrics } from '../metrics';
import type { ControlPlaneMetrics } from './metrics';

/** The settings the control plane reads: its own, and the runtime config's base (the API's URL, the signing key, the image hosts). */
export type ControlPlaneConfig = Pick<
  ServerConfig,
  | 'shellUrl'
  | 'releaseSeedFile'
  | 'releaseOrigins'
  | 'localDeployToken'
  | 'canaryMaxFailures'
  | 'releaseReportsPerMinute'
  | 'vitalsBatchesPerMinute'
  | 'measurementsRetentionDays'
  | 'previewTtlDays'
  | 'previewMaxPerRemote'
  | 'previewGraceDays'
  | 'previewSecret'
  | 'devOverrideOrigins'
  | 'devOverrideSecret'
  | 'judgeIntervalMs'
  | 'judgeMinAdmins'
  | 'judgeMinViews'
  | 'judgeMinSamples'
  | 'publicUrl'
  | 'signingKey'
  | 'directImageHosts'
  | 'sessionIdleMs'
  | 'log'
>;

/** An administrator's live session, as the control plane reads it. */
export interface LiveSession {
  adminId: number;
  username: string;
  role: Role;
  sessionId: string;
}

/** A session token looked up: live, expired (idle, or past its end) or invalid. */
export type SessionFound = { status: 'live'; session: LiveSession } | { status: 'expired'; why: 'idle' | 'lifetime' } | { status: 'invalid' };

/** The plugin's options: what app.ts gives it. */
export interface ControlPlaneOptions {
  db: Db;
  config: ControlPlaneConfig;
  /** The API's metrics: the control plane registers its own in the same registry. */
  metrics: ApiMetrics;
  /** The session of a token (the measurements' beacon carries it in its body; the runtime config's viewer). */
  findSession(q: Queryable, token: string): Promise<SessionFound>;
  /** The API's guard (signature, session, role) for the plugin's routes, taking `schemes` (its deploy tokens) beside sessions. */
  guard(schemes: readonly BearerScheme[]): onRequestAsyncHookHandler;
}

/** What the control plane's route modules get. */
export interface ControlPlaneDeps {
  db: Db;
  config: ControlPlaneConfig;
  metrics: ControlPlaneMetrics;
  findSession: ControlPlaneOptions['findSession'];
}
