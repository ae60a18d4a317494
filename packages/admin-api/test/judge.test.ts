// The canary judge on generated data where the answer is known (bench/judgeData.ts: a seeded
// generator, so every run sees the same numbers), and its tests on small hand-made samples.
import { generateCohort, seededRandom, STABLE_PROFILE } from '../bench/judgeData';
import { judgeCanary, mannWhitneyU, quantile, twoProportionZ, upperTail, type CohortSample } from '../src/modules/releases/judge';

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

  test('the two-proportion z-test', () => {
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

describe('the verdict on generated cohorts', () => {
  test('a canary 20 % slower (INP and LCP) fails on a timing, with the effect and the confidence', () => {
    const rng = seededRandom(1);
    const v = judgeCanary(generateCohort(rng, { slowdown: 1.2 }), generateCohort(rng));
    expect(v.verdict).toBe('fail');
    if (v.verdict !== 'fail') return;
    expect(['inp', 'lcp']).toContain(v.metric);
    expect(v.confidence).toBeGreaterThan(0.995);
    expect(v.relativeChange!).toBeGreaterThan(0.1);
    expect(v.effect!).toBeGreaterThan(0.5);
    expect(v.reason).toMatch(/worse: .* ms against .* ms \(\+\d+\.\d %\), at \d+\.\d % confidence/);
    expect(v.checks.find((c) => c.metric === 'inp')!.outcome).toBe('worse');
    expect(v.checks.find((c) => c.metric === 'lcp')!.outcome).toBe('worse');
  });

  test('a canary with twice the error rate fails on the error rate alone', () => {
    const rng = seededRandom(2);
    const views = 5000;
    const v = judgeCanary(generateCohort(rng, { views, errorRate: 0.04 }), generateCohort(rng, { views }));
    expect(v).toMatchObject({ verdict: 'fail', metric: 'errorRate' });
    if (v.verdict !== 'fail') return;
    expect(v.relativeChange!).toBeGreaterThan(0.5);
    expect(v.checks.filter((c) => c.outcome === 'worse').map((c) => c.metric)).toEqual(['errorRate']);
  });

  test('a faster canary passes: the tests are one-sided', () => {
    const rng = seededRandom(3);
    const v = judgeCanary(generateCohort(rng, { slowdown: 0.7, errorRate: 0.01 }), generateCohort(rng));
    expect(v.verdict).toBe('pass');
  });

  test('identical cohorts are not flagged in at least 97 % of 1,000 runs', () => {
    const rng = seededRandom(39);
    let flagged = 0;
    let passed = 0;
    for (let i = 0; i < 1000; i++) {
      const v = judgeCanary(generateCohort(rng, { views: 500 }), generateCohort(rng, { views: 500 }));
      if (v.verdict === 'fail') flagged++;
      if (v.verdict === 'pass') passed++;
    }
    expect(flagged).toBeLessThanOrEqual(30);
    expect(passed).toBe(1000 - flagged); // 500 views in each cohort: always enough to judge
  });

  test('small samples are Inconclusive, even when the canary looks worse', () => {
    const rng = seededRandom(4);
    const v = judgeCanary(generateCohort(rng, { views: 60, slowdown: 1.2 }), generateCohort(rng, { views: 60 }));
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toBe('too few views: 60 canary and 60 stable, 200 needed in each');
    expect(v.checks.every((c) => c.outcome === 'too-few')).toBe(true);
  });

  test('enough views but too few samples of a vital: Inconclusive, naming it', () => {
    const rng = seededRandom(5);
    const v = judgeCanary(generateCohort(rng, { views: 400, inpShare: 0.05 }), generateCohort(rng, { views: 400 }));
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toMatch(/^too few samples of INP \(\d+ canary, \d+ stable\): 50 needed in each cohort$/);
  });

  test('the minimums and the confidence are options', () => {
    const canary: CohortSample = { views: 10, errorViews: 0, inp: [1, 2, 3], lcp: [1, 2, 3], cls: [0, 0, 0.1] };
    const same: CohortSample = { ...canary };
    expect(judgeCanary(canary, same, { minViews: 5, minSamples: 3 }).verdict).toBe('pass');
    expect(judgeCanary(canary, same).verdict).toBe('inconclusive');
    expect(STABLE_PROFILE.views).toBe(2000);
  });
});
