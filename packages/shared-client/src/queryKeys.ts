// React Query keys for every call, so one section can invalidate what another shows
// (a refund in orders refreshes a user's recent orders in people).
import type { OrdersParams, PersonsListParams, TrendRange } from './api';
import type { OrderKind, TrendPeriod } from './types';

export const queryKeys = {
  all: ['growth-admin'] as const,
  me: () => ['growth-admin', 'me'] as const,
  administrators: () => ['growth-admin', 'administrators'] as const,
  /** My sessions, and (owners) everyone's. */
  sessions: (scope: 'mine' | 'all') => ['growth-admin', 'sessions', scope] as const,
  audit: (query: object) => ['growth-admin', 'audit', query] as const,
  releases: () => ['growth-admin', 'releases'] as const,
  releaseHistory: (remote: string) => ['growth-admin', 'releases', remote] as const,
  /** The canary judge's verdict on a remote's canary (under releases(): a promote or rollback refreshes it). */
  canaryJudgement: (remote: string) => ['growth-admin', 'releases', remote, 'judgement'] as const,
  /** The registry's remotes (owners). */
  remotes: () => ['growth-admin', 'remotes'] as const,
  /** Every deploy token (owners). */
  deployTokens: () => ['growth-admin', 'deploy-tokens'] as const,
  projects: {
    all: ['growth-admin', 'projects'] as const,
    list: () => ['growth-admin', 'projects', 'list'] as const,
    detail: (id: string) => ['growth-admin', 'projects', 'detail', id] as const,
  },
  persons: {
    all: ['growth-admin', 'persons'] as const,
    list: (params: PersonsListParams) => ['growth-admin', 'persons', 'list', params] as const,
    query: (id: string) => ['growth-admin', 'persons', 'query', id] as const,
  },
  orders: {
    /** Every orders and payments query, lists and recent orders alike. */
    all: ['growth-admin', 'orders'] as const,
    list: (kind: OrderKind, params: OrdersParams) => ['growth-admin', 'orders', kind, 'list', params] as const,
    /** Orders and payments are told apart (getUserRecentOrders takes either); kind last, so
     *  [...orders.all, 'recent', personId] still covers both. */
    recent: (personId: string, kind: OrderKind = 'orders') =>
      ['growth-admin', 'orders', 'recent', personId, kind] as const,
    /** One order or payment by its number (details opened by URL). */
    bySn: (kind: OrderKind, orderSn: string) => ['growth-admin', 'orders', kind, 'sn', orderSn] as const,
  },
  analytics: {
    all: ['growth-admin', 'analytics'] as const,
    users: () => ['growth-admin', 'analytics', 'users'] as const,
    revenue: () => ['growth-admin', 'analytics', 'revenue'] as const,
    orders: () => ['growth-admin', 'analytics', 'orders'] as const,
    /** By period and window (a number of days, or a range of days), and time zone when one is given. */
    trends: (period: TrendPeriod, window: number | TrendRange, timeZone?: string) =>
      [
        'growth-admin',
        'analytics',
        'trends',
        period,
        ...(typeof window === 'number' ? [window] : [window.from, window.to]),
        ...(timeZone ? [timeZone] : []),
      ] as const,
  },
};
