// The Analytics dashboard's three loads (user stats, revenue stats, trends), defined once: the
// analytics remote reads them with useQuery, and the shell starts them at sign-in, while the remote's
// code is still on its way, into the same React Query cache under the same keys. Plain objects (no
// React Query import), so the shell's boot path can use them through the `core` entry.
import { browserTimeZone, getRevenueStats, getTrends, getUserStats, TRENDS_DEFAULT_DAYS, type TrendRange } from './api';
import { queryKeys } from './queryKeys';
import type { TrendPeriod } from './types';

/** The period the dashboard opens with. */
export const DASHBOARD_DEFAULT_PERIOD: TrendPeriod = 'day';

/**
 * How long an answer counts as fresh: the remote mounting after the shell's sign-in prefetch has
 * answered shows that answer instead of asking again (the dashboard still refreshes every minute).
 */
export const DASHBOARD_FRESH_MS = 30_000;

/** Trends for a period over a window (the last N days or a range of days), days counted in `timeZone` (none: UTC). */
export function trendsLoad(period: TrendPeriod, window: number | TrendRange, timeZone?: string) {
  return { queryKey: queryKeys.analytics.trends(period, window, timeZone), queryFn: () => getTrends(period, window, timeZone), staleTime: DASHBOARD_FRESH_MS };
}

/**
 * The dashboard's loads for a period over a window: the last N days (null: the default 30) or a
 * range of days, with days counted in the browser's time zone (the shell's prefetch and the remote
 * ask the same).
 */
export function dashboardLoads(period: TrendPeriod = DASHBOARD_DEFAULT_PERIOD, range: number | TrendRange | null = null) {
  return {
    users: { queryKey: queryKeys.analytics.users(), queryFn: () => getUserStats(), staleTime: DASHBOARD_FRESH_MS },
    revenue: { queryKey: queryKeys.analytics.revenue(), queryFn: () => getRevenueStats(), staleTime: DASHBOARD_FRESH_MS },
    trends: trendsLoad(period, range ?? TRENDS_DEFAULT_DAYS, browserTimeZone()),
  };
}
