// In-memory rate limits of the routes that take reports from browsers (CSP reports, a release's
// failure reports, real-user measurements).

/**
 * A bucket's content in report-milliseconds (a report costs `windowMs`, and `limit` refill every
 * millisecond): whole numbers, so no sum of fractions comes out a hair short of one report.
 */
interface Bucket {
  credit: number;
  at: number;
}

/**
 * A token bucket per key plus one for everyone: each holds `limit` reports and refills at `limit`
 * a window, and `take(key)` says whether one more report may be stored now. A sender that keeps to
 * the rate on its own clock is never refused because its reports arrived a little early or late (a
 * fixed window counted by arrival refuses such a sender now and then: a late report starts a window
 * that then holds seven), and no burst across a window's edge gets twice the limit. In memory: a
 * restart forgets it, which costs at most one more bucket of reports.
 */
export class ReportRateLimiter {
  private readonly perKey = new Map<string, Bucket>();
  private readonly all: Bucket;
  private lastSweep: number;

  constructor(
    private readonly perKeyLimit: number,
    private readonly globalLimit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    const t = now();
    this.all = { credit: globalLimit * windowMs, at: t };
    this.lastSweep = t;
  }

  take(key: string): boolean {
    const t = this.now();
    this.sweep(t);
    this.refill(this.all, this.globalLimit, t);
    const mine = this.perKey.get(key) ?? { credit: this.perKeyLimit * this.windowMs, at: t };
    this.refill(mine, this.perKeyLimit, t);
    // (a refused key is not remembered: refusals cannot grow the map)
    if (mine.credit < this.windowMs || this.all.credit < this.windowMs) return false;
    mine.credit -= this.windowMs;
    this.all.credit -= this.windowMs;
    this.perKey.set(key, mine);
    return true;
  }

  /** How many keys it remembers: those that took a report and have not refilled since (at most a window's). */
  get size(): number {
    return this.perKey.size;
  }

  /** What `bucket` holds at `t`: a clock set back refills nothing, and takes nothing, until it is past `at` again. */
  private filled(bucket: Bucket, limit: number, t: number): number {
    return Math.min(limit * this.windowMs, bucket.credit + Math.max(0, t - bucket.at) * limit);
  }

  private refill(bucket: Bucket, limit: number, t: number): void {
    bucket.credit = this.filled(bucket, limit, t);
    bucket.at = Math.max(bucket.at, t);
  }

  /** Once a window: the keys whose bucket is full again are forgotten (as if they had never sent). */
  private sweep(t: number): void {
    if (t - this.lastSweep < this.windowMs) return;
    this.lastSweep = t;
    for (const [key, bucket] of this.perKey) if (this.filled(bucket, this.perKeyLimit, t) >= this.perKeyLimit * this.windowMs) this.perKey.delete(key);
  }
}
