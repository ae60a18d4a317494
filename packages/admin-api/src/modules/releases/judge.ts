// The canary judge: is a canary worse than the stable release for the administrators who ran it?
// Pure: two cohorts' real-user measurements over the same window in, a verdict out. The registry
// (canaryJudge.ts) feeds it and acts on it; docs/releases.md ("The canary judge") is its reference.
//
// Per metric, one one-sided test of "the canary is worse":
//   - error rate per view (the share of views in which the remote raised at least one error):
//     a two-proportion z-test (pooled);
//   - INP, LCP and CLS (their p75 is what is shown): Mann-Whitney U over every sample, normal
//     approximation with the tie correction and a continuity correction (CLS has many ties at 0).
// The verdict holds at `confidence` (98 %) as a whole: four tests are run, so each one needs
// 1 - (1 - confidence) / 4 (Bonferroni), and identical cohorts are flagged at most 2 % of the time.

export const JUDGE_METRICS = ['errorRate', 'inp', 'lcp', 'cls'] as const;
export type JudgeMetric = (typeof JUDGE_METRICS)[number];
export const TIMING_METRICS = ['inp', 'lcp', 'cls'] as const;
export type TimingMetric = (typeof TIMING_METRICS)[number];

/** One cohort's measurements over the window: its views, those with an error, and each vital's samples. */
export interface CohortSample {
  views: number;
  /** Views in which the remote raised at least one error. */
  errorViews: number;
  inp: readonly number[];
  lcp: readonly number[];
  cls: readonly number[];
}

export interface JudgeOptions {
  /** The verdict's confidence as a whole (default 0.98). */
  confidence: number;
  /** Fewer views than this in either cohort: Inconclusive (default 200). */
  minViews: number;
  /** Fewer samples of a vital than this in either cohort: that vital cannot be judged (default 50). */
  minSamples: number;
}

export const DEFAULT_JUDGE_OPTIONS: JudgeOptions = { confidence: 0.98, minViews: 200, minSamples: 50 };

/** One metric compared: each cohort's figure (p75, or the error rate), the effect and the test's outcome. */
export interface MetricCheck {
  metric: JudgeMetric;
  canary: { n: number; value: number | null };
  stable: { n: number; value: number | null };
  /** The canary's figure relative to the stable one's: 0.2 = 20 % higher (worse); null without both. */
  relativeChange: number | null;
  /** Timings: the probability that a canary sample is worse than a stable one (0.5 = no difference). Error rate: the difference of the rates. */
  effect: number | null;
  /** One-sided p-value of "the canary is worse" (null: not tested). */
  pValue: number | null;
  /** 1 - pValue. */
  confidence: number | null;
  outcome: 'worse' | 'no-worse' | 'too-few';
}

export type Verdict =
  | { verdict: 'pass'; reason: string; checks: MetricCheck[] }
  | { verdict: 'fail'; reason: string; metric: JudgeMetric; relativeChange: number | null; effect: number | null; confidence: number; checks: MetricCheck[] }
  | { verdict: 'inconclusive'; reason: string; checks: MetricCheck[] };

// --- the normal distribution -------------------------------------------------------------------

/** erfc(x), fractional error below 1.2e-7 (Numerical Recipes' erfcc, a Chebyshev fit). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z > z) for a standard normal Z: the one-sided p-value of a z score. */
export function upperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

// --- the tests -----------------------------------------------------------------------------------

/**
 * Mann-Whitney U of "`worse` tends to be larger than `base`": the normal approximation with the tie
 * correction of the variance and a continuity correction. Returns the z score, its one-sided p-value
 * and the probability of superiority U / (n1 n2) (ties count half). With every value tied: p = 1.
 */
export function mannWhitneyU(worse: readonly number[], base: readonly number[]): { u: number; z: number; pValue: number; superiority: number } {
  const n1 = worse.length;
  const n2 = base.length;
  if (!n1 || !n2) return { u: 0, z: 0, pValue: 1, superiority: 0.5 };
  // Both samples sorted, then walked together: each group of equal values gets the average of its ranks.
  const a = Float64Array.from(worse).sort();
  const b = Float64Array.from(base).sort();
  const n = n1 + n2;
  let rankSum = 0;
  let tieTerm = 0; // Σ (t³ - t) over groups of tied values
  let i = 0;
  let j = 0;
  let rank = 0; // ranks given so far
  while (i < n1 || j < n2) {
    const v = j >= n2 || (i < n1 && a[i] <= b[j]) ? a[i] : b[j];
    let inA = 0;
    while (i < n1 && a[i] === v) {
      i++;
      inA++;
    }
    let inB = 0;
    while (j < n2 && b[j] === v) {
      j++;
      inB++;
    }
    const t = inA + inB;
    rankSum += inA * (rank + (t + 1) / 2); // the average of ranks rank+1 .. rank+t
    if (t > 1) tieTerm += t * t * t - t;
    rank += t;
  }
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  const superiority = u / (n1 * n2);
  if (variance <= 0) return { u, z: 0, pValue: 1, superiority };
  const z = (u - mean - 0.5) / Math.sqrt(variance);
  return { u, z, pValue: Math.min(1, upperTail(z)), superiority };
}

