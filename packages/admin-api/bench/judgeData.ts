// Generated real-user measurements where the answer is known, for the canary judge's tests and its
// bench (bench/judge.ts). Deterministic: every cohort comes from a seeded generator.
import type { CohortSample } from '../src/modules/releases/judge';

// Math's functions, looked up once: under jest a module runs in a vm context, where each lookup of a
// global (Math) goes through the context's interceptor, and the judge's tests draw millions of
// numbers (1,000 runs took 5 s instead of 0.3 s).
const { cos, exp, imul, log, PI, round, sqrt } = Math;

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller). */
function normal(rng: () => number): number {
  const u = 1 - rng(); // (0, 1]: log(0) never happens
  return sqrt(-2 * log(u)) * cos(2 * PI * rng());
}

/** A log-normal draw with this median and log-spread. */
const logNormal = (rng: () => number, median: number, sigma: number) => median * exp(sigma * normal(rng));

/** How a cohort's administrators experience a remote; a canary is the stable profile with a factor. */
export interface CohortProfile {
  views: number;
  /** The share of views with at least one error. */
  errorRate: number;
  /** Medians of the vitals (ms, ms, unitless) and their log-spread. */
  inpMedian: number;
  lcpMedian: number;
  clsMedian: number;
  sigma: number;
  /** The share of views with an interaction (INP), a largest paint (LCP), and a layout shift above 0. */
  inpShare: number;
  lcpShare: number;
  clsShiftShare: number;
  /** Multiplies INP and LCP (1.2: 20 % slower) and CLS. */
  slowdown: number;
  clsFactor: number;
}

/** Roughly what an admin screen shows: 2 % of views with an error, INP 120 ms, LCP 1.2 s, CLS 0.05 when something shifts. */
export const STABLE_PROFILE: CohortProfile = {
  views: 2000,
  errorRate: 0.02,
  inpMedian: 120,
  lcpMedian: 1200,
  clsMedian: 0.05,
  sigma: 0.6,
  inpShare: 0.6,
  lcpShare: 0.5,
  clsShiftShare: 0.5,
  slowdown: 1,
  clsFactor: 1,
};

/** One cohort's measurements drawn from `profile`. */
export function generateCohort(rng: () => number, profile: Partial<CohortProfile> = {}): CohortSample {
  const p = { ...STABLE_PROFILE, ...profile };
  let errorViews = 0;
  const inp: number[] = [];
  const lcp: number[] = [];
  const cls: number[] = [];
  for (let i = 0; i < p.views; i++) {
    if (rng() < p.errorRate) errorViews++;
    if (rng() < p.inpShare) inp.push(round(logNormal(rng, p.inpMedian, p.sigma) * p.slowdown));
    if (rng() < p.lcpShare) lcp.push(round(logNormal(rng, p.lcpMedian, p.sigma) * p.slowdown));
    cls.push(rng() < p.clsShiftShare ? round(logNormal(rng, p.clsMedian, p.sigma) * p.clsFactor * 10_000) / 10_000 : 0);
  }
  return { views: p.views, errorViews, inp, lcp, cls };
}

/** A scenario: the stable cohort's profile and the canary's changes to it. */
export interface Scenario {
  name: string;
  views: number;
  canary: Partial<CohortProfile>;
}

export const SCENARIOS = {
  identical: { canary: {} },
  'INP and LCP 20 % slower': { canary: { slowdown: 1.2 } },
  'twice the error rate': { canary: { errorRate: STABLE_PROFILE.errorRate * 2 } },
  'CLS 50 % higher': { canary: { clsFactor: 1.5 } },
} as const satisfies Record<string, { canary: Partial<CohortProfile> }>;
