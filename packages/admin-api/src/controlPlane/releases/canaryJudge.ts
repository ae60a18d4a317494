// The canary judge at work: for a remote with a canary, the canary's cohort against the stable
// one's since the canary was registered (judge.ts decides), the verdict stored on the canary, and
// acted on: a Fail rolls the canary back (release.auto-rollback, through the registry's rollback),
// a Pass that has lasted the release's promote-after is promoted (release.auto-promote). It runs
// after measurements arrive (at most once per canary per interval) and on that interval for every
// canary, so a promotion is due even when nobody sends anything.
import type { CanaryJudgement } from '@growth-admin/api-contract/releases';
import type { Db, Queryable } from '../../db';
import { iso } from '../../db/dates';
import { ApiError, notFound } from '../../http/errors';
import type { ControlPlaneConfig } from '../deps';
import type { ControlPlaneMetrics } from '../metrics';
import { judgeCanary, type Verdict } from './judge';
import { CanaryBaselines, cohortSample, cohortSeries, deleteOldMeasurements, windowStart } from './measurements';
import { deleteExpiredPreviews } from './previews';
import { knownRemote, listRemoteReleases, promoteCanary, releaseById, rollback } from './repository';

export const JUDGE_ACTOR = { adminId: null, username: 'canary judge', ip: '' };

export type JudgeAction = 'none' | 'rolled-back' | 'promoted';

type JudgeConfig = Pick<ControlPlaneConfig, 'judgeMinAdmins' | 'judgeMinViews' | 'judgeMinSamples'>;

const isConflict = (err: unknown) => err instanceof ApiError && err.statusCode === 409;

/**
 * Judges `remote`'s canary now and acts on the verdict; null when it has no canary. Both cohorts are
 * read over the same span (windowStart), each administrator against their baseline from before the
 * canary (read once per canary: `baselines`).
 */
export async function judgeRemote(
  db: Db,
  config: JudgeConfig,
  remote: string,
  { metrics, baselines = new CanaryBaselines(), maxViews }: { metrics?: ControlPlaneMetrics; baselines?: CanaryBaselines; maxViews?: number } = {},
): Promise<{ verdict: Verdict; action: JudgeAction } | null> {
  const [canary] = await db.query<{ id: string; since: Date }>(`select id::text as id, changed_at as since from releases where remote = $1 and state = 'canary'`, [remote]);
  if (!canary) return null;
  const [active] = await db.query<{ id: string }>(`select id::text as id from releases where remote = $1 and state = 'active'`, [remote]);
  const since = new Date(canary.since);
  const cohorts = [{ releaseId: canary.id, cohort: 'canary' as const }, ...(active ? [{ releaseId: active.id, cohort: 'stable' as const }] : [])];
  const from = await windowStart(db, cohorts, since, maxViews);
  const before = await baselines.of(db, canary.id, remote, since);
  const canarySample = await cohortSample(db, canary.id, 'canary', from, before);
  const stableSample = active ? await cohortSample(db, active.id, 'stable', from, before) : { admins: [] };
  const verdict = judgeCanary(canarySample, stableSample, { minAdmins: config.judgeMinAdmins, minViews: config.judgeMinViews, minSamples: config.judgeMinSamples });
  const [stored] = await db.query<{ passing_for: number | null; promote_after_seconds: number | null }>(
    `update releases set judge_verdict = $2, judged_at = now(),
            passing_since = case when $3 then coalesce(passing_since, now()) else null end
      where id = $1 and state = 'canary'
      returning extract(epoch from now() - passing_since)::float8 as passing_for, promote_after_seconds`,
    [canary.id, JSON.stringify(verdict), verdict.verdict === 'pass'],
  );
  if (!stored) return { verdict, action: 'none' }; // promoted or rolled back meanwhile
  if (verdict.verdict === 'fail') {
    try {
      await rollback(db, JUDGE_ACTOR, remote, { onlyCanaryId: canary.id, action: 'release.auto-rollback', why: `the canary judge: ${verdict.reason}` });
    } catch (err) {
      if (isConflict(err)) return { verdict, action: 'none' };
      throw err;
    }
    metrics?.release(remote, 'auto_rolled_back');
    metrics?.canary(remote, 'judge_rolled_back');
    return { verdict, action: 'rolled-back' };
  }
  if (verdict.verdict === 'pass' && stored.promote_after_seconds !== null && stored.passing_for !== null && stored.passing_for >= stored.promote_after_seconds) {
    try {
      await promoteCanary(db, JUDGE_ACTOR, remote, { onlyCanaryId: canary.id, action: 'release.auto-promote', why: `the canary judge's verdict has been Pass for ${Math.floor(stored.passing_for)} s: ${verdict.reason}` });
    } catch (err) {
      if (isConflict(err)) return { verdict, action: 'none' };
      throw err;
    }
    metrics?.release(remote, 'auto_promoted');
    metrics?.canary(remote, 'judge_promoted');
    return { verdict, action: 'promoted' };
  }
  return { verdict, action: 'none' };
}

