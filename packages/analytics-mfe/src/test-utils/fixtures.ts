import type { RevenueStats, TrendPoint, UserStats } from '@growth-admin/shared-client';
import { ok } from '@growth-admin/shared-client/testing';

export const USERS_PATH = 'GET /api/admin/analytics/users';
export const REVENUE_PATH = 'GET /api/admin/analytics/revenue';
export const TRENDS_PATH = 'GET /api/admin/analytics/trends';

export function makeUserStats(overrides: Partial<UserStats> = {}): UserStats {
  return {
    activeUsers: 1234,
    total: 2000,
    newUsers: { today: 12, week: 150, month: 480 },
    regionDistribution: [
      { region: 'NA', count: 800 },
      { region: 'EU', count: 700 },
      { region: 'AP', count: 500 },
    ],
    ...overrides,
  };
}

export function makeRevenueStats(overrides: Partial<RevenueStats> = {}): RevenueStats {
  return {
    today: { revenue: 4321.5, growth: 12.34, orderCount: 30 },
    yesterday: { revenue: 3850, orderCount: 28 },
    week: { revenue: 24000, orderCount: 200 },
    productTypes: [
      { type: 'heart', revenue: 1000 },
      { type: 'watch', revenue: 2000 },
      { type: 'coins', revenue: 1321.5 },
    ],
    ...overrides,
  };
}

/** `count` daily points from Nov 1, 2026 (UTC midnight). */
export function makeTrends(count = 3, start = Date.UTC(2026, 10, 1), stepMs = 86_400_000): TrendPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(start + i * stepMs).toISOString(),
    newUsers: 10 + i,
    orders: { coins: i, likes: 2 * i, followers: 3 * i },
  }));
}

/** The three dashboard loads answered with the default fixtures. */
export const happyRoutes = {
  [USERS_PATH]: () => ok(makeUserStats()),
  [REVENUE_PATH]: () => ok(makeRevenueStats()),
  [TRENDS_PATH]: () => ok(makeTrends()),
};
