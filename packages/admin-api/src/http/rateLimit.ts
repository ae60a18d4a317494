// In-memory rate limits of the routes that take reports from browsers (CSP reports, a release's
// failure reports, real-user measurements).

/**
 * A fixed-window counter per key plus one for everyone: `take(key)` says whether one more report
 * may be stored now. In memory: a restart forgets it, which costs at most one more window of reports.
 */
export class ReportRateLimiter {
  private windowStart = 0;
  private perKey = new Map<string, number>();
  private all = 0;

  constructor(
    private readonly perKeyLimit: number,
    private readonly globalLimit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): boolean {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t;
      this.perKey.clear();
      this.all = 0;
    }
    const used = this.perKey.get(key) ?? 0;
    if (used >= this.perKeyLimit || this.all >= this.globalLimit) return false;
    this.perKey.set(key, used + 1);
    this.all += 1;
    return true;
  }
}