type JudgedRow = {
  id: string;
  state: string;
  verdict: unknown;
  judged_at: Date | null;
  passing_since: Date | null;
  promote_after_seconds: number | null;
  created_at: Date;
  canary_ended_at: Date | null;
  changed_at: Date;
};

const JUDGED_COLUMNS = `id::text as id, state, judge_verdict as verdict, judged_at, passing_since, promote_after_seconds, created_at, canary_ended_at, changed_at`;

/**
 * The judge's verdict with the figures, as GET /releases/:remote/judgement answers it: on the
 * remote's canary, or with `releaseId` on that release (a past canary over its window, a release
 * released to everyone at once with its own views while it was active).
 */
export async function canaryJudgementOf(q: Queryable, remote: string, releaseId?: string): Promise<CanaryJudgement> {
  await knownRemote(q, remote);
  const [entry] = await listRemoteReleases(q, remote);
  const none = { remote, canary: entry?.canary ?? null, active: entry?.active ?? null, since: null, until: null, judgedAt: null, verdict: null, metric: null, confidence: null, checks: [], series: [], promoteAfterSeconds: null, passingSince: null };
  let row: JudgedRow | undefined;
  if (releaseId === undefined || releaseId === entry?.canary?.id) {
    if (!entry?.canary) return { ...none, reason: `${remote} has no canary` };
    [row] = await q.query<JudgedRow>(`select ${JUDGED_COLUMNS} from releases where id = $1`, [entry.canary.id]);
  } else {
    [row] = await q.query<JudgedRow>(`select ${JUDGED_COLUMNS} from releases where id = $1::bigint and remote = $2`, [releaseId, remote]);
    if (!row) throw notFound(`${remote} has no release ${releaseId}`, 'RELEASE_NOT_FOUND');
  }
  const release = await releaseById(q, remote, row.id);
  // A canary's window starts when it became the canary (its last change while it still is one).
  const since = row.state === 'canary' ? row.changed_at : row.created_at;
  const wasCanary = row.state === 'canary' || row.canary_ended_at !== null;
  if (!wasCanary) {
    // Released to everyone at once: nothing was judged; its own views while it was active.
    const until = row.state === 'active' ? null : row.changed_at;
    const series = await cohortSeries(q, { releaseId: row.id }, since, until ?? new Date());
    return { ...none, since: iso(since), until: until ? iso(until) : null, series, reason: `${release?.version ?? remote} was released to everyone at once: no canary was judged` };
  }
  const until = row.state === 'canary' ? null : row.canary_ended_at;
  const series = await cohortSeries(q, { canaryId: row.id, remote }, since, until ?? new Date());
  const v = (typeof row.verdict === 'string' ? JSON.parse(row.verdict) : row.verdict) as Verdict | null;
  const base = {
    ...none,
    canary: release,
    since: iso(since),
    until: until ? iso(until) : null,
    series,
    promoteAfterSeconds: row.promote_after_seconds,
    passingSince: row.state === 'canary' && row.passing_since ? iso(row.passing_since) : null,
  };
  if (!v) return { ...base, reason: until ? 'not judged: no measurements arrived while it was the canary' : 'not judged yet: no measurements have arrived since the canary was registered' };
  return {
    ...base,
    judgedAt: row.judged_at ? iso(row.judged_at) : null,
    verdict: v.verdict,
    reason: v.reason,
    metric: v.verdict === 'fail' ? v.metric : null,
    confidence: v.verdict === 'fail' ? v.confidence : null,
    checks: v.checks,
  };
}

/**
 * When the judge runs: after a batch for the remotes it measured, at most once per canary per
 * interval, and on the interval for every canary, spread over it (with the retention's deletions:
 * old measurements, previews expired past their grace period). An interval of 0: after every batch
 * and no timer. Never on a request's time: a batch is answered at once and its judging queued; the
 * queue judges one canary at a time (so the judge never holds more than one of the database's
 * connections, and on PGlite, which has one, beacons are served between its queries).
 */
