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
// The dashboard asks for its buckets in the browser's time zone (useDashboardData), and the lists
// read `from`/`to` as days in that zone too, so a bucket's days are read in that same zone: the
// list opened from a day bar counts what the bar counts.
import { browserTimeZone, type TrendPeriod, type TrendPoint } from '@growth-admin/shared-client';

export interface DrillTarget {
  section: 'orders' | 'payments' | 'users';
  query: Record<string, string>;
}

/** YYYY-MM-DD of an instant in `timeZone` ('en-CA' writes dates that way). */
const dayIn = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
/** The calendar day `n` days after a YYYY-MM-DD day (calendar arithmetic: no DST involved). */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first and last calendar day, in `timeZone`, of the bucket starting at `time`. */
export function bucketDays(time: string, period: TrendPeriod, timeZone = browserTimeZone()): { from: string; to: string } | null {
  const start = Date.parse(time);
  if (!Number.isFinite(start)) return null;
  const from = dayIn(start, timeZone);
  return { from, to: period === 'week' ? addDays(from, 6) : from };
}

/** The Coins series and slice: recharge payments, listed under Payments. */
export const COINS_TYPE = 'coins';
const SERIES_TYPES: Record<string, string | undefined> = { Likes: 'heart', Followers: 'watch' };

export function orderDistributionTarget(point: TrendPoint | undefined, seriesName: string, period: TrendPeriod, timeZone?: string): DrillTarget | null {
  const days = point && bucketDays(point.time, period, timeZone);
  if (!days) return null;
  if (seriesName === 'Coins') return { section: 'payments', query: days };
  const type = SERIES_TYPES[seriesName];
  return type ? { section: 'orders', query: { ...days, type } } : null;
}

export function userActivityTarget(point: TrendPoint | undefined, period: TrendPeriod, timeZone?: string): DrillTarget | null {
  const days = point && bucketDays(point.time, period, timeZone);
  return days ? { section: 'orders', query: days } : null;
}

export function productTypeTarget(productType: string | undefined): DrillTarget | null {
  if (!productType) return null;
  return productType === COINS_TYPE ? { section: 'payments', query: {} } : { section: 'orders', query: { type: productType } };
}

export function regionTarget(region: string | undefined): DrillTarget | null {
  return region ? { section: 'users', query: { region } } : null;
}
