// The registry's remotes and deploy tokens (Settings → Remotes, owners only), over shared-client's typed call.
import { call, type DeployTokenRecord, type NewDeployToken, type RemoteRecord } from '@growth-admin/shared-client';

/** What an owner gives to create a remote: its federation name, its team, the origin its files are served from. */
export interface NewRemoteInput {
  name: string;
  team: string;
  origin: string;
}

/** What an owner gives to make a deploy token scoped to one remote (expiry 1-365 days, 90 by default). */
export interface NewDeployTokenInput {
  name: string;
  remote: string;
  expiresInDays?: number;
}

/** GET /api/admin/remotes: every remote, live and decommissioned, in the order they were created. */
export function getRemotes(): Promise<RemoteRecord[]> {
  return call('get', '/api/admin/remotes', {});
}

/** POST /api/admin/remotes: the remote and its first deploy token (shown this once). */
export function createRemote(body: NewRemoteInput): Promise<{ remote: RemoteRecord; deployToken: NewDeployToken }> {
  return call('post', '/api/admin/remotes', { body });
}

/** POST /api/admin/remotes/:remote/decommission: its sections and contributions go, its tokens are revoked. */
export function decommissionRemote(remote: string): Promise<RemoteRecord> {
  return call('post', '/api/admin/remotes/{remote}/decommission', { params: { remote } });
}

/** GET /api/admin/deploy-tokens: every deploy token, never the tokens themselves. */
export function getDeployTokens(): Promise<DeployTokenRecord[]> {
  return call('get', '/api/admin/deploy-tokens', {});
}

/** POST /api/admin/deploy-tokens: a token scoped to one remote (shown this once). */
export function createDeployToken(body: NewDeployTokenInput): Promise<NewDeployToken> {
  return call('post', '/api/admin/deploy-tokens', { body });
}

/** POST /api/admin/deploy-tokens/:name/revoke: it stops working at once and stays listed. */
export function revokeDeployToken(name: string): Promise<DeployTokenRecord> {
  return call('post', '/api/admin/deploy-tokens/{name}/revoke', { params: { name } });
}