export class CanaryJudgeSchedule {
  private readonly last = new Map<string, number>(); // canary id → when last judged
  private readonly baselines = new CanaryBaselines();
  private timer: NodeJS.Timeout | null = null;
  /** The sweep's canaries still to judge, each at its time. */
  private readonly timers = new Set<NodeJS.Timeout>();
  private queue: Promise<void> = Promise.resolve();
  /** Remotes measured since the queued task read them, the canaries among their views, and whether a task is queued. */
  private readonly measuredRemotes = new Set<string>();
  private readonly measuredCanaries = new Set<string>();
  private measuredQueued = false;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<
      ControlPlaneConfig,
      'judgeIntervalMs' | 'judgeMinAdmins' | 'judgeMinViews' | 'judgeMinSamples' | 'measurementsRetentionDays' | 'previewGraceDays' | 'log'
    >,
    private readonly metrics?: ControlPlaneMetrics,
  ) {}

  /** Runs `work` after what is queued; a failure is logged, and the queue goes on. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((err: unknown) => this.config.log(`[admin-api] the canary judge failed: ${err instanceof Error ? err.message : String(err)}`));
    return this.queue;
  }

  /**
   * Judges `remote`'s canary, then rests as long as that took: the judge never takes more than half
   * the database's time, also when many canaries are due at once (after a start, every one).
   */
  private async judge(remote: string): Promise<void> {
    const started = Date.now();
    await judgeRemote(this.db, this.config, remote, { metrics: this.metrics, baselines: this.baselines });
    await new Promise((resolve) => setTimeout(resolve, Date.now() - started).unref());
  }

  /**
   * After a batch of views of `remotes`, `canaryIds` the canaries among them (views in the canary
   * cohort): queues a judgement of each measured remote's canary not judged within the interval. The
   * interval counts per canary, not per remote, so a new canary is judged at once on its first batch
   * however recently its remote was measured. A canary never judged is judged first on a batch of its
   * own views: one of the releases before, whose task runs after the registration (a busy server's
   * queue), would judge it on none of its views and make its real first batch wait the interval. That
   * needs no clock: a session is given a release in the canary cohort only while it is one. Resolves
   * when they are judged (the route does not wait).
   */
  measured(remotes: string[], canaryIds: string[]): Promise<void> {
    for (const remote of remotes) this.measuredRemotes.add(remote);
    for (const id of canaryIds) this.measuredCanaries.add(id);
    if (this.measuredRemotes.size === 0 || this.measuredQueued) return this.queue;
    // One task for every batch that arrives before it runs: fifty batches a second are one query, not fifty.
    this.measuredQueued = true;
    return this.enqueue(async () => {
      this.measuredQueued = false;
      const [remotes, ownViews] = [[...this.measuredRemotes], new Set(this.measuredCanaries)];
      this.measuredRemotes.clear();
      this.measuredCanaries.clear();
      const canaries = await this.db.query<{ id: string; remote: string; judged: boolean }>(
        `select id::text as id, remote, judged_at is not null as judged from releases where state = 'canary' and remote = any($1::text[])`,
        [remotes],
      );
      for (const { id, remote, judged } of canaries) {
        if (!judged && !ownViews.has(id)) continue; // its first judgement waits for its own views
        if (Date.now() - (this.last.get(id) ?? -Infinity) < this.config.judgeIntervalMs) continue;
        this.last.set(id, Date.now());
        await this.judge(remote);
      }
    });
  }

  /**
   * Old measurements and previews expired past their grace period deleted, and every canary judged within the interval, spread over it one at a
   * time: fifty canaries judged back to back held PGlite's one connection for seconds, and every
   * beacon meanwhile (bench/vitalsScale.ts). A canary judged since (after a batch) is not judged again.
   */
  sweep(): Promise<void> {
    return this.enqueue(async () => {
      const started = Date.now();
      await deleteOldMeasurements(this.db, this.config.measurementsRetentionDays);
      const previews = await deleteExpiredPreviews(this.db, this.config.previewGraceDays);
      if (previews) this.config.log(`[admin-api] removed ${previews} preview releases expired over ${this.config.previewGraceDays} days ago (RELEASE_PREVIEW_GRACE_DAYS)`);
      const canaries = await this.db.query<{ id: string; remote: string }>(`select id::text as id, remote from releases where state = 'canary'`);
      const running = new Set(canaries.map((c) => c.id));
      for (const id of this.last.keys()) if (!running.has(id)) this.last.delete(id); // (only canaries still running are kept track of)
      this.baselines.keepOnly(running);
      const spacing = this.config.judgeIntervalMs / Math.max(1, canaries.length);
      canaries.forEach(({ id, remote }, i) =>
        this.later(i * spacing, async () => {
          if ((this.last.get(id) ?? -Infinity) >= started) return;
          this.last.set(id, Date.now());
          await this.judge(remote);
        }),
      );
    });
  }

  /** Queues `work` in `ms`. */
  private later(ms: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.enqueue(work);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  start(): void {
    if (this.config.judgeIntervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.config.judgeIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer; resolves when what is queued is done (before the database closes). */
  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    return this.queue;
  }
}