/** The pooled two-proportion z-test of "the first rate is higher": x1 of n1 against x2 of n2. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): { z: number; pValue: number; p1: number; p2: number } {
  const p1 = n1 ? x1 / n1 : 0;
  const p2 = n2 ? x2 / n2 : 0;
  const pooled = n1 + n2 ? (x1 + x2) / (n1 + n2) : 0;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!n1 || !n2 || !(se > 0)) return { z: 0, pValue: 1, p1, p2 };
  const z = (p1 - p2) / se;
  return { z, pValue: upperTail(z), p1, p2 };
}

/** The q-quantile (0..1) by linear interpolation between order statistics; null when empty. */
export function quantile(values: readonly number[], q: number): number | null {
  if (!values.length) return null;
  const s = Float64Array.from(values).sort();
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

const relative = (canary: number | null, stable: number | null): number | null =>
  canary === null || stable === null ? null : stable === 0 ? (canary === 0 ? 0 : null) : canary / stable - 1;

// --- the verdict -----------------------------------------------------------------------------

export const METRIC_LABELS: Record<JudgeMetric, string> = { errorRate: 'error rate per view', inp: 'INP p75', lcp: 'LCP p75', cls: 'CLS p75' };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The canary's cohort against the stable one's over the same window: Pass, Fail or Inconclusive, and why. */
export function judgeCanary(canary: CohortSample, stable: CohortSample, options: Partial<JudgeOptions> = {}): Verdict {
  const opts = { ...DEFAULT_JUDGE_OPTIONS, ...options };
  const perTest = (1 - opts.confidence) / JUDGE_METRICS.length;
  const checks: MetricCheck[] = [];
  const enoughViews = canary.views >= opts.minViews && stable.views >= opts.minViews;

  {
    const t = twoProportionZ(canary.errorViews, canary.views, stable.errorViews, stable.views);
    const tested = enoughViews;
    checks.push({
      metric: 'errorRate',
      canary: { n: canary.views, value: canary.views ? t.p1 : null },
      stable: { n: stable.views, value: stable.views ? t.p2 : null },
      relativeChange: relative(canary.views ? t.p1 : null, stable.views ? t.p2 : null),
      effect: canary.views && stable.views ? t.p1 - t.p2 : null,
      pValue: tested ? t.pValue : null,
      confidence: tested ? 1 - t.pValue : null,
      outcome: !tested ? 'too-few' : t.pValue < perTest ? 'worse' : 'no-worse',
    });
  }
  for (const metric of TIMING_METRICS) {
    const c = canary[metric];
    const s = stable[metric];
    const tested = enoughViews && c.length >= opts.minSamples && s.length >= opts.minSamples;
    const m = tested ? mannWhitneyU(c, s) : null;
    const cp75 = quantile(c, 0.75);
    const sp75 = quantile(s, 0.75);
    checks.push({
      metric,
      canary: { n: c.length, value: cp75 },
      stable: { n: s.length, value: sp75 },
      relativeChange: relative(cp75, sp75),
      effect: m ? m.superiority : null,
      pValue: m ? m.pValue : null,
      confidence: m ? 1 - m.pValue : null,
      outcome: !m ? 'too-few' : m.pValue < perTest ? 'worse' : 'no-worse',
    });
  }

  const worse = checks.filter((c) => c.outcome === 'worse').sort((a, b) => a.pValue! - b.pValue!);
  if (worse.length) {
    const w = worse[0];
    const change = w.relativeChange === null ? '' : ` (${w.relativeChange >= 0 ? '+' : ''}${pct(w.relativeChange)})`;
    const figures = w.metric === 'errorRate' ? `${pct(w.canary.value!)} against ${pct(w.stable.value!)}` : `${fmt(w.metric, w.canary.value)} against ${fmt(w.metric, w.stable.value)}`;
    return {
      verdict: 'fail',
      metric: w.metric,
      relativeChange: w.relativeChange,
      effect: w.effect,
      confidence: w.confidence!,
      reason: `the canary's ${METRIC_LABELS[w.metric]} is worse: ${figures}${change}, at ${pct(w.confidence!)} confidence (${worse.map((x) => METRIC_LABELS[x.metric]).join(', ')} worse)`,
      checks,
    };
  }
  if (!enoughViews) {
    return { verdict: 'inconclusive', reason: `too few views: ${canary.views} canary and ${stable.views} stable, ${opts.minViews} needed in each`, checks };
  }
  const few = checks.filter((c) => c.outcome === 'too-few');
  if (few.length) {
    const which = few.map((c) => `${METRIC_LABELS[c.metric].replace(' p75', '')} (${c.canary.n} canary, ${c.stable.n} stable)`).join(', ');
    return { verdict: 'inconclusive', reason: `too few samples of ${which}: ${opts.minSamples} needed in each cohort`, checks };
  }
  return { verdict: 'pass', reason: `no metric is worse at ${pct(opts.confidence)} confidence (${canary.views} canary views, ${stable.views} stable)`, checks };
}

function fmt(metric: JudgeMetric, v: number | null): string {
  if (v === null) return '—';
  return metric === 'cls' ? v.toFixed(3) : `${Math.round(v)} ms`;
}
