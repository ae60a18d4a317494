// The dashboard's three loads (user stats, revenue stats, trends for the chosen period over the
// default 30 days), with one combined pending / error view of them.
import { useQuery } from '@tanstack/react-query';
import { queries, toApiError, type TrendPeriod, type TrendPoint } from '@growth-admin/shared-client';

export function useDashboardData(period: TrendPeriod) {
  const users = useQuery(queries.userStats());
  const revenue = useQuery(queries.revenueStats());
  const trends = useQuery(queries.trends(period));
  const loads = [users, revenue, trends];
  const failed = loads.filter((q) => q.isError);

  return {
    users: users.data,
    revenue: revenue.data,
    // A missing or malformed answer is treated as no points, which shows the empty state.
    trends: (Array.isArray(trends.data) ? trends.data : []) as TrendPoint[],
    isPending: loads.some((q) => q.isPending),
    error: failed.length ? toApiError(failed[0].error) : null,
    isRetrying: failed.some((q) => q.isFetching),
    /** Re-runs only the loads that failed. */
    retry: () => failed.forEach((q) => void q.refetch()),
  };
}
