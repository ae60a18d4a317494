// Deploy tokens: what the release commands and CI send instead of an administrator's session.
// Random, shown once, stored hashed; a token may call the release routes only (the contract marks
// them), of its one remote when it is scoped to one (null: every remote), until it expires or is
// revoked. Each use is recorded (last_used_at) and audited under `deploy:<name>`.
import { randomBytes } from 'node:crypto';
import type { DeployTokenRecord } from '@growth-admin/api-contract/remotes';
import type { Queryable } from '../../db';
import { iso, isoOrNull } from '../../db/dates';
import { hashToken } from '../../security';
import { audit, type Actor } from '../../db/audit';

export const DEPLOY_TOKEN_PREFIX = 'deploy_';
export const DEPLOY_TOKEN_RE = /^deploy_[A-Za-z0-9_-]{43}$/;
export const TOKEN_NAME_RE = /^[A-Za-z0-9._-]{1,100}$/;
export const DEFAULT_TOKEN_DAYS = 90;
/** Who made a token from the command line (cli add-deploy-token). */
export const CLI_ACTOR: Actor = { adminId: null, username: 'cli', ip: '' };

export type Deployer = {
  id: number;
  name: string;
  /** The one remote it may release, promote and roll back; null: every remote. */
  remote: string | null;
};

export interface NewToken {
  name: string;
  /** null: every remote. */
  remote: string | null;
  /** null: never expires (npm start's local token only). */
  expiresInDays: number | null;
}

const RECORD = `name, remote, created_at as "createdAt", created_by as "createdBy", expires_at as "expiresAt",
  last_used_at as "lastUsedAt", revoked_at as "revokedAt"`;

function toRecord(r: Record<string, unknown>): DeployTokenRecord {
  return {
    name: r.name as string,
    remote: (r.remote as string | null) ?? null,
    createdAt: iso(r.createdAt),
    createdBy: r.createdBy as string,
    expiresAt: isoOrNull(r.expiresAt),
    lastUsedAt: isoOrNull(r.lastUsedAt),
    revokedAt: isoOrNull(r.revokedAt),
  };
}

/**
 * Stores a new token (the caller checked its remote is live, in the same transaction); answers the
 * token itself, which is stored hashed only, or null when the name is taken (revoked names too).
 */
export async function insertDeployToken(q: Queryable, actor: Actor, t: NewToken): Promise<{ token: string; deployToken: DeployTokenRecord } | null> {
  if (!TOKEN_NAME_RE.test(t.name)) throw new Error('the deploy token name must be 1 to 100 of letters, digits and . _ -');
  const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const rows = await q.query(
    `insert into deploy_tokens (name, token_hash, remote, expires_at, created_by)
     values ($1, $2, $3, case when $4::int is null then null else now() + make_interval(days => $4::int) end, $5)
     on conflict (name) do nothing returning ${RECORD}`,
    [t.name, hashToken(token), t.remote, t.expiresInDays, actor.username],
  );
  if (!rows[0]) return null;
  const deployToken = toRecord(rows[0]);
  const scope = t.remote ? `scoped to ${t.remote}` : 'for every remote';
  await audit(q, actor, 'deploy-token.create', t.name, `deploy token "${t.name}" created, ${scope}, ${deployToken.expiresAt ? `expires ${deployToken.expiresAt}` : 'never expires'}`);
  return { token, deployToken };
}

/** The CLI's `add-deploy-token`: throws a sentence when the name is taken. */
export async function createDeployToken(q: Queryable, name: string, opts: { remote?: string | null; days?: number } = {}): Promise<string> {
  const made = await insertDeployToken(q, CLI_ACTOR, { name, remote: opts.remote ?? null, expiresInDays: opts.days ?? DEFAULT_TOKEN_DAYS });
  if (!made) throw new Error(`a deploy token named "${name}" exists already (a name is not reused)`);
  return made.token;
}

export async function listDeployTokens(q: Queryable): Promise<DeployTokenRecord[]> {
  return (await q.query(`select ${RECORD} from deploy_tokens order by created_at, id`)).map(toRecord);
}

/** Revokes the token `name`: the record, or 'unknown' / 'revoked' (before). Audited. */
export async function revokeDeployToken(q: Queryable, actor: Actor, name: string): Promise<DeployTokenRecord | 'unknown' | 'revoked'> {
  const rows = await q.query(`update deploy_tokens set revoked_at = now() where name = $1 and revoked_at is null returning ${RECORD}`, [name]);
  if (!rows[0]) {
    const exists = await q.query('select 1 from deploy_tokens where name = $1', [name]);
    return exists.length ? 'revoked' : 'unknown';
  }
  await audit(q, actor, 'deploy-token.revoke', name, `deploy token "${name}" revoked`);
  return toRecord(rows[0]);
}

/** Revokes every live token scoped to `remote` (its decommissioning); answers their names. */
export async function revokeTokensOf(q: Queryable, remote: string): Promise<string[]> {
  const rows = await q.query<{ name: string }>('update deploy_tokens set revoked_at = now() where remote = $1 and revoked_at is null returning name', [remote]);
  return rows.map((r) => r.name).sort();
}

/** The live token's owner and scope, its use recorded; null for an unknown, expired or revoked token. */
export async function findDeployToken(q: Queryable, token: string): Promise<Deployer | null> {
  const rows = await q.query<Deployer>(
    `update deploy_tokens set last_used_at = now()
      where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())
      returning id::int as id, name, remote`,
    [hashToken(token)],
  );
  return rows[0] ? { ...rows[0], remote: rows[0].remote ?? null } : null;
}

export const LOCAL_TOKEN_NAME = 'npm start';

/** Registers the token `npm start` made for this run's local release commands (it replaces the last run's; every remote, no expiry). */
export async function registerLocalDeployToken(q: Queryable, token: string): Promise<void> {
  if (!DEPLOY_TOKEN_RE.test(token)) throw new Error('LOCAL_DEPLOY_TOKEN must be deploy_ and 43 characters of [A-Za-z0-9_-]');
  await q.query(
    `insert into deploy_tokens (name, token_hash, created_by) values ($1, $2, $1)
     on conflict (name) do update set token_hash = excluded.token_hash, revoked_at = null, remote = null, expires_at = null, created_at = now()`,
    [LOCAL_TOKEN_NAME, hashToken(token)],
  );
}

/**
 * Audits a call made with a deploy token that did not audit itself: a read, or a refusal (a change
 * the registry made is audited in its own transaction). Who (`deploy:<name>`), what and which remote.
 */
export async function auditDeployTokenUse(
  q: Queryable,
  use: { deployer: Deployer; ip: string; method: string; url: string; remote: string; status: number; payload: unknown },
): Promise<void> {
  if (use.method === 'POST' && use.status === 200) return; // audited with the change it made
  const code = typeof use.payload === 'string' && use.status >= 400 ? /"code":"([A-Z_]+)"/.exec(use.payload)?.[1] : undefined;
  const path = use.url.split('?')[0].slice(0, 200);
  await audit(q, { adminId: null, username: `deploy:${use.deployer.name}`, ip: use.ip }, 'deploy-token.use', use.remote, `${use.method} ${path} → ${use.status}${code ? ` ${code}` : ''}`);
}
