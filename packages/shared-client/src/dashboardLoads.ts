// The Analytics dashboard's three loads (user stats, revenue stats, trends), defined once: the
// analytics remote reads them with useQuery, and the shell starts them at sign-in, while the remote's
// code is still on its way, into the same React Query cache under the same keys. Plain objects (no
// React Query import), so the shell's boot path can use them through the `core` entry.
import { getRevenueStats, getTrends, getUserStats, TRENDS_DEFAULT_DAYS, type TrendRange } from './api';
import { queryKeys } from './queryKeys';
import type { TrendPeriod } from './types';

/** The period the dashboard opens with. */
export const DASHBOARD_DEFAULT_PERIOD: TrendPeriod = 'day';

/**
 * How long an answer counts as fresh: the remote mounting after the shell's sign-in prefetch has
 * answered shows that answer instead of asking again (the dashboard still refreshes every minute).
 */
export const DASHBOARD_FRESH_MS = 30_000;

/** The dashboard's loads for a period over a window: the last N days (null: the default 30) or a range of days. */
export function dashboardLoads(period: TrendPeriod = DASHBOARD_DEFAULT_PERIOD, range: number | TrendRange | null = null) {
  const window = range ?? TRENDS_DEFAULT_DAYS;
  return {
    users: { queryKey: queryKeys.analytics.users(), queryFn: () => getUserStats(), staleTime: DASHBOARD_FRESH_MS },
    revenue: { queryKey: queryKeys.analytics.revenue(), queryFn: () => getRevenueStats(), staleTime: DASHBOARD_FRESH_MS },
    trends: { queryKey: queryKeys.analytics.trends(period, window), queryFn: () => getTrends(period, window), staleTime: DASHBOARD_FRESH_MS },
  };
}
