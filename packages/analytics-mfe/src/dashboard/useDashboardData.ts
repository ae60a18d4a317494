// The dashboard's three loads (user stats, revenue stats, trends for the chosen period over the
// default 30 days or a chosen range, in the browser's time zone), with one combined pending / error view of them. Each is
// refreshed every minute while the page is visible; React Query pauses the interval while the
// page is hidden (Page Visibility) and, with no refetch on focus, resumes it on the next tick.
// The loads' keys and requests are shared-client's dashboardLoads: the shell starts the same ones at
// sign-in, so on the first visit they are usually in the cache (or on their way) when this mounts.
import { useQuery } from '@tanstack/react-query';
import { browserTimeZone, dashboardLoads, toApiError, type TrendPeriod, type TrendPoint, type TrendRange } from '@growth-admin/shared-client';

export const REFRESH_MS = 60_000;
const REFRESH = { refetchInterval: REFRESH_MS, refetchIntervalInBackground: false } as const;

export function useDashboardData(period: TrendPeriod, range: TrendRange | null = null) {
  // Buckets in the browser's time zone (dashboardLoads'): the days the lists a drill-down opens read their dates in.
  const timeZone = browserTimeZone();
  const loads = dashboardLoads(period, range);
  const users = useQuery({ ...loads.users, ...REFRESH });
  const revenue = useQuery({ ...loads.revenue, ...REFRESH });
  const trends = useQuery({ ...loads.trends, ...REFRESH });
  const all = [users, revenue, trends];
  // A failed refresh keeps the figures on screen (the next minute tries again); only a load with
  // nothing to show is an error.
  const failed = all.filter((q) => q.isError && q.data === undefined);

  return {
    timeZone,
    users: users.data,
    revenue: revenue.data,
    // A missing or malformed answer is treated as no points, which shows the empty state.
    trends: (Array.isArray(trends.data) ? trends.data : []) as TrendPoint[],
    isPending: all.some((q) => q.isPending),
    error: failed.length ? toApiError(failed[0].error) : null,
    isRetrying: failed.some((q) => q.isFetching),
    /** Re-runs only the loads that failed. */
    retry: () => failed.forEach((q) => void q.refetch()),
  };
}
