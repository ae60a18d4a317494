// The canary judge on generated administrators where the answer is known (bench/judgeData.ts: a
// seeded generator, so every run sees the same numbers), and on small hand-made cohorts.
import { generateAdmins, growingCohort, pooled, seededRandom, summarise } from '../bench/judgeData';
import { judgePerView, twoProportionZ } from '../bench/perViewJudge';
import { alwaysValidPValue, canDecide, exactUpperTail, judgeCanary, mannWhitneyU, quantile, upperTail, type AdminSummary, type CohortSample } from '../src/controlPlane/releases/judge';

describe('the statistics', () => {
  test('the normal tail matches known values', () => {
    expect(upperTail(0)).toBeCloseTo(0.5, 7);
    expect(upperTail(1.959964)).toBeCloseTo(0.025, 6);
    expect(upperTail(2.053749)).toBeCloseTo(0.02, 6);
    expect(upperTail(2.575829)).toBeCloseTo(0.005, 6);
    expect(upperTail(-1.644854)).toBeCloseTo(0.95, 6);
  });

  test('Mann-Whitney U counts ranks with ties averaged, and corrects the variance for them', () => {
    // Worked by hand: worse = [3, 4, 4], base = [1, 2, 4]; ranks 1..6 with the three 4s at rank 5.
    const r = mannWhitneyU([3, 4, 4], [1, 2, 4]);
    expect(r.u).toBe(3 + 5 + 5 - 6); // rank sum 13 minus n1(n1+1)/2
    expect(r.superiority).toBeCloseTo(7 / 9, 10);
    // variance = n1 n2 / 12 × (n + 1 - Σ(t³ - t) / (n (n - 1))) = 9/12 × (7 - 24/30) = 4.65
    expect(r.z).toBeCloseTo((7 - 4.5 - 0.5) / Math.sqrt(4.65), 10);
    // Every value tied: nothing to say.
    expect(mannWhitneyU([0, 0, 0], [0, 0]).pValue).toBe(1);
    // A shifted sample is found, its mirror is not (one-sided).
    const low = Array.from({ length: 40 }, (_, i) => i);
    const high = low.map((x) => x + 20);
    expect(mannWhitneyU(high, low).pValue).toBeLessThan(0.001);
    expect(mannWhitneyU(low, high).pValue).toBeGreaterThan(0.999);
  });

  test('small samples without ties get the exact p-value', () => {
    // 5 against 5, every canary value above every stable one: 1 ordering of C(10, 5) = 252.
    expect(exactUpperTail(5, 5, 25)).toBeCloseTo(1 / 252, 12);
    expect(mannWhitneyU([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]).pValue).toBeCloseTo(1 / 252, 12);
    // U >= 0 always; U >= 1 misses only the one ordering with U = 0.
    expect(exactUpperTail(3, 4, 0)).toBe(1);
    expect(exactUpperTail(3, 4, 1)).toBeCloseTo(1 - 1 / 35, 12);
    // By hand, n1 = 2, n2 = 2: U = 0, 1, 2, 2, 3, 4 over the 6 orderings.
    expect(exactUpperTail(2, 2, 2)).toBeCloseTo(4 / 6, 12);
    // With ties, or beyond EXACT_MAX_N, the normal approximation.
    expect(mannWhitneyU([3, 4, 4], [1, 2, 4]).pValue).toBeCloseTo(upperTail(mannWhitneyU([3, 4, 4], [1, 2, 4]).z), 12);
  });

  test('the two-proportion z-test (the per-view judge of the bench)', () => {
    // 60/1000 against 40/1000: pooled 0.05, se = sqrt(0.05 × 0.95 × 0.002), z = 0.02 / se.
    const r = twoProportionZ(60, 1000, 40, 1000);
    expect(r.z).toBeCloseTo(0.02 / Math.sqrt(0.05 * 0.95 * 0.002), 10);
    expect(r.pValue).toBeCloseTo(upperTail(r.z), 12);
    expect(twoProportionZ(0, 500, 0, 500).pValue).toBe(1);
  });

  test('quantiles interpolate', () => {
    expect(quantile([4, 1, 3, 2], 0.75)).toBeCloseTo(3.25, 10);
    expect(quantile([], 0.75)).toBeNull();
  });
});

