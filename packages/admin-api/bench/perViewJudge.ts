// The judge as it was before it counted administrators: every view one independent sample (a
// pooled two-proportion z-test on the error rate, Mann-Whitney U over every view of each vital, 98 %
// confidence over the four, at least 200 views and 50 samples per cohort). Kept for the bench only,
// so its false alarms on clustered data stay on record beside the judge's (bench/judge.ts).
import { mannWhitneyU, upperTail } from '../src/controlPlane/releases/judge';
import type { pooled } from './judgeData';

type Views = ReturnType<typeof pooled>;

/** Its defaults then. */
export const PER_VIEW_OPTIONS = { confidence: 0.98, minViews: 200, minSamples: 50 };

/** The pooled two-proportion z-test of "the first rate is higher": x1 of n1 against x2 of n2. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): { z: number; pValue: number } {
  const p = n1 + n2 ? (x1 + x2) / (n1 + n2) : 0;
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (!n1 || !n2 || !(se > 0)) return { z: 0, pValue: 1 };
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, pValue: upperTail(z) };
}

export function judgePerView(canary: Views, stable: Views, { confidence, minViews, minSamples } = PER_VIEW_OPTIONS): 'pass' | 'fail' | 'inconclusive' {
  if (canary.views < minViews || stable.views < minViews) return 'inconclusive';
  const perTest = (1 - confidence) / 4;
  if (twoProportionZ(canary.errorViews, canary.views, stable.errorViews, stable.views).pValue < perTest) return 'fail';
  let tooFew = false;
  for (const m of ['inp', 'lcp', 'cls'] as const) {
    if (canary[m].length < minSamples || stable[m].length < minSamples) {
      tooFew = true;
      continue;
    }
    if (mannWhitneyU(canary[m], stable[m]).pValue < perTest) return 'fail';
  }
  return tooFew ? 'inconclusive' : 'pass';
}
