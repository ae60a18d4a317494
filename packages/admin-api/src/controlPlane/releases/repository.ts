// The release registry: each remote's releases, one active and at most one canary. Every change
// runs in one transaction under a per-remote advisory lock (two calls for one remote never interleave;
// the partial unique indexes are the last word) and is audited in it. Which remotes exist is the
// registry's `remotes` table (modules/remotes).
import type { RemoteMeta } from '@growth-admin/api-contract/remote-meta';
import type { Release, ReleaseInput, RemoteReleases } from '@growth-admin/api-contract/releases';
import type { Db, Queryable } from '../../db';
import { iso } from '../../db/dates';
import { ApiError, conflict, notFound } from '../../http/errors';
import { audit, type Actor } from '../../db/audit';
import { ensureSeedRemote, liveRemote, lockRemote } from '../remotes/repository';
import { firstLoadOf, type FirstLoad } from './firstLoad';
import type { GatedBuild } from './gate';

const COLUMNS = `id::text as id, remote, version, manifest_url as "manifestUrl", files, notes, created_by as "createdBy",
  created_at as "createdAt", state, canary_percent as "canaryPercent", changed_at as "changedAt", changed_by as "changedBy", failures`;

type Row = Omit<Release, 'createdAt' | 'changedAt' | 'files'> & { createdAt: unknown; changedAt: unknown; files: unknown; meta?: unknown; firstLoad?: unknown };

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

function toRelease(r: Row): Release {
  const { meta: _meta, firstLoad: _firstLoad, ...rest } = r;
  const files = (json(r.files) ?? {}) as Record<string, string>;
  return { ...rest, files, createdAt: iso(r.createdAt as Date), changedAt: iso(r.changedAt as Date) };
}

/** A live release with the build's metadata (`{}` for a release of an earlier registry: it composes nothing) and first load. */
export interface ComposableRelease extends Release {
  meta: RemoteMeta | Record<string, never>;
  /** What its modules load first (null: registered before the registry recorded it). */
  firstLoad: FirstLoad | null;
}

/** A remote of the registry with its active release and canary (a decommissioned one: the release it ended on). */
export interface RegistryEntry {
  name: string;
  origin: string;
  live: boolean;
  active: ComposableRelease | null;
  canary: ComposableRelease | null;
}

/** 404 UNKNOWN_REMOTE unless `remote` is a live remote of the registry. */
export async function knownRemote(q: Queryable, remote: string): Promise<string> {
  await liveRemote(q, remote);
  return remote;
}

async function releaseIn(q: Queryable, remote: string, state: 'active' | 'canary'): Promise<Release | null> {
  const rows = await q.query<Row>(`select ${COLUMNS} from releases where remote = $1 and state = $2`, [remote, state]);
  return rows[0] ? toRelease(rows[0]) : null;
}

async function setState(tx: Queryable, id: string, state: Release['state'], by: string, canaryPercent: number | null = null): Promise<Release> {
  const rows = await tx.query<Row>(
    // (`state` on the right is the one before: a canary that leaves that state records when.)
    `update releases set state = $2, canary_percent = $3, changed_at = now(), changed_by = $4,
            canary_ended_at = case when state = 'canary' and $2 <> 'canary' then now() else canary_ended_at end
      where id = $1 returning ${COLUMNS}`,
    [id, state, canaryPercent, by],
  );
  return toRelease(rows[0]);
}

/** Every remote of the registry (live and decommissioned), in creation order, with its active release and canary and their metadata. */
export async function registryState(q: Queryable): Promise<RegistryEntry[]> {
  const remotes = await q.query<{ name: string; origin: string; live: boolean }>(
    'select name, origin, decommissioned_at is null as live from remotes order by created_at, name',
  );
  const rows = await q.query<Row>(`select ${COLUMNS}, meta, first_load as "firstLoad" from releases where state in ('active', 'canary')`);
  const live = rows.map(
    (r): ComposableRelease => ({ ...toRelease(r), meta: (json(r.meta) ?? {}) as ComposableRelease['meta'], firstLoad: (json(r.firstLoad) ?? null) as FirstLoad | null }),
  );
  return remotes.map(({ name, origin, live: isLive }) => ({
    name,
    origin,
    live: isLive,
    active: live.find((r) => r.remote === name && r.state === 'active') ?? null,
    canary: live.find((r) => r.remote === name && r.state === 'canary') ?? null,
  }));
}

/**
 * What every change the composition reads leaves behind: the set of live releases (each row's id and
 * last change: a state, a share, a seed's new build all move `changed_at`) and of remotes (live or
 * not). Equal fingerprints, equal registryState.
 */
