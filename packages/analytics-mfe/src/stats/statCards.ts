// The three stat cards as plain data: value text, change figure (spec 9, computed by the
// shared-client helpers), its sign and colour. Missing values show 0, or '0.00' for revenue.
import type { Partly, RevenueStats, UserStats } from '@growth-admin/shared-client';
import { formatMoney } from '@growth-admin/ui-kit/core';
import { activeUsersChange, formatChange, isPositiveChange, ordersTodayChange, revenueChange } from './changes';

/** Darker than the palette's green and red so the small change text stays readable (WCAG AA). */
export const CHANGE_COLORS = { up: '#047857', down: '#B91C1C' } as const;
/** The same on antd's dark cards: lighter, for the same contrast (over 6:1 on #141414). */
export const DARK_CHANGE_COLORS = { up: '#34D399', down: '#F87171' } as const;

export const CHANGE_SUFFIX = 'from last period';

export interface StatCardModel {
  key: 'activeUsers' | 'totalRevenue' | 'ordersToday';
  title: string;
  value: string;
  /** e.g. '+12.5%' */
  change: string;
  positive: boolean;
  color: string;
}

const countText = (v: unknown): string =>
  (typeof v === 'number' && Number.isFinite(v) ? v : 0).toLocaleString('en-US');

function card(key: StatCardModel['key'], title: string, value: string, change: number): StatCardModel {
  const positive = isPositiveChange(change);
  return { key, title, value, change: formatChange(change), positive, color: positive ? CHANGE_COLORS.up : CHANGE_COLORS.down };
}

export function buildStatCards(
  users: Partly<UserStats> | null | undefined,
  revenue: Partly<RevenueStats> | null | undefined,
): StatCardModel[] {
  return [
    card('activeUsers', 'Active Users', countText(users?.activeUsers), activeUsersChange(users)),
    card('totalRevenue', 'Total Revenue', `$${formatMoney(revenue?.today?.revenue)}`, revenueChange(revenue)),
    card('ordersToday', 'Orders Today', countText(revenue?.today?.orderCount), ordersTodayChange(revenue)),
  ];
}
