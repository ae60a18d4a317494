// Deploy tokens: what the release commands and CI send instead of an administrator's session.
// Random, shown once, stored hashed; a token may call the release routes only (the contract marks
// them), and each use is recorded (last_used_at; the registry changes it makes are audited under
// `deploy:<name>`).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db';
import { hashToken } from '../../security';
import { audit } from '../audit/repository';

export const DEPLOY_TOKEN_PREFIX = 'deploy_';
export const DEPLOY_TOKEN_RE = /^deploy_[A-Za-z0-9_-]{43}$/;

export interface Deployer {
  id: number;
  name: string;
}

/** Creates a token named `name` (letters, digits, . _ -); answers the token itself, which is stored hashed only. */
export async function createDeployToken(q: Queryable, name: string): Promise<string> {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(name)) throw new Error('the deploy token name must be 1 to 100 of letters, digits and . _ -');
  const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const rows = await q.query('insert into deploy_tokens (name, token_hash) values ($1, $2) on conflict (name) do nothing returning id', [name, hashToken(token)]);
  if (!rows.length) throw new Error(`a deploy token named "${name}" exists already (revoke it first)`);
  await audit(q, { adminId: null, username: 'cli', ip: '' }, 'deploy-token.create', name, `deploy token "${name}" created`);
  return token;
}

export async function revokeDeployToken(q: Queryable, name: string): Promise<boolean> {
  const rows = await q.query('update deploy_tokens set revoked_at = now() where name = $1 and revoked_at is null returning id', [name]);
  if (rows.length) await audit(q, { adminId: null, username: 'cli', ip: '' }, 'deploy-token.revoke', name, `deploy token "${name}" revoked`);
  return rows.length > 0;
}

/** The live token's owner, its use recorded; null for an unknown or revoked token. */
export async function findDeployToken(q: Queryable, token: string): Promise<Deployer | null> {
  const rows = await q.query<{ id: number; name: string }>(
    'update deploy_tokens set last_used_at = now() where token_hash = $1 and revoked_at is null returning id::int as id, name',
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

export const LOCAL_TOKEN_NAME = 'npm start';

/** Registers the token `npm start` made for this run's local release commands (it replaces the last run's). */
export async function registerLocalDeployToken(q: Queryable, token: string): Promise<void> {
  if (!DEPLOY_TOKEN_RE.test(token)) throw new Error('LOCAL_DEPLOY_TOKEN must be deploy_ and 43 characters of [A-Za-z0-9_-]');
  await q.query(
    `insert into deploy_tokens (name, token_hash) values ($1, $2)
     on conflict (name) do update set token_hash = excluded.token_hash, revoked_at = null, created_at = now()`,
    [LOCAL_TOKEN_NAME, hashToken(token)],
  );
}
