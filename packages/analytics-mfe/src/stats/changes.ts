// The dashboard's change figures (spec 9). Divisors default to 1 when missing (or zero,
// which would otherwise give Infinity or NaN).
import type { Partly, RevenueStats, UserStats } from '@growth-admin/shared-client';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const divisor = (v: unknown): number => num(v) || 1;

/** New users this week / total users × 100. */
export function activeUsersChange(stats: Partly<UserStats> | null | undefined): number {
  return (num(stats?.newUsers?.week) / divisor(stats?.total)) * 100;
}

/** Today's revenue growth as given by the API. */
export function revenueChange(stats: Partly<RevenueStats> | null | undefined): number {
  return num(stats?.today?.growth);
}

/** Today's order count / the week's order count × 100 − 100. */
export function ordersTodayChange(stats: Partly<RevenueStats> | null | undefined): number {
  return (num(stats?.today?.orderCount) / divisor(stats?.week?.orderCount)) * 100 - 100;
}

/** '+12.5%' when zero or positive, '-3.0%' otherwise. */
export function formatChange(change: number): string {
  const value = num(change);
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}

export const isPositiveChange = (change: number): boolean => num(change) >= 0;
