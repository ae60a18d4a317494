// The canary judge: is a canary worse than the stable release for the administrators who ran it?
// Pure: two cohorts of administrators in, a verdict out. The registry (canaryJudge.ts) feeds it and
// acts on it; docs/releases.md ("The canary judge") is its reference.
//
// The unit is the administrator, not the view: the cohorts were assigned per administrator, and one
// person's views (one laptop, one network, one habit) are alike, so counting views as independent
// overstates the evidence and lets one heavy (or lying) user weigh like hundreds. Each administrator
// is summarised over the window (their share of views with an error; each vital's typical value:
// the geometric mean of their views' INP and LCP, the mean of their CLS), and one
// one-sided Mann-Whitney U per metric compares the canary's administrators with the stable ones':
// each administrator is one rank, so one person can move a test by one voice at most.
//
// Vitals are compared against each administrator's own baseline where there is one:
// the same typical value of their views of the same remote on the stable release before the
// canary began (CUPED, Deng, Xu,
// Kohavi & Walker, WSDM 2013, with θ = 1). Device and network speed differ far more between people
// than between one person's views; the difference from their own baseline takes that away. When
// fewer than the minimum of administrators in either cohort have a baseline, the vital is compared
// on the administrators' typical values as they are.
//
// The verdict holds at `confidence` (98 %) as a whole: four tests are run, so each one needs
// 1 - (1 - confidence) / 4 (Bonferroni). And it holds over the canary's whole life, however often
// it is judged: the judge looks every interval (on every instance), so each test's p-value is the
// always-valid one (alwaysValidPValue), not the p-value of one look. Fewer than `minAdmins`
// administrators in either cohort (or too few views or samples), or too few to decide at all
// (canDecide): Inconclusive, never Pass or Fail.

export const JUDGE_METRICS = ['errorRate', 'inp', 'lcp', 'cls'] as const;
export type JudgeMetric = (typeof JUDGE_METRICS)[number];
export const TIMING_METRICS = ['inp', 'lcp', 'cls'] as const;
export type TimingMetric = (typeof TIMING_METRICS)[number];

/** One administrator's views of one cohort over the window. */
export interface AdminSummary {
  views: number;
  /** Views in which the remote raised at least one error. */
  errorViews: number;
  /** Each vital's typical value over their views that measured it (null: none did), and how many did:
   *  the geometric mean of INP and LCP (ms), the mean of CLS. */
  inp: number | null;
  lcp: number | null;
  cls: number | null;
  samples: Record<TimingMetric, number>;
  /** The same of their views of the same remote's stable release before the window (null: none). */
  before: Record<TimingMetric, number | null>;
}

/** One cohort over the window: one summary per administrator. */
export interface CohortSample {
  admins: readonly AdminSummary[];
}

export interface JudgeOptions {
  /** The verdict's confidence as a whole (default 0.98). */
  confidence: number;
  /** Fewer administrators than this in either cohort: Inconclusive (default 5). */
  minAdmins: number;
  /** Fewer views than this in either cohort: Inconclusive (default 50). */
  minViews: number;
  /** Fewer samples of a vital than this in either cohort: that vital cannot be judged (default 20). */
  minSamples: number;
  /** Each test's p-value valid over every look (true, the default), or for one look only (the judge before; its bench compares). */
  sequential: boolean;
}

export const DEFAULT_JUDGE_OPTIONS: JudgeOptions = { confidence: 0.98, minAdmins: 5, minViews: 50, minSamples: 20, sequential: true };

