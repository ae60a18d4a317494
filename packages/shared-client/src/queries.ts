// One React Query options factory per call: its key and its fetcher together, so no screen pairs
// them by hand and one section can invalidate what another shows (see queryKeys).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getAdministrators,
  getAllSessions,
  getMySessions,
  getAudit,
  getMe,
  getOrderStats,
  getOrdersOf,
  getPersons,
  getProject,
  getProjects,
  getReleaseHistory,
  getCanaryJudgement,
  getReleases,
  getRemotes,
  getDeployTokens,
  getUserRecentOrders,
  queryPerson,
  TRENDS_DEFAULT_DAYS,
  type TrendRange,
  type OrdersParams,
  type PersonsListParams,
} from './api';
import { dashboardLoads, trendsLoad } from './dashboardLoads';
import { queryKeys } from './queryKeys';
import type { AuditQuery, OrderKind, Person, TrendPeriod } from './types';

/**
 * A user by the ID the screens show (customId); any failure, 404 included, is "no such user" (spec 5).
 * The API also finds a user by its internal record number: '123' would answer some user whose ID is
 * 7000000974037, a stranger an administrator might then credit coins to. Only that ID itself counts.
 */
export async function findPersonById(customId: string): Promise<Person | null> {
  const wanted = customId.trim();
  try {
    const person = await queryPerson({ id: wanted });
    return person && person.customId === wanted ? person : null;
  } catch {
    return null;
  }
}

export const queries = {
  /** The signed-in administrator and their role now (a role changed since sign-in shows here). */
  me: () => queryOptions({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: 60_000 }),
  sessions: (scope: 'mine' | 'all') => queryOptions({ queryKey: queryKeys.sessions(scope), queryFn: scope === 'mine' ? getMySessions : getAllSessions }),
  administrators: () => queryOptions({ queryKey: queryKeys.administrators(), queryFn: getAdministrators }),
  releases: () => queryOptions({ queryKey: queryKeys.releases(), queryFn: getReleases }),
  releaseHistory: (remote: string) => queryOptions({ queryKey: queryKeys.releaseHistory(remote), queryFn: () => getReleaseHistory(remote) }),
  /** Refreshed every 30 s: the judge runs at most that often. */
  canaryJudgement: (remote: string) => queryOptions({ queryKey: queryKeys.canaryJudgement(remote), queryFn: () => getCanaryJudgement(remote), refetchInterval: 30_000 }),
  remotes: () => queryOptions({ queryKey: queryKeys.remotes(), queryFn: getRemotes }),
  deployTokens: () => queryOptions({ queryKey: queryKeys.deployTokens(), queryFn: getDeployTokens }),
  /** A page of the audit log; the current rows stay on screen while the next page loads. */
  audit: (query: Partial<AuditQuery>) => queryOptions({ queryKey: queryKeys.audit(query), queryFn: () => getAudit(query), placeholderData: keepPreviousData }),
  projects: () => queryOptions({ queryKey: queryKeys.projects.list(), queryFn: getProjects }),
  project: (id: string) => queryOptions({ queryKey: queryKeys.projects.detail(id), queryFn: () => getProject(id) }),

  /** A page of users; the current rows stay on screen while the next page loads. */
  persons: (params: PersonsListParams) =>
    queryOptions({ queryKey: queryKeys.persons.list(params), queryFn: () => getPersons(params), placeholderData: keepPreviousData }),
  personById: (customId: string) => queryOptions({ queryKey: queryKeys.persons.query(customId), queryFn: () => findPersonById(customId) }),

  /** A page of orders or payments; a failed load is an error (retried, then the list's error state). */
  orders: (kind: OrderKind, params: OrdersParams) =>
    queryOptions({ queryKey: queryKeys.orders.list(kind, params), queryFn: () => getOrdersOf(kind, params), placeholderData: keepPreviousData }),
  /** One order or payment by its number, or null when there is none; a failed load is an error. */
  orderBySn: (kind: OrderKind, orderSn: string) =>
    queryOptions({
      queryKey: queryKeys.orders.bySn(kind, orderSn),
      queryFn: async () => {
        const result = await getOrdersOf(kind, { page: 0, limit: 1, orderSn });
        return result.orders[0] ?? null;
      },
    }),
  recentOrders: (personId: string) => queryOptions({ queryKey: queryKeys.orders.recent(personId), queryFn: () => getUserRecentOrders(personId) }),

  // The dashboard's three: the definitions the shell's sign-in prefetch uses too (dashboardLoads).
  userStats: () => queryOptions(dashboardLoads().users),
  revenueStats: () => queryOptions(dashboardLoads().revenue),
  orderStats: () => queryOptions({ queryKey: queryKeys.analytics.orders(), queryFn: getOrderStats }),
  trends: (period: TrendPeriod, window: number | TrendRange = TRENDS_DEFAULT_DAYS, timeZone?: string) =>
    queryOptions(trendsLoad(period, window, timeZone)),
};
