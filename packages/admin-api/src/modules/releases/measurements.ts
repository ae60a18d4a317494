// Real-user measurements of the live releases (POST /api/vitals): stored per view against the release
// the administrator ran, with the cohort they were in, read back per cohort for the canary judge, and
// deleted after the retention.
import { SERIES_BUCKETS, type JudgementSeriesPoint, type VitalsBatch } from '@growth-admin/api-contract';
import type { Queryable } from '../../db';
import type { CohortSample } from './judge';

/** The newest views of each cohort the judge reads (bounded work per judgement). */
export const JUDGE_MAX_VIEWS = 20_000;

/**
 * Stores a batch from `username`. Each measurement's release decides its remote, version and cohort:
 * `canary` while the release is its remote's canary, `stable` while it is the active release; a
 * measurement of any other release (rolled back, retired, unknown) is dropped. Returns the remotes
 * that got measurements.
 */
export async function storeMeasurements(q: Queryable, username: string, batch: VitalsBatch['measurements']): Promise<{ accepted: number; dropped: number; remotes: string[] }> {
  const ids = [...new Set(batch.map((m) => m.releaseId))];
  const live = await q.query<{ id: string; remote: string; version: string; state: string }>(
    `select id::text as id, remote, version, state from releases where id = any($1::bigint[]) and state in ('active', 'canary')`,
    [ids],
  );
  const byId = new Map(live.map((r) => [r.id, r]));
  const kept = batch.filter((m) => byId.has(m.releaseId));
  if (kept.length) {
    const col = <T>(f: (m: (typeof kept)[number]) => T) => kept.map(f);
    await q.query(
      `insert into release_measurements (release_id, remote, version, cohort, admin_username, kind, target, lcp_ms, inp_ms, cls, errors)
       select r, rm, v, c, $5, k, t, l, i, s, e
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $6::text[], $7::text[], $8::real[], $9::real[], $10::real[], $11::int[])
           as u(r, rm, v, c, k, t, l, i, s, e)`,
      [
        col((m) => m.releaseId),
        col((m) => byId.get(m.releaseId)!.remote),
        col((m) => byId.get(m.releaseId)!.version),
        col((m) => (byId.get(m.releaseId)!.state === 'canary' ? 'canary' : 'stable')),
        username,
        col((m) => m.kind),
        col((m) => m.target),
        col((m) => m.lcp ?? null),
        col((m) => m.inp ?? null),
        col((m) => m.cls ?? null),
        col((m) => m.errors),
      ],
    );
  }
  return { accepted: kept.length, dropped: batch.length - kept.length, remotes: [...new Set(kept.map((m) => byId.get(m.releaseId)!.remote))] };
}

/** A cohort's measurements of `releaseId` since `since` (the newest JUDGE_MAX_VIEWS views), as the judge takes them. */
export async function cohortSample(q: Queryable, releaseId: string, cohort: 'canary' | 'stable', since: Date | string): Promise<CohortSample> {
  const rows = await q.query<{ errors: number; lcp_ms: number | null; inp_ms: number | null; cls: number | null }>(
    `select errors, lcp_ms, inp_ms, cls from release_measurements
      where release_id = $1 and cohort = $2 and created_at >= $3
      order by created_at desc limit ${JUDGE_MAX_VIEWS}`,
    [releaseId, cohort, since],
  );
  const sample = { views: rows.length, errorViews: 0, inp: [] as number[], lcp: [] as number[], cls: [] as number[] };
  for (const r of rows) {
    if (r.errors > 0) sample.errorViews++;
    if (r.inp_ms !== null) sample.inp.push(Number(r.inp_ms));
    if (r.lcp_ms !== null) sample.lcp.push(Number(r.lcp_ms));
    if (r.cls !== null) sample.cls.push(Number(r.cls));
  }
  return sample;
}

type CohortPoint = JudgementSeriesPoint['canary'];
const NO_VIEWS: CohortPoint = { views: 0, errorRate: null, inp: null, lcp: null, cls: null };

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
  const rows = await q.query<{ bucket: number; cohort: 'canary' | 'stable'; views: number; error_rate: number; inp: number | null; lcp: number | null; cls: number | null }>(
    `select least(floor(extract(epoch from (created_at - $1::timestamptz)) / $3)::int, $4::int - 1) as bucket, cohort,
            count(*)::int as views,
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
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  for (const r of rows) {
    const point = series[Math.max(0, r.bucket)];
    if (!point) continue;
    point[r.cohort] = { views: r.views, errorRate: num(r.error_rate), inp: num(r.inp), lcp: num(r.lcp), cls: num(r.cls) };
  }
  return series;
}

/** Deletes measurements older than the retention; answers how many went. */
export async function deleteOldMeasurements(q: Queryable, retentionDays: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'with gone as (delete from release_measurements where created_at < now() - make_interval(days => $1) returning 1) select count(*)::int as n from gone',
    [retentionDays],
  );
  return row.n;
}
