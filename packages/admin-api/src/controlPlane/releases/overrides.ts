// A developer's own override: one session loads one remote's code from a development build served on
// an origin DEV_OVERRIDE_ORIGINS allows (the remote kit's `npm run dev -- --in-panel`). Recorded on the
// session only (session_overrides, gone with it), audited, never integrity-checked (the runtime config
// says so by listing it), and never counted: while a session has an override its runtime configs
// record no served release, so nothing it measures or reports is stored (measurements.ts' rule).
import { ownershipProblems } from '@growth-admin/api-contract/compatibility';
import type { RemoteMeta } from '@growth-admin/api-contract/remote-meta';
import type { MyOverride, OverrideInput, SessionOverride } from '@growth-admin/api-contract/releases';
import { describeOverrideRule, OVERRIDE_TICKET_SECONDS, overrideOriginAllowed, signOverrideTicket, type OverrideOriginRule } from '@growth-admin/web-security';
import type { Db, Queryable } from '../../db';
import { audit, type Actor } from '../../db/audit';
import { iso } from '../../db/dates';
import { ApiError, badRequest, forbidden } from '../../http/errors';
import { liveRemote } from '../remotes/repository';

/** An override as the composition takes it: where the code is, and what the build declared (null: the chosen release's). */
export interface OverrideInEffect extends SessionOverride {
  meta: RemoteMeta | null;
}

const MANIFEST = 'mf-manifest.json';

/** The origin of an http(s) URL of an mf-manifest.json without credentials; 400 OVERRIDE_URL_INVALID for anything else. */
function manifestOrigin(manifestUrl: string): string {
  let url: URL | null = null;
  try {
    url = new URL(manifestUrl);
  } catch {
    /* refused below */
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || !url.pathname.endsWith(`/${MANIFEST}`)) {
    throw badRequest(`${manifestUrl} is not an http(s) URL of a build's ${MANIFEST}`, 'OVERRIDE_URL_INVALID');
  }
  return url.origin;
}

/**
 * Records `input` on the session (replacing its override of that remote), forgets the releases the
 * session was served (from now on its page runs a development build: nothing it measures counts) and
 * audits it. 403 OVERRIDES_OFF without rules, 403 OVERRIDE_ORIGIN_REFUSED off them, 404 for no live
 * remote, 422 OVERRIDE_INCOMPATIBLE for metadata that cannot be composed as the remote's.
 */
export async function setOverride(
  db: Db,
  actor: Actor,
  sessionId: string,
  input: OverrideInput,
  rules: readonly OverrideOriginRule[],
  ownedPaths: Record<string, string>,
): Promise<SessionOverride> {
  if (!rules.length) throw forbidden('Development overrides are off on this server: an owner allows them by naming origins in DEV_OVERRIDE_ORIGINS', 'OVERRIDES_OFF');
  const origin = manifestOrigin(input.manifestUrl);
  if (!overrideOriginAllowed(origin, rules)) {
    throw forbidden(`${origin} is not an origin this server allows development overrides from (DEV_OVERRIDE_ORIGINS: ${rules.map(describeOverrideRule).join(', ')})`, 'OVERRIDE_ORIGIN_REFUSED');
  }
  return db.transaction(async (tx) => {
    await liveRemote(tx, input.remote);
    const problems = input.meta ? ownershipProblems(input.remote, input.meta, { ownedPaths }) : [];
    if (problems.length) throw new ApiError(422, 'OVERRIDE_INCOMPATIBLE', `${input.remote} from ${origin} cannot be loaded: ${problems.join('; ')}`);
    const [row] = await tx.query<{ setAt: Date }>(
      `insert into session_overrides (session_id, remote, manifest_url, origin, meta) values ($1, $2, $3, $4, $5)
       on conflict (session_id, remote) do update set manifest_url = excluded.manifest_url, origin = excluded.origin, meta = excluded.meta, set_at = now()
       returning set_at as "setAt"`,
      [sessionId, input.remote, input.manifestUrl, origin, input.meta ? JSON.stringify(input.meta) : null],
    );
    await tx.query('delete from served_releases where session_id = $1', [sessionId]);
    await audit(tx, actor, 'release.override', input.remote, `${input.remote} loaded from ${input.manifestUrl} in one session of ${actor.username}: a development override, not integrity-checked`);
    return { remote: input.remote, manifestUrl: input.manifestUrl, origin, setAt: iso(row.setAt) };
  });
}

/** Ends the session's override of `remote` (audited); answers whether it had one. */
export async function endOverride(db: Db, actor: Actor, sessionId: string, remote: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ origin: string }>('delete from session_overrides where session_id = $1 and remote = $2 returning origin', [sessionId, remote]);
    if (!row) return false;
    await audit(tx, actor, 'release.override-end', remote, `${remote} from ${row.origin} no longer overridden in that session of ${actor.username}`);
    return true;
  });
}

/**
 * The overrides of `sessionId` in effect: of live remotes, on an origin `rules` allow now (an owner
 * who narrows or unsets DEV_OVERRIDE_ORIGINS ends them at the next load), by remote.
 */
export async function sessionOverrides(q: Queryable, sessionId: string, rules: readonly OverrideOriginRule[]): Promise<Map<string, OverrideInEffect>> {
  if (!rules.length) return new Map();
  const rows = await q.query<{ remote: string; manifestUrl: string; origin: string; meta: unknown; setAt: Date }>(
    `select o.remote, o.manifest_url as "manifestUrl", o.origin, o.meta, o.set_at as "setAt"
       from session_overrides o join remotes m on m.name = o.remote and m.decommissioned_at is null
      where o.session_id = $1 order by o.remote`,
    [sessionId],
  );
  const inEffect = rows.filter((r) => overrideOriginAllowed(r.origin, rules));
  return new Map(
    inEffect.map((r) => [
      r.remote,
      { remote: r.remote, manifestUrl: r.manifestUrl, origin: r.origin, setAt: iso(r.setAt), meta: (typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta) as RemoteMeta | null },
    ]),
  );
}

/**
 * The overrides of every live session (not revoked, not expired) of the administrator whose session is
 * `sessionId`, marking that session's: Settings → Remotes shows them. None where `rules` allow none.
 */
export async function administratorOverrides(q: Queryable, sessionId: string, rules: readonly OverrideOriginRule[]): Promise<MyOverride[]> {
  if (!rules.length) return [];
  const rows = await q.query<{ remote: string; manifestUrl: string; origin: string; setAt: Date; thisSession: boolean }>(
    `select o.remote, o.manifest_url as "manifestUrl", o.origin, o.set_at as "setAt", o.session_id = $1 as "thisSession"
       from session_overrides o
       join admin_sessions s on s.id = o.session_id and s.revoked_at is null and s.expires_at > now()
       join remotes m on m.name = o.remote and m.decommissioned_at is null
      where s.admin_id = (select admin_id from admin_sessions where id = $1)
      order by o.remote, o.set_at desc`,
    [sessionId],
  );
  return rows
    .filter((r) => overrideOriginAllowed(r.origin, rules))
    .map((r) => ({ remote: r.remote, manifestUrl: r.manifestUrl, origin: r.origin, setAt: iso(r.setAt), thisSession: r.thisSession }));
}

/** The ticket that admits `origins` in the shell page's CSP for OVERRIDE_TICKET_SECONDS (web-security's devOverrides.ts). */
export function overrideTicket(origins: string[], secret: string, now = Date.now()): string {
  return signOverrideTicket({ origins: [...new Set(origins)].sort(), exp: Math.floor(now / 1000) + OVERRIDE_TICKET_SECONDS }, secret);
}
