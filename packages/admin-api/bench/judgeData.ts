// Generated real-user measurements where the answer is known, for the canary judge's tests and its
// bench (bench/judge.ts). Clustered as real ones are: each administrator has their own device and
// network (their own baseline of each vital and their own error proneness), far more different
// between people than between one person's views, and their own number of views (a few heavy users,
// many light ones). Deterministic: every cohort comes from a seeded generator.
import type { AdminSummary, CohortSample, TimingMetric } from '../src/controlPlane/releases/judge';

// Math's functions, looked up once: under jest a module runs in a vm context, where each lookup of a
// global (Math) goes through the context's interceptor, and the judge's tests draw millions of
// numbers (1,000 runs took 5 s instead of 0.3 s).
const { cos, exp, imul, log, max, min, PI, round, sqrt } = Math;

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

/** How the administrators of a cohort experience a remote; a canary is the stable profile with its changes. */
export interface Population {
  /** Administrators in the cohort. */
  admins: number;
  /** Views per administrator: log-normal with this median and log-spread (a few heavy users), at least 1, at most 1,000. */
  viewsMedian: number;
  viewsSigma: number;
  /** Each administrator's views of the stable release before the window, as a share of theirs in it. */
  beforeShare: number;
  /** The share of administrators new to the remote (no views before the window). */
  newShare: number;
  /** The mean share of views with at least one error; each administrator's own is log-normal around it (σ 0.5). */
  errorRate: number;
  /** The population's medians of the vitals (ms, ms, unitless when something shifts). */
  inpMedian: number;
  lcpMedian: number;
  clsMedian: number;
  /** The log-spread of the vitals between administrators (their device and network) and between one administrator's views. */
  betweenSigma: number;
  withinSigma: number;
  /** The share of views with an interaction (INP), a largest paint (LCP), and a layout shift above 0. */
  inpShare: number;
  lcpShare: number;
  clsShiftShare: number;
  /** Multiplies INP and LCP in the window (1.2: 20 % slower), and CLS. */
  slowdown: number;
  clsFactor: number;
}

/** Roughly what an admin screen shows: 2 % of views with an error, INP 120 ms, LCP 1.2 s, CLS 0.05 when something shifts. */
export const POPULATION: Population = {
  admins: 20,
  viewsMedian: 10,
  viewsSigma: 1,
  beforeShare: 1,
  newShare: 0.1,
  errorRate: 0.02,
  inpMedian: 120,
  lcpMedian: 1200,
  clsMedian: 0.05,
  betweenSigma: 0.5,
  withinSigma: 0.2,
  inpShare: 0.6,
  lcpShare: 0.5,
  clsShiftShare: 0.5,
  slowdown: 1,
  clsFactor: 1,
};

/** One view's figures. */
export interface View {
  error: boolean;
  inp: number | null;
  lcp: number | null;
  cls: number;
}

/** One administrator's views in the window and before it. */
export interface GeneratedAdmin {
  views: View[];
  before: View[];
}

function viewsOf(rng: () => number, p: Population, person: { error: number; inp: number; lcp: number; cls: number }, n: number, slowdown: number, clsFactor: number): View[] {
  const w = p.withinSigma;
  return Array.from({ length: n }, () => ({
    error: rng() < person.error,
    inp: rng() < p.inpShare ? round(person.inp * exp(w * normal(rng)) * slowdown) : null,
    lcp: rng() < p.lcpShare ? round(person.lcp * exp(w * normal(rng)) * slowdown) : null,
    cls: rng() < p.clsShiftShare ? round(person.cls * exp(w * normal(rng)) * clsFactor * 10_000) / 10_000 : 0,
  }));
}

