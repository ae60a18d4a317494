// The runtime config the shell boots from: the base config for everyone; with a session, the
// administrator's composition and the remotes it loads (resolveComposition.ts), from the registry, with the
// previews this session entered (previews.ts) and its development overrides (overrides.ts) in place
// of their remotes' chosen releases.
import type { RegistryRuntimeConfig } from '@growth-admin/api-contract/releases';
import type { Role } from '@growth-admin/api-contract/route';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import type { ControlPlaneConfig, ControlPlaneOptions } from '../deps';
import { EMPTY_COMPOSITION, landingOf, resolveComposition, subjectOf } from './resolveComposition';
import { overrideTicket, sessionOverrides, type OverrideInEffect } from './overrides';
import { sessionPreviews } from './previews';
import { cachedRegistryState } from './repository';

export interface Viewer {
  username: string;
  role: Role;
  sessionId: string;
}

/** The config for `viewer` (null: no session: no remote loads before sign-in, at most the landing section's files are prefetched). */
export async function runtimeConfigFor(q: Queryable, config: ControlPlaneConfig, req: FastifyRequest, viewer: Viewer | null): Promise<RegistryRuntimeConfig> {
  const base = { apiBaseUrl: config.publicUrl ?? `${req.protocol}://${req.host}`, signingKey: config.signingKey, directImageHosts: config.directImageHosts };
  if (!viewer) {
    // No remote loads before sign-in; the landing section's stable release may be fetched into the cache.
    const landing = landingOf(await cachedRegistryState(q), config.releaseOrigins);
    return { ...base, remotes: {}, releases: {}, integrity: {}, allowedOrigins: [], composition: EMPTY_COMPOSITION, ...(landing ? { landing } : {}) };
  }
  const previews = await sessionPreviews(q, viewer.sessionId);
  const overrides = await sessionOverrides(q, viewer.sessionId, config.devOverrideOrigins);
  const resolved = resolveComposition(await cachedRegistryState(q), viewer.role, subjectOf(viewer.username), config.releaseOrigins, previews.serve, overrides);
  // A page running a development build is no real traffic: nothing served, so nothing it measures or reports counts.
  if (!overrides.size) await recordServed(q, viewer.sessionId, resolved.releases);
  return {
    ...base,
    ...resolved,
    ...(previews.status.length ? { previews: previews.status } : {}),
    ...(overrides.size ? overridesOf([...overrides.values()], config.devOverrideSecret!) : {}),
  };
}

/** The config's overrides, and the ticket that admits their origins in the shell page's CSP. */
function overridesOf(inEffect: OverrideInEffect[], secret: string): Pick<RegistryRuntimeConfig, 'overrides' | 'overrideTicket'> {
  return {
    overrides: inEffect.map(({ meta: _meta, ...o }) => o),
    overrideTicket: overrideTicket(inEffect.map((o) => o.origin), secret),
  };
}

/**
 * Records the releases a session was given and its cohort in each: only these may it report
 * measurements and failures of. Served again (a reload after a promotion), the newest cohort holds;
 * a release served again in the same cohort (most reloads) is only read: an upsert would lock each
 * row it leaves as it is, a write (to the WAL) on every page load of every administrator.
 */
async function recordServed(q: Queryable, sessionId: string, releases: RegistryRuntimeConfig['releases']): Promise<void> {
  const served = Object.values(releases);
  if (!served.length) return;
  await q.query(
    `insert into served_releases (session_id, release_id, cohort)
     select $1, r, c from unnest($2::bigint[], $3::text[]) as u(r, c)
      where not exists (select 1 from served_releases s where s.session_id = $1 and s.release_id = u.r and s.cohort = u.c)
     on conflict (session_id, release_id) do update set cohort = excluded.cohort, served_at = now()`,
    [sessionId, served.map((r) => r.id), served.map((r) => (r.preview !== undefined ? 'preview' : r.canary ? 'canary' : 'stable'))],
  );
}

const SESSION_RE = /^Bearer ([A-Za-z0-9_-]{43})$/;

/** The administrator of the request's session token; null for none, an invalid or an expired one (the shell then shows the sign-in). */
export async function viewerOf(q: Queryable, findSession: ControlPlaneOptions['findSession'], req: FastifyRequest): Promise<Viewer | null> {
  const m = SESSION_RE.exec(req.headers.authorization ?? '');
  if (!m) return null;
  const found = await findSession(q, m[1]);
  return found.status === 'live' ? { username: found.session.username, role: found.session.role, sessionId: found.session.sessionId } : null;
}