const FINGERPRINT = `select md5(
    coalesce((select string_agg(id::text || '@' || changed_at::text, ',' order by id) from releases where state in ('active', 'canary')), '') || '|' ||
    coalesce((select string_agg(name || ':' || (decommissioned_at is null)::text, ',' order by name) from remotes), '')
  ) as fingerprint`;

const lastStates = new WeakMap<Queryable, { fingerprint: string; state: Promise<RegistryEntry[]> }>();

/**
 * registryState, kept between calls on one database while its fingerprint stays the same: every
 * page load of every administrator resolves the composition from it, and with fifty remotes reading
 * and parsing each live release was most of that request. One small query says whether anything
 * changed, so a change made through any instance shows on the next page load, as before. The state
 * is shared: callers must not change it.
 */
export async function cachedRegistryState(db: Queryable): Promise<RegistryEntry[]> {
  const [{ fingerprint }] = await db.query<{ fingerprint: string }>(FINGERPRINT);
  const last = lastStates.get(db);
  if (last?.fingerprint === fingerprint) return last.state;
  // Read after the fingerprint: a change in between makes the next fingerprint differ, never a stale hit.
  const state = registryState(db);
  lastStates.set(db, { fingerprint, state });
  state.catch(() => lastStates.delete(db));
  return state;
}

/** Every live remote of the registry with its active release and canary (null where there is none); `only`: that remote alone. */
export async function listRemoteReleases(q: Queryable, only: string | null = null): Promise<RemoteReleases[]> {
  // What `rollback` without --to can go back to: the canary, else the newest retired release.
  const withEarlier = new Set((await q.query<{ remote: string }>(`select distinct remote from releases where state = 'retired'`)).map((r) => r.remote));
  return (await registryState(q))
    .filter((e) => e.live && (only === null || e.name === only))
    .map(({ name, active, canary }) => ({
      remote: name,
      active: active && toRelease(active),
      canary: canary && toRelease(canary),
      canRollBack: canary !== null || (active !== null && withEarlier.has(name)),
    }));
}

/** A remote's releases, newest first. */
export async function releaseHistory(q: Queryable, remote: string): Promise<Release[]> {
  await knownRemote(q, remote);
  const rows = await q.query<Row>(`select ${COLUMNS} from releases where remote = $1 and preview_label is null order by created_at desc, id desc limit 500`, [remote]);
  return rows.map(toRelease);
}

/** One release of `remote` by id, or null. */
export async function releaseById(q: Queryable, remote: string, id: string): Promise<Release | null> {
  const rows = await q.query<Row>(`select ${COLUMNS} from releases where id = $1::bigint and remote = $2 and preview_label is null`, [id, remote]);
  return rows[0] ? toRelease(rows[0]) : null;
}

/**
 * The last word on section paths (the gate checked them before, outside any lock): under one lock for
 * every remote's paths, none may be owned by another live remote's active or canary release.
 */
async function claimSectionPaths(tx: Queryable, input: ReleaseInput, meta: RemoteMeta): Promise<void> {
  if (!meta.sections.length) return;
  await tx.query("select pg_advisory_xact_lock(hashtext('release:section-paths'))");
  const taken = await tx.query<{ path: string; remote: string }>(
    `select s.path, r.remote from releases r join remotes m on m.name = r.remote and m.decommissioned_at is null,
            jsonb_to_recordset(coalesce(r.meta -> 'sections', '[]'::jsonb)) as s(path text)
      where r.state in ('active', 'canary') and r.remote <> $1 and s.path = any($2::text[])`,
    [input.remote, meta.sections.map((x) => x.path)],
  );
  if (taken.length) {
    const why = taken.map((t) => `the section path /${t.path} belongs to the remote ${t.remote}`).join('; ');
    throw new ApiError(422, 'RELEASE_INCOMPATIBLE', `${input.remote} ${input.version} cannot be released: ${why}`);
  }
}

const sameFiles = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Registers a release that passed the gate: active at once, or the canary (an earlier canary is
 * rolled back). Retrying the same call (same version, manifest and files) answers the release
 * registered the first time and changes nothing; another build under a used version is a 409.
 */