/** A cohort's administrators drawn from `population` (a canary: with its slowdown, CLS factor or error rate in the window only). */
export function generateAdmins(rng: () => number, population: Partial<Population> = {}): GeneratedAdmin[] {
  const p = { ...POPULATION, ...population };
  const b = p.betweenSigma;
  return Array.from({ length: p.admins }, () => {
    const n = max(1, min(1000, round(p.viewsMedian * exp(p.viewsSigma * normal(rng)))));
    const proneness = exp(0.5 * normal(rng) - 0.125); // mean 1
    const person = { inp: p.inpMedian * exp(b * normal(rng)), lcp: p.lcpMedian * exp(b * normal(rng)), cls: p.clsMedian * exp(b * normal(rng)) };
    const isNew = rng() < p.newShare;
    const beforeN = isNew ? 0 : max(1, round(n * p.beforeShare));
    return {
      views: viewsOf(rng, p, { ...person, error: min(1, p.errorRate * proneness) }, n, p.slowdown, p.clsFactor),
      before: viewsOf(rng, p, { ...person, error: min(1, POPULATION.errorRate * proneness) }, beforeN, 1, 1),
    };
  });
}

const typical = (m: TimingMetric, xs: number[]) => (xs.length ? (m === 'cls' ? xs.reduce((a, x) => a + x, 0) / xs.length : exp(xs.reduce((a, x) => a + log(max(x, 1)), 0) / xs.length)) : null);
const METRICS: TimingMetric[] = ['inp', 'lcp', 'cls'];
const vital = (views: View[], m: TimingMetric) => views.flatMap((v) => (v[m] === null ? [] : [v[m]!]));

/** What the judge reads of generated administrators: one summary each (measurements.ts computes the same in SQL). */
export function summarise(admins: GeneratedAdmin[]): CohortSample {
  return {
    admins: admins.map((a): AdminSummary => {
      const samples = { inp: 0, lcp: 0, cls: 0 };
      const medians = { inp: null, lcp: null, cls: null } as Record<TimingMetric, number | null>;
      const before = { inp: null, lcp: null, cls: null } as Record<TimingMetric, number | null>;
      for (const m of METRICS) {
        const now = vital(a.views, m);
        samples[m] = now.length;
        medians[m] = typical(m, now);
        before[m] = typical(m, vital(a.before, m));
      }
      return { views: a.views.length, errorViews: a.views.filter((v) => v.error).length, ...medians, samples, before };
    }),
  };
}

/** The same administrators' views pooled, as the per-view judge took them: every view one sample. */
export function pooled(admins: GeneratedAdmin[]): { views: number; errorViews: number; inp: number[]; lcp: number[]; cls: number[] } {
  const all = admins.flatMap((a) => a.views);
  return { views: all.length, errorViews: all.filter((v) => v.error).length, inp: vital(all, 'inp'), lcp: vital(all, 'lcp'), cls: vital(all, 'cls') };
}

export const SCENARIOS = {
  identical: {},
  'INP and LCP 20 % slower': { slowdown: 1.2 },
  'twice the error rate': { errorRate: POPULATION.errorRate * 2 },
  'CLS 50 % higher': { clsFactor: 1.5 },
} as const satisfies Record<string, Partial<Population>>;

/**
 * A cohort over a canary's life, judged at `looks` looks: its administrators (drawn as
 * generateAdmins does, their views being all they send by the last look) arrive over the first half
 * of the life, each at a random look, and send their views evenly from then on. `at(k)` is the
 * cohort at look k (1..looks): those arrived, each with the views sent by then. Each look's data
 * holds the earlier looks' (the judge reads everything since the canary began), as in the registry.
 */
export function growingCohort(rng: () => number, looks: number, population: Partial<Population> = {}): { at: (look: number) => GeneratedAdmin[] } {
  const admins = generateAdmins(rng, population).map((a) => ({ ...a, arrives: Math.floor(rng() * (looks / 2)) }));
  return {
    at: (look) =>
      admins
        .filter((a) => a.arrives < look)
        .map((a) => ({ before: a.before, views: a.views.slice(0, Math.ceil((a.views.length * (look - a.arrives)) / (looks - a.arrives))) })),
  };
}
