// The React Query keys several packages must agree on, so one section can invalidate what another
// shows (a refund in orders refreshes a user's recent orders in people, the persons lists and the
// dashboard's figures) and the shell's sign-in prefetch lands where the dashboard reads. Each
// remote builds the keys of its own calls in its `src/api/`: under a namespace here when another
// package must reach them (`[...queryKeys.persons.all, 'list', params]`), else under `queryKeys.all`
// (`[...queryKeys.all, 'projects']`), so invalidating a namespace reaches them all.
import type { TrendRange } from './api';
import type { OrderKind, TrendPeriod } from './types';

export const queryKeys = {
  all: ['growth-admin'] as const,
  /** The shell's: the signed-in administrator and their role now. */
  me: () => ['growth-admin', 'me'] as const,
  /** Users (the people remote's keys): a refund or an add-coins changes them. */
  persons: {
    all: ['growth-admin', 'persons'] as const,
  },
  orders: {
    /** Every orders and payments query: the orders remote's lists and the people remote's recent orders alike. */
    all: ['growth-admin', 'orders'] as const,
    /** A user's recent orders or payments (the people remote's User Details), which a refund in
     *  orders refreshes. Kind last, so [...orders.all, 'recent', personId] still covers both. */
    recent: (personId: string, kind: OrderKind = 'orders') =>
      ['growth-admin', 'orders', 'recent', personId, kind] as const,
  },
  /** The dashboard's loads: the shell starts them at sign-in, the analytics remote reads them (dashboardLoads). */
  analytics: {
    all: ['growth-admin', 'analytics'] as const,
    users: () => ['growth-admin', 'analytics', 'users'] as const,
    revenue: () => ['growth-admin', 'analytics', 'revenue'] as const,
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
