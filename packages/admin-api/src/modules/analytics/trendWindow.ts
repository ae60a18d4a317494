// Which hours a trends query covers: the last `days` days up to now, or the UTC calendar days
// `from` to `to` (inclusive). The rules the schema cannot say are checked here, each naming its field.
import { TRENDS_MAX_DAYS } from '@growth-admin/api-contract';
import { badRequest } from '../../http/errors';

const DAY = 86_400_000;

/** [start, end) in epoch ms. */
export interface TrendWindow {
  start: number;
  end: number;
}

/** Midnight UTC of a YYYY-MM-DD day that exists (2026-02-30 does not), else null. */
function dayStart(day: string): number | null {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day ? ms : null;
}

export function trendWindow(query: { days: number; from?: string; to?: string }, now = Date.now()): TrendWindow {
  if (query.from === undefined && query.to === undefined) return { start: now - query.days * DAY, end: now + 1 }; // now's own bucket included
  if (query.from === undefined) throw badRequest("'from' is required with 'to'");
  if (query.to === undefined) throw badRequest("'to' is required with 'from'");
  const from = dayStart(query.from);
  const to = dayStart(query.to);
  if (from === null) throw badRequest(`'from' is not a calendar day: ${query.from}`);
  if (to === null) throw badRequest(`'to' is not a calendar day: ${query.to}`);
  if (to < from) throw badRequest("'to' must not be before 'from'");
  if ((to - from) / DAY + 1 > TRENDS_MAX_DAYS) throw badRequest(`'from' to 'to' must span at most ${TRENDS_MAX_DAYS} days`);
  return { start: from, end: to + DAY };
}
