// Real-user measurements of the live releases (POST /api/vitals): stored per view against the release
// the administrator ran, with the cohort they were in when their session was given it, read back per
// administrator for the canary judge, and deleted after the retention.
import { SERIES_BUCKETS, type JudgementSeriesPoint, type VitalsBatch } from '@growth-admin/api-contract/releases';
import type { Queryable } from '../../db';
import type { AdminSummary, CohortSample } from './judge';

/** The newest views of a cohort the judge reads at most (bounded work per judgement; windowStart). */
export const JUDGE_MAX_VIEWS = 20_000;
/** How far before a canary the judge looks for each administrator's own baseline. */
export const BASELINE_DAYS = 7;

/** The session's served release of each id in `ids`: its remote, version and the cohort it was given in. */
export async function servedReleases(q: Queryable, sessionId: string, ids: string[]): Promise<Map<string, { remote: string; version: string; cohort: 'canary' | 'stable' | 'preview' }>> {
  const rows = await q.query<{ id: string; remote: string; version: string; cohort: 'canary' | 'stable' | 'preview' }>(
    `select r.id::text as id, r.remote, r.version, s.cohort
       from served_releases s join releases r on r.id = s.release_id
      where s.session_id = $1 and s.release_id = any($2::bigint[])`,
    [sessionId, ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Stores a batch from one session of `username`. A measurement is taken only of a release this
 * session's runtime config gave it, with the cohort it was given in (a release promoted or rolled
 * back since is still the one it ran); any other is not served: dropped, never stored. Returns the
 * remotes that got measurements, and the releases measured as canaries: the canaries whose judgement
 * the batch may start (a session is given a release in the canary cohort only while it is one, so a
 * batch never counts for a canary registered after it, whatever the clocks say).
 *
 * One statement: the served releases are joined in the insert. On PGlite every statement waits its
 * turn on the one connection, so a beacon's lookup and insert as two were two waits behind the
 * other beacons and the judge's reads (bench/vitalsScale.ts).
 */
export async function storeMeasurements(
  q: Queryable,
  session: { sessionId: string; username: string },
  batch: VitalsBatch['measurements'],
): Promise<{ accepted: number; notServed: number; remotes: string[]; canaries: string[] }> {
  const col = <T>(f: (m: (typeof batch)[number]) => T) => batch.map(f);
  const [row] = await q.query<{ accepted: number; remotes: string[] | null; canaries: string[] | null }>(
    `with stored as (
       insert into release_measurements (release_id, remote, version, cohort, admin_username, kind, target, lcp_ms, inp_ms, cls, errors)
       select r.id, r.remote, r.version, s.cohort, $2, u.k, u.t, u.l, u.i, u.c, u.e
         from unnest($3::bigint[], $4::text[], $5::text[], $6::real[], $7::real[], $8::real[], $9::int[]) with ordinality as u(rid, k, t, l, i, c, e, n)
         join served_releases s on s.session_id = $1 and s.release_id = u.rid
         join releases r on r.id = u.rid
        order by u.n -- the batch's order (ids follow it)
       returning remote, release_id, cohort)
     select count(*)::int as accepted, array_agg(distinct remote) as remotes,
            array_agg(distinct release_id::text) filter (where cohort = 'canary') as canaries
       from stored`,
    [
      session.sessionId,
      session.username,
      col((m) => m.releaseId),
      col((m) => m.kind),
      col((m) => m.target),
      col((m) => m.lcp ?? null),
      col((m) => m.inp ?? null),
      col((m) => m.cls ?? null),
      col((m) => m.errors),
    ],
  );
  return { accepted: row.accepted, notServed: batch.length - row.accepted, remotes: row.remotes ?? [], canaries: row.canaries ?? [] };
}

// Each administrator's typical value of a vital: the geometric mean of INP and LCP (ms, at least 1),
// the mean of CLS, over the views that measured it. judge.ts explains why; bench/judgeData.ts
// computes the same for generated views. (`greatest` takes a null for absent, not for 1 ms: a view
// without that vital must be left out, or the share of such views moved the figure.)
const TYPICAL = `exp(avg(ln(greatest(inp_ms::float8, 1))) filter (where inp_ms is not null)) as inp, count(inp_ms)::int as inp_n,
                 exp(avg(ln(greatest(lcp_ms::float8, 1))) filter (where lcp_ms is not null)) as lcp, count(lcp_ms)::int as lcp_n,
                 avg(cls::float8) as cls, count(cls)::int as cls_n`;

type TypicalRow = { admin: string; inp: number | null; inp_n: number; lcp: number | null; lcp_n: number; cls: number | null; cls_n: number };
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Administrator → their typical vitals before a canary: the baseline each of their figures is compared with. */
export type Baselines = ReadonlyMap<string, TypicalRow>;

/** Each administrator's typical vitals on the remote's stable releases in the BASELINE_DAYS before `since`. */
export async function baselinesBefore(q: Queryable, remote: string, since: Date): Promise<Baselines> {
  const rows = await q.query<TypicalRow>(
    `select admin_username as admin, ${TYPICAL}
       from release_measurements
      where remote = $1 and cohort = 'stable' and created_at < $2 and created_at >= $2::timestamptz - make_interval(days => ${BASELINE_DAYS})
      group by admin_username`,
    [remote, since],
  );
  return new Map(rows.map((r) => [r.admin, r]));
}

/**
 * The canaries' baselines, each read once: they are views from before the canary began, which no
 * later view changes, and reading them again on every run was the part of the judge's work that
 * grew with the table (a week of the remote's stable views each time). Kept while the canary runs
 * (`keepOnly`); a canary whose start moved (registered again) reads its new one.
 */
export class CanaryBaselines {
  private readonly byCanary = new Map<string, { since: number; baselines: Promise<Baselines> }>();

  of(q: Queryable, canaryId: string, remote: string, since: Date): Promise<Baselines> {
    const known = this.byCanary.get(canaryId);
    if (known?.since === since.getTime()) return known.baselines;
    const baselines = baselinesBefore(q, remote, since);
    this.byCanary.set(canaryId, { since: since.getTime(), baselines });
    baselines.catch(() => this.byCanary.delete(canaryId)); // read again next time
    return baselines;
  }

  keepOnly(canaryIds: Iterable<string>): void {
    const running = new Set(canaryIds);
    for (const id of this.byCanary.keys()) if (!running.has(id)) this.byCanary.delete(id);
  }
}

/**
 * Where the judge's window starts: at `since`, or, where a cohort has more than `maxViews` views
 * since then, at the later of the two cohorts' `maxViews`-th newest view, so that both are read
 * over the same span (bounded work). Each cohort's newest views read on their own cover different
 * spans when the cohorts differ in size: the bigger one's administrators then have fewer views
 * each, and their error shares fall on another lattice (one error in 79 views against one in 81),
 * which the rank test takes for a difference: with every administrator alike, a 2-minute run of
 * 500 of them at the documented rate failed most of 50 identical canaries (bench/vitalsScale.ts).
 */
export async function windowStart(q: Queryable, cohorts: Array<{ releaseId: string; cohort: 'canary' | 'stable' }>, since: Date, maxViews = JUDGE_MAX_VIEWS): Promise<Date> {
  let from = since;
  for (const { releaseId, cohort } of cohorts) {
    const [nth] = await q.query<{ at: Date }>(
      `select created_at as at from release_measurements
        where release_id = $1 and cohort = $2 and created_at >= $3
        order by created_at desc offset $4 limit 1`,
      [releaseId, cohort, since, maxViews - 1],
    );
    if (nth && new Date(nth.at) > from) from = new Date(nth.at);
  }
  return from;
}

/**
 * A cohort's administrators as the judge takes them: each one's views of `releaseId` since `from`
 * (windowStart), errors and typical vitals, with their baseline (null where they have none).
 */
export async function cohortSample(q: Queryable, releaseId: string, cohort: 'canary' | 'stable', from: Date, baselines: Baselines): Promise<CohortSample> {
  const rows = await q.query<TypicalRow & { views: number; error_views: number }>(
    `select admin_username as admin, count(*)::int as views, count(*) filter (where errors > 0)::int as error_views, ${TYPICAL}
       from release_measurements
      where release_id = $1 and cohort = $2 and created_at >= $3
      group by admin_username`,
    [releaseId, cohort, from],
  );
  return {
    admins: rows.map((r): AdminSummary => {
      const b = baselines.get(r.admin);
      return {
        views: r.views,
        errorViews: r.error_views,
        inp: r.inp_n ? num(r.inp) : null,
        lcp: r.lcp_n ? num(r.lcp) : null,
        cls: r.cls_n ? num(r.cls) : null,
        samples: { inp: r.inp_n, lcp: r.lcp_n, cls: r.cls_n },
        before: { inp: b?.inp_n ? num(b.inp) : null, lcp: b?.lcp_n ? num(b.lcp) : null, cls: b?.cls_n ? num(b.cls) : null },
      };
    }),
  };
}

type CohortPoint = JudgementSeriesPoint['canary'];
const NO_VIEWS: CohortPoint = { views: 0, admins: 0, errorRate: null, inp: null, lcp: null, cls: null };

/**
 * Whose views a series compares: a canary's (its release's canary views) against the remote's stable
 * views of the same time (the active release's: only it measures as stable), or one release's own
 * stable views (a release released to everyone at once: no canary).
 */
export type SeriesCohorts = { canaryId: string; remote: string } | { releaseId: string };

/**
 * The window over time for the operator's chart: from `since` to `until` in at most SERIES_BUCKETS
 * equal buckets of at least a minute, each cohort's views, error rate and vitals at p75, oldest
 * first; a bucket without views has nulls. Every view of the window counts (the judge reads the
 * newest JUDGE_MAX_VIEWS).
 */
export async function cohortSeries(q: Queryable, cohorts: SeriesCohorts, since: Date, until = new Date()): Promise<JudgementSeriesPoint[]> {
  const elapsed = Math.max(1, (until.getTime() - since.getTime()) / 1000);
  const bucketSeconds = Math.max(60, Math.ceil(elapsed / SERIES_BUCKETS));
  const count = Math.min(SERIES_BUCKETS, Math.ceil(elapsed / bucketSeconds));
  const [who, params] =
    'canaryId' in cohorts
      ? ["((release_id = $5::bigint and cohort = 'canary') or (remote = $6 and cohort = 'stable'))", [cohorts.canaryId, cohorts.remote]]
      : ["release_id = $5::bigint and cohort = 'stable'", [cohorts.releaseId]];
  const rows = await q.query<{ bucket: number; cohort: 'canary' | 'stable'; views: number; admins: number; error_rate: number; inp: number | null; lcp: number | null; cls: number | null }>(
    `select least(floor(extract(epoch from (created_at - $1::timestamptz)) / $3)::int, $4::int - 1) as bucket, cohort,
            count(*)::int as views, count(distinct admin_username)::int as admins,
            avg(case when errors > 0 then 1.0 else 0.0 end)::float8 as error_rate,
            percentile_cont(0.75) within group (order by inp_ms::float8) as inp,
            percentile_cont(0.75) within group (order by lcp_ms::float8) as lcp,
            percentile_cont(0.75) within group (order by cls::float8) as cls
       from release_measurements
      where ${who} and created_at >= $1::timestamptz and created_at <= $2::timestamptz
      group by 1, 2`,
    [since, until, bucketSeconds, count, ...params],
  );
  const series = Array.from({ length: count }, (_, i) => ({
    at: new Date(since.getTime() + i * bucketSeconds * 1000).toISOString(),
    canary: NO_VIEWS,
    stable: NO_VIEWS,
  }));
  for (const r of rows) {
    const point = series[Math.max(0, r.bucket)];
    if (!point) continue;
    point[r.cohort] = { views: r.views, admins: r.admins, errorRate: num(r.error_rate), inp: num(r.inp), lcp: num(r.lcp), cls: num(r.cls) };
  }
  return series;
}

/** The most rows one statement of the retention deletes. */
export const RETENTION_CHUNK = 5_000;

/**
 * Deletes measurements older than the retention, oldest first, `chunk` rows a statement; answers how
 * many went. In chunks because on PGlite a statement holds the one connection: at 500
 * administrators' documented rate a day is some 20 million rows, and after a day without the
 * judge's interval (a stopped server) one statement deleted them all while every beacon waited
 * (bench/vitalsScale.ts). Between two chunks, what was queued meanwhile runs.
 */
export async function deleteOldMeasurements(q: Queryable, retentionDays: number, chunk = RETENTION_CHUNK): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await q.query<{ n: number }>(
      `with gone as (
         delete from release_measurements where id in (
           select id from release_measurements where created_at < now() - make_interval(days => $1) order by created_at limit $2)
         returning 1)
       select count(*)::int as n from gone`,
      [retentionDays, chunk],
    );
    deleted += row.n;
    if (row.n < chunk) return deleted;
  }
}