export async function registerRelease(db: Db, actor: Actor, input: ReleaseInput, { meta, firstLoad }: GatedBuild): Promise<Release> {
  return db.transaction(async (tx) => {
    await lockRemote(tx, input.remote);
    await knownRemote(tx, input.remote); // decommissioned while the gate ran: refused
    await claimSectionPaths(tx, input, meta);
    const existing = await tx.query<Row>(`select ${COLUMNS} from releases where remote = $1 and version = $2 and preview_label is null`, [input.remote, input.version]);
    if (existing[0]) {
      const before = toRelease(existing[0]);
      if (before.manifestUrl === input.manifestUrl && sameFiles(before.files, input.files)) {
        await audit(tx, actor, 'release.register', `${input.remote} ${input.version}`, `${input.remote} ${input.version} registered again (a retry): nothing changed`);
        return before;
      }
      throw conflict(`${input.remote} ${input.version} was released before: a version is never reused, choose another`, 'VERSION_EXISTS');
    }
    const canary = input.canaryPercent ?? null;
    const replaced = await releaseIn(tx, input.remote, canary ? 'canary' : 'active');
    const openCanary = canary ? null : await releaseIn(tx, input.remote, 'canary');
    if (replaced) await setState(tx, replaced.id, canary ? 'rolled-back' : 'retired', actor.username);
    if (openCanary) await setState(tx, openCanary.id, 'rolled-back', actor.username);
    const rows = await tx.query<Row>(
      `insert into releases (remote, version, manifest_url, files, notes, created_by, state, canary_percent, changed_by, meta, promote_after_seconds, first_load)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $6, $9, $10, $11) returning ${COLUMNS}`,
      [
        input.remote,
        input.version,
        input.manifestUrl,
        JSON.stringify(input.files),
        input.notes ?? '',
        actor.username,
        canary ? 'canary' : 'active',
        canary,
        JSON.stringify(meta),
        canary ? (input.promoteAfterSeconds ?? null) : null,
        JSON.stringify(firstLoad),
      ],
    );
    const release = toRelease(rows[0]);
    const after = canary && input.promoteAfterSeconds ? `, promoted after ${input.promoteAfterSeconds} s of Pass` : '';
    const what = canary ? `canary for ${canary}% of administrators${after}` : 'active for everyone';
    const gone = [replaced && `${replaced.version} ${canary ? 'rolled back' : 'retired'}`, openCanary && `canary ${openCanary.version} rolled back`].filter(Boolean);
    await audit(tx, actor, 'release.register', `${input.remote} ${input.version}`, `${input.remote} ${input.version} ${what}${gone.length ? `; ${gone.join(', ')}` : ''}`);
    return release;
  });
}

/** The automatic promotion (the canary judge): only this canary, audited under `action` with `why`. */
export interface PromoteOptions {
  onlyCanaryId?: string;
  action?: string;
  why?: string;
}

/** The canary becomes active for everyone; the active release before it is retired. */
export async function promoteCanary(db: Db, actor: Actor, remote: string, opts: PromoteOptions = {}): Promise<Release> {
  const { action = 'release.promote', why = '' } = opts;
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    await knownRemote(tx, remote);
    const canary = await releaseIn(tx, remote, 'canary');
    if (!canary || (opts.onlyCanaryId && canary.id !== opts.onlyCanaryId)) throw conflict(`${remote} has no canary to promote`, 'NO_CANARY');
    const active = await releaseIn(tx, remote, 'active');
    if (active) await setState(tx, active.id, 'retired', actor.username);
    const promoted = await setState(tx, canary.id, 'active', actor.username);
    await audit(tx, actor, action, `${remote} ${canary.version}`, `${remote} ${canary.version} promoted from ${canary.canaryPercent}% to everyone${active ? `; ${active.version} retired` : ''}${why ? ` (${why})` : ''}`);
    return promoted;
  });
}

/**
 * With a canary: the canary is rolled back. Without: the active release is rolled back to `to`, or
 * to the newest release active before it (retired, never one rolled back).
 */
export interface RollbackOptions {
  to?: string;
  /** The automatic rollback: only this canary, and nothing when it is no longer the canary. */
  onlyCanaryId?: string;
  action?: string;
  why?: string;
}