describe('the verdict on generated administrators', () => {
  const judge = (seed: number, canary: Parameters<typeof generateAdmins>[1], stable: Parameters<typeof generateAdmins>[1] = {}) => {
    const rng = seededRandom(seed);
    return judgeCanary(summarise(generateAdmins(rng, canary)), summarise(generateAdmins(rng, stable)));
  };

  test('a canary 20 % slower (INP and LCP) fails on a timing, each administrator against their own baseline', () => {
    const v = judge(1, { admins: 30, slowdown: 1.2 }, { admins: 30 });
    expect(v.verdict).toBe('fail');
    if (v.verdict !== 'fail') return;
    expect(['inp', 'lcp']).toContain(v.metric);
    expect(v.confidence).toBeGreaterThan(0.995);
    expect(v.effect!).toBeGreaterThan(0.5);
    expect(v.reason).toMatch(/^the canary's (INP|LCP) is worse: \d+ ms against \d+ ms \([+-]\d+\.\d %\), at \d+\.\d % confidence from 30 canary and 30 stable administrators, each against their own baseline/);
    const inp = v.checks.find((c) => c.metric === 'inp')!;
    expect(inp.againstBaseline).toBe(true);
    expect(v.checks.find((c) => c.metric === 'errorRate')).toMatchObject({ canary: { admins: 30 }, stable: { admins: 30 } });
  });

  test('a faster canary passes: the tests are one-sided', () => {
    expect(judge(3, { slowdown: 0.7, errorRate: 0.01 }).verdict).toBe('pass');
  });

  test('identical cohorts of 20 administrators are not flagged in at least 97 % of 1,000 runs', () => {
    const rng = seededRandom(39);
    let flagged = 0;
    for (let i = 0; i < 1000; i++) if (judgeCanary(summarise(generateAdmins(rng)), summarise(generateAdmins(rng))).verdict === 'fail') flagged++;
    expect(flagged).toBeLessThanOrEqual(30);
  });

  test('fewer administrators than the minimum: Inconclusive, however many views and however much worse', () => {
    const v = judge(4, { admins: 4, viewsMedian: 300, slowdown: 2 });
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toBe('too few administrators: 4 canary and 20 stable, 5 needed in each');
    expect(v.checks.every((c) => c.outcome === 'too-few')).toBe(true);
  });

  test("one administrator's views weigh as one voice: a heavy user's bad views do not fail a canary", () => {
    const rng = seededRandom(6);
    const stable = generateAdmins(rng, { admins: 10, viewsMedian: 40 });
    const canary = generateAdmins(rng, { admins: 10, viewsMedian: 40 });
    // One of the canary's administrators sends 1,000 views, every one slow and with an error.
    canary[0] = { before: canary[0].before, views: Array.from({ length: 1000 }, () => ({ error: true, inp: 5000, lcp: 20_000, cls: 1 })) };
    expect(judgeCanary(summarise(canary), summarise(stable)).verdict).toBe('pass');
    // Counted per view, as the judge did before, that one session decided.
    expect(judgePerView(pooled(canary), pooled(stable))).toBe('fail');
  });

  test('without baselines (administrators new to the remote), vitals compare their typical values as they are', () => {
    const v = judge(7, { newShare: 1, admins: 30 }, { newShare: 1, admins: 30 });
    expect(v.verdict).toBe('pass');
    expect(v.checks.filter((c) => c.metric !== 'errorRate').every((c) => !c.againstBaseline && c.outcome === 'no-worse')).toBe(true);
  });

  test('enough administrators but too few samples of a vital: Inconclusive, naming it', () => {
    const v = judge(5, { inpShare: 0.01 });
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toMatch(/^too few samples of INP \(\d+ canary from \d+, \d+ stable from \d+\): 20 samples from 5 administrators needed in each cohort$/);
  });

  test('the minimums and the confidence are options', () => {
    const admin = (inp: number): AdminSummary => ({ views: 4, errorViews: 0, inp, lcp: 1000, cls: 0, samples: { inp: 4, lcp: 4, cls: 4 }, before: { inp: null, lcp: null, cls: null } });
    const cohort: CohortSample = { admins: [admin(100), admin(110), admin(120)] };
    // Three administrators a cohort can decide only for one look (sequential: false); over repeated looks they cannot.
    expect(judgeCanary(cohort, cohort, { minAdmins: 3, minViews: 5, minSamples: 3, sequential: false }).verdict).toBe('pass');
    expect(judgeCanary(cohort, cohort, { minAdmins: 3, minViews: 5, minSamples: 3 }).verdict).toBe('inconclusive');
    expect(judgeCanary(cohort, cohort).verdict).toBe('inconclusive');
  });
});

describe('repeated looks', () => {
  test('the always-valid p-value: the mixture likelihood ratio by hand, never below one look’s p-value', () => {
    // z = 4 at information 9, ρ = 1: S = 12, M = 2 √(1/10) e^(144/20) Φ(12/√10) = 847.07.
    expect(alwaysValidPValue(4, 9)).toBeCloseTo(1 / 847.07, 6);
    expect(alwaysValidPValue(0, 9)).toBe(1);
    expect(alwaysValidPValue(-3, 9)).toBe(1);
    for (const z of [1, 2.58, 3, 4, 6]) for (const t of [2.5, 10, 100]) expect(alwaysValidPValue(z, t)).toBeGreaterThan(upperTail(z));
  });

  test('about 10 administrators a cohort are needed to decide: fewer would never Fail, so they do not Pass either', () => {
    expect([canDecide(9, 9, 0.005), canDecide(10, 10, 0.005), canDecide(5, 51, 0.005), canDecide(5, 52, 0.005)]).toEqual([false, true, false, true]);
    // Every canary administrator 50 % slower than every stable one, from their own baselines alike.
    const admin = (lcp: number): AdminSummary => ({ views: 10, errorViews: 0, inp: 100, lcp, cls: 0, samples: { inp: 10, lcp: 10, cls: 10 }, before: { inp: 100, lcp: 1000, cls: 0 } });
    const cohort = (n: number, lcp: number): CohortSample => ({ admins: Array.from({ length: n }, (_, i) => admin(lcp + i)) });
    const nine = judgeCanary(cohort(9, 1500), cohort(9, 1000));
    expect(nine.verdict).toBe('inconclusive');
    expect(nine.reason).toBe(
      "too few administrators to decide: 9 canary and 9 stable administrators; even with every canary administrator worse than every stable one, no metric could be found worse at 98.0 % confidence over the canary's repeated judgements",
    );
    expect(judgeCanary(cohort(9, 1500), cohort(9, 1000), { sequential: false }).verdict).toBe('fail'); // one look's p-value: 1 / C(18, 9)
    expect(judgeCanary(cohort(10, 1500), cohort(10, 1000))).toMatchObject({ verdict: 'fail', metric: 'lcp' });
  });

  test('identical canaries judged at 24 looks as their cohorts grow: each look’s p-values fail too many over the life, the always-valid ones at most 2 %', () => {
    const rng = seededRandom(61);
    let oneLook = 0;
    let alwaysValid = 0;
    const lives = 100;
    for (let i = 0; i < lives; i++) {
      const c = growingCohort(rng, 24, { admins: 50 });
      const s = growingCohort(rng, 24, { admins: 50 });
      let failedOneLook = false;
      let failedAlwaysValid = false;
      for (let look = 1; look <= 24; look++) {
        const cs = summarise(c.at(look));
        const ss = summarise(s.at(look));
        failedOneLook ||= judgeCanary(cs, ss, { sequential: false }).verdict === 'fail';
        failedAlwaysValid ||= judgeCanary(cs, ss).verdict === 'fail';
      }
      if (failedOneLook) oneLook++;
      if (failedAlwaysValid) alwaysValid++;
    }
    expect(oneLook).toBeGreaterThan(2);
    expect(alwaysValid).toBeLessThanOrEqual(2);
  });

  test('a worse canary is still found as its cohort grows, a few looks later than by one look’s p-values', () => {
    const rng = seededRandom(62);
    const c = growingCohort(rng, 24, { admins: 50, slowdown: 1.2 });
    const s = growingCohort(rng, 24, { admins: 50 });
    const firstFail = (sequential: boolean) => {
      for (let look = 1; look <= 24; look++) if (judgeCanary(summarise(c.at(look)), summarise(s.at(look)), { sequential }).verdict === 'fail') return look;
      return null;
    };
    const [before, now] = [firstFail(false), firstFail(true)];
    expect(now).not.toBeNull();
    expect(now!).toBeGreaterThanOrEqual(before!);
  });
});
