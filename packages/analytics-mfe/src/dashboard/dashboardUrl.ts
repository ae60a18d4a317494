// The dashboard's period and date range in the page URL, as the lists keep theirs (shared-client
// useListUrl): `/?period=week&from=2026-11-01&to=2026-11-07`, so a reload, back/forward and a
// pasted link show the same dashboard. The defaults (Daily, the last 30 days) are left out.
import { DASHBOARD_DEFAULT_PERIOD, type TrendPeriod, type TrendRange } from '@growth-admin/shared-client';
import { MAX_RANGE_DAYS } from './DateRangeFilter';
import { PERIOD_OPTIONS } from './PeriodToggle';
import { dayOf, dayStart, type UrlCodec } from '@growth-admin/ui-kit/core';

export interface DashboardState {
  period: TrendPeriod;
  /** null: the default window, the last 30 days. */
  range: TrendRange | null;
}

export const DEFAULT_DASHBOARD: DashboardState = { period: DASHBOARD_DEFAULT_PERIOD, range: null };

const PERIODS = PERIOD_OPTIONS.map((option) => option.value);
const DAY = 86_400_000;

/**
 * The range a query gives, or null (the default window) unless it is one the picker could have
 * chosen: both ends real calendar days, `from` ≤ `to`, `to` not after today (the browser's day),
 * at most MAX_RANGE_DAYS days, both included.
 */
export function parseRange(query: URLSearchParams, today = new Date()): TrendRange | null {
  const from = query.get('from');
  const to = query.get('to');
  const start = dayStart(from);
  const end = dayStart(to);
  if (!start || !end || !from || !to) return null;
  if (to < from || to > dayOf(today)) return null;
  // Round: a DST change makes a local day 23 or 25 hours long.
  if (Math.round((end.getTime() - start.getTime()) / DAY) + 1 > MAX_RANGE_DAYS) return null;
  return { from, to };
}

export function parseDashboard(query: URLSearchParams, today = new Date()): DashboardState {
  const period = query.get('period') as TrendPeriod;
  return { period: PERIODS.includes(period) ? period : DASHBOARD_DEFAULT_PERIOD, range: parseRange(query, today) };
}

export const DASHBOARD_URL: UrlCodec<DashboardState> = {
  parse: (query) => parseDashboard(query),
  format({ period, range }) {
    const query = new URLSearchParams();
    if (period !== DASHBOARD_DEFAULT_PERIOD) query.set('period', period);
    if (range) {
      query.set('from', range.from);
      query.set('to', range.to);
    }
    return query;
  },
};