/** One metric compared: each cohort's figure, the effect and the test's outcome. */
export interface MetricCheck {
  metric: JudgeMetric;
  /** n: views (error rate) or samples (a vital); admins: the administrators they come from. */
  canary: { n: number; admins: number; value: number | null };
  stable: { n: number; admins: number; value: number | null };
  /** The canary's figure relative to the stable one's: 0.2 = 20 % higher (worse); null without both. */
  relativeChange: number | null;
  /** The probability that a canary administrator fares worse than a stable one (0.5 = no difference). */
  effect: number | null;
  /** Each administrator against their own baseline (true), or their figures as they are. */
  againstBaseline: boolean;
  /** One-sided p-value of "the canary is worse", valid however often the canary is judged (null: not tested). */
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

// --- the test ------------------------------------------------------------------------------------

/** Small cohorts without ties get the exact p-value (the normal approximation is poor there). */
export const EXACT_MAX_N = 20;

/**
 * P(U >= u) under "no difference" for samples of n1 and n2 without ties, exactly: the number of
 * orderings with each U by the recurrence f(i, j, u) = f(i - 1, j, u - j) + f(i, j - 1, u)
 * (Mann & Whitney 1947), over all C(n1 + n2, n1) of them.
 */
export function exactUpperTail(n1: number, n2: number, u: number): number {
  // ways[j][v]: orderings of i values of the first sample and j of the second with U = v (for the current i).
  let ways: Float64Array[] = Array.from({ length: n2 + 1 }, () => Float64Array.of(1));
  for (let i = 1; i <= n1; i++) {
    const next: Float64Array[] = [Float64Array.of(1)];
    for (let j = 1; j <= n2; j++) {
      const row = new Float64Array(i * j + 1);
      const left = next[j - 1]; // f(i, j - 1, ·)
      const up = ways[j]; // f(i - 1, j, ·), shifted by j
      for (let v = 0; v < left.length; v++) row[v] += left[v];
      for (let v = 0; v < up.length; v++) row[v + j] += up[v];
      next.push(row);
    }
    ways = next;
  }
  const all = ways[n2];
  let total = 0;
  let tail = 0;
  for (let v = 0; v < all.length; v++) {
    total += all[v];
    if (v >= u) tail += all[v];
  }
  return tail / total;
}

/**
 * Mann-Whitney U of "`worse` tends to be larger than `base`": exact for small samples without ties
 * (n1 + n2 <= EXACT_MAX_N), else the normal approximation with the tie correction of the variance
 * and a continuity correction. Returns the z score, its one-sided p-value and the probability of
 * superiority U / (n1 n2) (ties count half). With every value tied: p = 1.
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
  const pValue = tieTerm === 0 && n <= EXACT_MAX_N ? exactUpperTail(n1, n2, u) : upperTail(z);
  return { u, z, pValue: Math.min(1, pValue), superiority };
}

// --- repeated looks ---------------------------------------------------------------------------

/**
 * The mixture's prior precision ρ on the effect, in the unit of information below (one
 * administrator a cohort): ρ = 1 makes the boundary lowest (z ≈ 3.6 at a p-value of 0.005) from
 * about 10 to 50 administrators a cohort, where canaries are decided (docs/releases.md).
 */
export const MIXTURE_RHO = 1;

/**
 * The always-valid one-sided p-value of a test's z score at `information` (n1 n2 / (n1 + n2)
 * administrators): 1 / M, with M the likelihood ratio of "the canary is worse by an effect λ",
 * λ half-normal with precision ρ, against "no difference", for the score S = z √information, a
 * Brownian motion in the information under no difference:
 *   M = 2 √(ρ / (t + ρ)) exp(S² / (2 (t + ρ))) Φ(S / √(t + ρ))
 * (Robbins' mixture; the mSPRT of Johari, Koomen, Pekelis & Walsh, "Always Valid Inference",
 * Operations Research 2022). M is a martingale starting at 1 under no difference, so by Ville's
 * inequality the chance that 1 / M ever falls below α, at any number of looks taken at any times,
 * is at most α.
 */
export function alwaysValidPValue(z: number, information: number, rho = MIXTURE_RHO): number {
  const v = information + rho;
  const s = z * Math.sqrt(information);
  const logM = Math.log(2) + 0.5 * Math.log(rho / v) + (s * s) / (2 * v) + Math.log(upperTail(-s / Math.sqrt(v)));
  return Math.min(1, Math.exp(-logM));
}

/**
 * Whether n1 canary and n2 stable administrators can show a metric worse at all: the always-valid
 * p-value of the most extreme ordering (every canary administrator worse than every stable one,
 * no ties) is below `perTest`. Fewer cannot Fail, so they must not Pass either (about 10 a cohort).
 */
export function canDecide(n1: number, n2: number, perTest: number): boolean {
  if (!n1 || !n2) return false;
  const zMax = ((n1 * n2) / 2 - 0.5) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
  return alwaysValidPValue(zMax, (n1 * n2) / (n1 + n2)) < perTest;
}

/** canDecide, for the always-valid p-values; one look's can always be tested (the judge before). */
const decisive = (n1: number, n2: number, opts: JudgeOptions, perTest: number) => !opts.sequential || canDecide(n1, n2, perTest);

/** A test's p-value as the judge takes it: always valid, or (opts.sequential false) of this look alone. */
function testPValue(m: { z: number; pValue: number }, n1: number, n2: number, opts: JudgeOptions): number {
  return opts.sequential ? alwaysValidPValue(m.z, (n1 * n2) / (n1 + n2)) : m.pValue;
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

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
const sum = (xs: readonly AdminSummary[], f: (a: AdminSummary) => number) => xs.reduce((s, a) => s + f(a), 0);

/**
 * An administrator's change from their own baseline: the log of the ratio for INP and LCP (a 20 %
 * slower canary is +0.18 whatever the person's speed), the difference for CLS (often 0).
 */
function fromBaseline(metric: TimingMetric, now: number, before: number): number {
  return metric === 'cls' ? now - before : Math.log(Math.max(now, 1) / Math.max(before, 1));
}

// --- the verdict -----------------------------------------------------------------------------

export const METRIC_LABELS: Record<JudgeMetric, string> = { errorRate: 'error rate', inp: 'INP', lcp: 'LCP', cls: 'CLS' };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function errorRateCheck(canary: readonly AdminSummary[], stable: readonly AdminSummary[], tested: boolean, opts: JudgeOptions, perTest: number): MetricCheck {
  const share = (a: AdminSummary) => (a.views ? a.errorViews / a.views : 0);
  const c = canary.map(share);
  const s = stable.map(share);
  const u = tested && decisive(c.length, s.length, opts, perTest) ? mannWhitneyU(c, s) : null;
  const m = u ? { superiority: u.superiority, pValue: testPValue(u, c.length, s.length, opts) } : null;
  const cv = mean(c);
  const sv = mean(s);
  return {
    metric: 'errorRate',
    canary: { n: sum(canary, (a) => a.views), admins: canary.length, value: cv },
    stable: { n: sum(stable, (a) => a.views), admins: stable.length, value: sv },
    relativeChange: relative(cv, sv),
    effect: m ? m.superiority : null,
    againstBaseline: false,
    pValue: m ? m.pValue : null,
    confidence: m ? 1 - m.pValue : null,
    outcome: !m ? 'too-few' : m.pValue < perTest ? 'worse' : 'no-worse',
  };
}

function timingCheck(metric: TimingMetric, canary: readonly AdminSummary[], stable: readonly AdminSummary[], enough: boolean, opts: JudgeOptions, perTest: number): MetricCheck {
  const measured = (xs: readonly AdminSummary[]) => xs.filter((a) => a[metric] !== null);
  const c = measured(canary);
  const s = measured(stable);
  const samples = (xs: readonly AdminSummary[]) => sum(xs, (a) => a.samples[metric]);
  const tested = enough && c.length >= opts.minAdmins && s.length >= opts.minAdmins && decisive(c.length, s.length, opts, perTest) && samples(c) >= opts.minSamples && samples(s) >= opts.minSamples;
  const withBaseline = (xs: AdminSummary[]) => xs.filter((a) => a.before[metric] !== null);
  const cb = withBaseline(c);
  const sb = withBaseline(s);
  const againstBaseline = cb.length >= opts.minAdmins && sb.length >= opts.minAdmins && decisive(cb.length, sb.length, opts, perTest);
  const values = (xs: AdminSummary[]) => (againstBaseline ? xs.map((a) => fromBaseline(metric, a[metric]!, a.before[metric]!)) : xs.map((a) => a[metric]!));
  const [x, y] = againstBaseline ? [values(cb), values(sb)] : [values(c), values(s)];
  const u = tested ? mannWhitneyU(x, y) : null;
  const m = u ? { superiority: u.superiority, pValue: testPValue(u, x.length, y.length, opts) } : null;
  // Shown: the p75 of the administrators' typical values (each administrator one value).
  const cp75 = quantile(c.map((a) => a[metric]!), 0.75);
  const sp75 = quantile(s.map((a) => a[metric]!), 0.75);
  return {
    metric,
    canary: { n: samples(c), admins: c.length, value: cp75 },
    stable: { n: samples(s), admins: s.length, value: sp75 },
    relativeChange: relative(cp75, sp75),
    effect: m ? m.superiority : null,
    againstBaseline: tested && againstBaseline,
    pValue: m ? m.pValue : null,
    confidence: m ? 1 - m.pValue : null,
    outcome: !m ? 'too-few' : m.pValue < perTest ? 'worse' : 'no-worse',
  };
}

/** The canary's administrators against the stable ones' over the same window: Pass, Fail or Inconclusive, and why. */
export function judgeCanary(canary: CohortSample, stable: CohortSample, options: Partial<JudgeOptions> = {}): Verdict {
  const opts = { ...DEFAULT_JUDGE_OPTIONS, ...options };
  const perTest = (1 - opts.confidence) / JUDGE_METRICS.length;
  const c = canary.admins;
  const s = stable.admins;
  const views = { canary: sum(c, (a) => a.views), stable: sum(s, (a) => a.views) };
  const enoughAdmins = c.length >= opts.minAdmins && s.length >= opts.minAdmins;
  const enoughViews = views.canary >= opts.minViews && views.stable >= opts.minViews;
  const enough = enoughAdmins && enoughViews;
  const checks = [errorRateCheck(c, s, enough, opts, perTest), ...TIMING_METRICS.map((m) => timingCheck(m, c, s, enough, opts, perTest))];
  const who = `${c.length} canary and ${s.length} stable administrators`;

  if (!enoughAdmins) {
    return { verdict: 'inconclusive', reason: `too few administrators: ${c.length} canary and ${s.length} stable, ${opts.minAdmins} needed in each`, checks };
  }
  if (!enoughViews) {
    return { verdict: 'inconclusive', reason: `too few views: ${views.canary} canary and ${views.stable} stable, ${opts.minViews} needed in each`, checks };
  }
  if (!decisive(c.length, s.length, opts, perTest)) {
    return {
      verdict: 'inconclusive',
      reason: `too few administrators to decide: ${who}; even with every canary administrator worse than every stable one, no metric could be found worse at ${pct(opts.confidence)} confidence over the canary's repeated judgements`,
      checks,
    };
  }
  const worse = checks.filter((x) => x.outcome === 'worse').sort((a, b) => a.pValue! - b.pValue!);
  if (worse.length) {
    const w = worse[0];
    const change = w.relativeChange === null ? '' : ` (${w.relativeChange >= 0 ? '+' : ''}${pct(w.relativeChange)})`;
    const figures = `${fmt(w.metric, w.canary.value)} against ${fmt(w.metric, w.stable.value)}`;
    const basis = w.againstBaseline ? ', each against their own baseline' : '';
    return {
      verdict: 'fail',
      metric: w.metric,
      relativeChange: w.relativeChange,
      effect: w.effect,
      confidence: w.confidence!,
      reason: `the canary's ${METRIC_LABELS[w.metric]} is worse: ${figures}${change}, at ${pct(w.confidence!)} confidence from ${who}${basis} (${worse.map((x) => METRIC_LABELS[x.metric]).join(', ')} worse)`,
      checks,
    };
  }
  const few = checks.filter((x) => x.outcome === 'too-few');
  if (few.length) {
    const which = few.map((x) => `${METRIC_LABELS[x.metric]} (${x.canary.n} canary from ${x.canary.admins}, ${x.stable.n} stable from ${x.stable.admins})`).join(', ');
    return { verdict: 'inconclusive', reason: `too few samples of ${which}: ${opts.minSamples} samples from ${opts.minAdmins} administrators needed in each cohort`, checks };
  }
  return { verdict: 'pass', reason: `no metric is worse at ${pct(opts.confidence)} confidence (${who}; ${views.canary} canary views, ${views.stable} stable)`, checks };
}

/** A metric's figure as the reasons show it: the error rate as a share, vitals at p75 over the administrators. */
function fmt(metric: JudgeMetric, v: number | null): string {
  if (v === null) return '—';
  if (metric === 'errorRate') return pct(v);
  return metric === 'cls' ? v.toFixed(3) : `${Math.round(v)} ms`;
}