export async function rollback(db: Db, actor: Actor, remote: string, opts: RollbackOptions = {}): Promise<{ active: Release; rolledBack: Release }> {
  const { to, action = 'release.rollback', why = '' } = opts;
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    await knownRemote(tx, remote);
    const active = await releaseIn(tx, remote, 'active');
    const canary = await releaseIn(tx, remote, 'canary');
    if (opts.onlyCanaryId && canary?.id !== opts.onlyCanaryId) throw conflict(`${remote}'s canary was already rolled back or promoted`, 'NOTHING_TO_ROLL_BACK');
    let target: Release | null = null;
    if (to !== undefined) {
      const rows = await tx.query<Row>(`select ${COLUMNS} from releases where remote = $1 and version = $2 and preview_label is null`, [remote, to]);
      if (!rows[0]) throw notFound(`${remote} has no release ${to}`, 'RELEASE_NOT_FOUND');
      target = toRelease(rows[0]);
      if (target.state === 'active' && !canary) throw conflict(`${remote} ${to} is already the active release`, 'NOTHING_TO_ROLL_BACK');
    } else if (!canary) {
      const rows = await tx.query<Row>(
        `select ${COLUMNS} from releases where remote = $1 and state = 'retired' order by changed_at desc, id desc limit 1`,
        [remote],
      );
      if (!rows[0] || !active) throw conflict(`${remote} has no canary and no earlier release to roll back to`, 'NOTHING_TO_ROLL_BACK');
      target = toRelease(rows[0]);
    }
    let rolledBack: Release;
    let now: Release;
    if (canary && (!target || target.id === active?.id)) {
      // Everyone back on the active release.
      rolledBack = await setState(tx, canary.id, 'rolled-back', actor.username);
      now = active!;
    } else {
      if (canary && canary.id !== target!.id) await setState(tx, canary.id, 'rolled-back', actor.username);
      rolledBack = active ? await setState(tx, active.id, 'rolled-back', actor.username) : await setState(tx, canary!.id, 'rolled-back', actor.username);
      now = await setState(tx, target!.id, 'active', actor.username);
    }
    await audit(tx, actor, action, `${remote} ${rolledBack.version}`, `${remote} ${rolledBack.version} rolled back; ${now.version} is active${why ? ` (${why})` : ''}`);
    return { active: now, rolledBack };
  });
}

/** A built remote `npm start` offers on first start. */
export interface SeedRelease {
  remote: string;
  version: string;
  manifestUrl: string;
  files: Record<string, string>;
  /** The build's remote-meta.json (checked against RemoteMeta by the caller). */
  meta: RemoteMeta;
  /** The build's mf-manifest.json, which its first load is read from (none: no first load). */
  manifest?: unknown;
}

export const SEED_ACTOR = 'npm start';

/**
 * Fills the registry from the built remotes: a missing remote is created (team growth-admin, served
 * from the build's origin); a remote with no release gets the build as its active release; a remote
 * whose active release is still an earlier `npm start` build gets the new build (a developer's
 * rebuild shows on the next start; one of an earlier registry, with no metadata, gets it), never over
 * a release someone made. A decommissioned remote is left as it is.
 */
export async function seedFromBuilds(db: Db, builds: SeedRelease[]): Promise<string[]> {
  const done: string[] = [];
  for (const build of builds) {
    const changed = await db.transaction(async (tx) => {
      await lockRemote(tx, build.remote);
      if (!(await ensureSeedRemote(tx, build.remote, build.manifestUrl, SEED_ACTOR))) return false;
      const [active] = await tx.query<Row>(`select ${COLUMNS}, meta, first_load as "firstLoad" from releases where remote = $1 and state = 'active'`, [build.remote]);
      const any = await tx.query('select 1 from releases where remote = $1 and preview_label is null limit 1', [build.remote]);
      const firstLoad = firstLoadOf(build.manifest, build.manifestUrl);
      const replaceable =
        active &&
        active.createdBy === SEED_ACTOR &&
        (active.version !== build.version ||
          active.manifestUrl !== build.manifestUrl ||
          JSON.stringify(json(active.meta)) !== JSON.stringify(build.meta) ||
          (active.firstLoad == null && firstLoad !== null)); // (one of a registry before first_load gets it; another build is another version)
      if (any.length && !replaceable) return false;
      if (active) await setState(tx, active.id, 'retired', SEED_ACTOR);
      await tx.query(
        `insert into releases (remote, version, manifest_url, files, notes, created_by, state, changed_by, meta, first_load)
         values ($1, $2, $3, $4, $5, $6, 'active', $6, $7, $8)
         on conflict (remote, version) where preview_label is null do update
           set state = 'active', manifest_url = excluded.manifest_url, files = excluded.files, meta = excluded.meta, first_load = excluded.first_load, changed_at = now()`,
        [
          build.remote,
          build.version,
          build.manifestUrl,
          JSON.stringify(build.files),
          'The local build, filled in by npm start',
          SEED_ACTOR,
          JSON.stringify(build.meta),
          JSON.stringify(firstLoad),
        ],
      );
      await audit(tx, { adminId: null, username: SEED_ACTOR, ip: '' }, 'release.seed', `${build.remote} ${build.version}`, `${build.remote} ${build.version} active (the local build)`);
      return true;
    });
    if (changed) done.push(`${build.remote} ${build.version}`);
  }
  return done;
}
