// Where a click on a chart element leads: the list behind it, filtered through its URL (the lists
// read `from`/`to` as calendar days, both included, `type` as a productType, `region` as a region
// code). Pure: the dashboard turns a target into an href with shared-client's sectionHref.
//
// - Order Distribution, a bucket of a series: that bucket's days; Likes → orders of type heart,
//   Followers → orders of type watch, Coins → Payments (the Coins series counts recharge payments).
// - Revenue by Product Type, a slice: orders of that type; Coins (recharge revenue) → Payments.
// - Regional Distribution, a slice: Users of that region.
// - User Activity, a bucket: the Orders of those days (the Users list has no date filter; the
//   orders are what that day's activity bought).
// Buckets are UTC (the API's), so their days are UTC calendar days.
import type { TrendPeriod, TrendPoint } from '@growth-admin/shared-client';

export interface DrillTarget {
  section: 'orders' | 'payments' | 'users';
  query: Record<string, string>;
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first and last calendar day of the bucket starting at `time`. */
export function bucketDays(time: string, period: TrendPeriod): { from: string; to: string } | null {
  const start = Date.parse(time);
  if (!Number.isFinite(start)) return null;
  return { from: dayOf(start), to: dayOf(period === 'week' ? start + 6 * DAY : start) };
}

/** The Coins series and slice: recharge payments, listed under Payments. */
export const COINS_TYPE = 'coins';
const SERIES_TYPES: Record<string, string | undefined> = { Likes: 'heart', Followers: 'watch' };

export function orderDistributionTarget(point: TrendPoint | undefined, seriesName: string, period: TrendPeriod): DrillTarget | null {
  const days = point && bucketDays(point.time, period);
  if (!days) return null;
  if (seriesName === 'Coins') return { section: 'payments', query: days };
  const type = SERIES_TYPES[seriesName];
  return type ? { section: 'orders', query: { ...days, type } } : null;
}

export function userActivityTarget(point: TrendPoint | undefined, period: TrendPeriod): DrillTarget | null {
  const days = point && bucketDays(point.time, period);
  return days ? { section: 'orders', query: days } : null;
}

export function productTypeTarget(productType: string | undefined): DrillTarget | null {
  if (!productType) return null;
  return productType === COINS_TYPE ? { section: 'payments', query: {} } : { section: 'orders', query: { type: productType } };
}

export function regionTarget(region: string | undefined): DrillTarget | null {
  return region ? { section: 'users', query: { region } } : null;
}
