// The registry of remotes: which remotes exist, who owns them (team) and where their files are served
// from (origin). Created by an owner with a first deploy token scoped to it; decommissioned, never
// deleted: a name is never reused and its releases stay for the history. Changes to one remote run
// under its advisory lock (the one its releases change under) and are audited in their transaction.
import type { NewDeployToken, RemoteRecord } from '@growth-admin/api-contract/remotes';
import type { Db, Queryable } from '../../db';
import { iso, isoOrNull } from '../../db/dates';
import { ApiError, conflict } from '../../http/errors';
import { audit, type Actor } from '../../db/audit';
import { DEFAULT_TOKEN_DAYS, insertDeployToken, revokeTokensOf } from '../releases/deployTokens';

const COLUMNS = `name, team, origin, created_at as "createdAt", created_by as "createdBy",
  decommissioned_at as "decommissionedAt", decommissioned_by as "decommissionedBy"`;

function toRecord(r: Record<string, unknown>): RemoteRecord {
  return {
    name: r.name as string,
    team: r.team as string,
    origin: r.origin as string,
    createdAt: iso(r.createdAt),
    createdBy: r.createdBy as string,
    decommissionedAt: isoOrNull(r.decommissionedAt),
    decommissionedBy: (r.decommissionedBy as string | null) ?? null,
  };
}

/** Serialises every change to one remote and its releases (a transaction's advisory lock). */
export async function lockRemote(tx: Queryable, remote: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('release:' || $1))", [remote]);
}

export async function listRemotes(q: Queryable): Promise<RemoteRecord[]> {
  return (await q.query(`select ${COLUMNS} from remotes order by created_at, name`)).map(toRecord);
}

/** The live (not decommissioned) remote `name`; 404 UNKNOWN_REMOTE otherwise. */
export async function liveRemote(q: Queryable, name: string): Promise<RemoteRecord> {
  const rows = await q.query(`select ${COLUMNS} from remotes where name = $1`, [name]);
  const found = rows[0] ? toRecord(rows[0]) : null;
  if (!found) throw new ApiError(404, 'UNKNOWN_REMOTE', `No remote of the registry is named "${name}"`);
  if (found.decommissionedAt) throw new ApiError(404, 'UNKNOWN_REMOTE', `The remote "${name}" was decommissioned on ${found.decommissionedAt.slice(0, 10)} by ${found.decommissionedBy}`);
  return found;
}

/** An origin as the registry keeps it (scheme, host and port; no path), or null when `value` is none. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A new remote and its first deploy token (`<name>-deploy`, or the first free `<name>-deploy-N`), in one transaction. */
export async function createRemote(
  db: Db,
  actor: Actor,
  input: { name: string; team: string; origin: string },
): Promise<{ remote: RemoteRecord; deployToken: NewDeployToken }> {
  const origin = originOf(input.origin);
  if (!origin) throw new ApiError(400, 'VALIDATION_ERROR', 'origin must be an http(s) origin, e.g. https://cdn.example.com');
  const team = input.team.trim();
  if (!team) throw new ApiError(400, 'VALIDATION_ERROR', 'team must not be blank');
  return db.transaction(async (tx) => {
    await lockRemote(tx, input.name);
    const rows = await tx.query(
      `insert into remotes (name, team, origin, created_by) values ($1, $2, $3, $4) on conflict (name) do nothing returning ${COLUMNS}`,
      [input.name, team, origin, actor.username],
    );
    if (!rows[0]) throw conflict(`A remote named "${input.name}" exists or existed: a name is never reused, choose another`, 'REMOTE_EXISTS');
    const remote = toRecord(rows[0]);
    await audit(tx, actor, 'remote.create', input.name, `remote ${input.name} created for ${team}, served from ${origin}`, { before: null, after: { team, origin } });
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${input.name}-deploy` : `${input.name}-deploy-${n}`;
      const made = await insertDeployToken(tx, actor, { name, remote: input.name, expiresInDays: DEFAULT_TOKEN_DAYS });
      if (made) return { remote, deployToken: made };
    }
  });
}

/**
 * Decommissions `name`: its sections and contributions leave every composition, its canary is rolled
 * back, its deploy tokens are revoked; its releases stay (the active one stays marked active, as the
 * release the remote ended on: its sections become the composition's removedSections).
 */
export async function decommissionRemote(db: Db, actor: Actor, name: string): Promise<RemoteRecord> {
  return db.transaction(async (tx) => {
    await lockRemote(tx, name);
    const rows = await tx.query(`select ${COLUMNS} from remotes where name = $1`, [name]);
    if (!rows[0]) throw new ApiError(404, 'UNKNOWN_REMOTE', `No remote of the registry is named "${name}"`);
    if (rows[0].decommissionedAt) throw conflict(`The remote "${name}" was decommissioned before`, 'ALREADY_DECOMMISSIONED');
    const [updated] = await tx.query(
      `update remotes set decommissioned_at = now(), decommissioned_by = $2 where name = $1 returning ${COLUMNS}`,
      [name, actor.username],
    );
    const canary = await tx.query<{ version: string }>(
      `update releases set state = 'rolled-back', canary_percent = null, changed_at = now(), changed_by = $2
        where remote = $1 and state = 'canary' returning version`,
      [name, actor.username],
    );
    const tokens = await revokeTokensOf(tx, name);
    const parts = [canary[0] && `canary ${canary[0].version} rolled back`, tokens.length && `deploy tokens revoked: ${tokens.join(', ')}`].filter(Boolean);
    await audit(tx, actor, 'remote.decommission', name, `remote ${name} decommissioned${parts.length ? `; ${parts.join('; ')}` : ''}`);
    return toRecord(updated);
  });
}

/** The seed's remote: created when missing (team growth-admin); answers whether it is live. */
export async function ensureSeedRemote(tx: Queryable, name: string, manifestUrl: string, by: string): Promise<boolean> {
  await tx.query(`insert into remotes (name, team, origin, created_by) values ($1, 'growth-admin', $2, $3) on conflict (name) do nothing`, [
    name,
    originOf(manifestUrl) ?? manifestUrl,
    by,
  ]);
  const rows = await tx.query<{ live: boolean }>('select decommissioned_at is null as live from remotes where name = $1', [name]);
  return rows[0].live;
}
