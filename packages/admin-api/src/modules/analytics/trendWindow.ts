// Which hours a trends query covers, and in which time zone its days and weeks are counted: the
// last `days` days up to now, or the calendar days `from` to `to` (inclusive) in the zone `tz`
// (default UTC). The rules the schema cannot say are checked here, each naming its field.
import { TRENDS_MAX_DAYS } from '@growth-admin/api-contract';
import { dayParam } from '../../http/dates';
import { badRequest } from '../../http/errors';

const DAY = 86_400_000;

/**
 * Either the instants [start, end) in epoch ms, or whole calendar days (both included) whose
 * midnights the database finds in the zone (it knows the zone's offsets and DST changes).
 */
export type TrendWindow = { start: number; end: number } | { from: string; to: string };

/** The zone's canonical IANA name, or a 400 naming `tz`. */
export function trendZone(tz: string | undefined): string {
  if (tz === undefined) return 'UTC';
  // The schema already admits only names (no '+05:30', no POSIX rules such as 'ABC+3', which
  // PostgreSQL would read with the opposite sign); Intl knows which names are zones.
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw badRequest(`'tz' is not a known time zone: ${tz}`);
  }
}

export function trendWindow(query: { days: number; from?: string; to?: string }, now = Date.now()): TrendWindow {
  if (query.from === undefined && query.to === undefined) return { start: now - query.days * DAY, end: now + 1 }; // now's own bucket included
  if (query.from === undefined) throw badRequest("'from' is required with 'to'");
  if (query.to === undefined) throw badRequest("'to' is required with 'from'");
  const from = dayParam('from', query.from);
  const to = dayParam('to', query.to);
  if (to < from) throw badRequest("'to' must not be before 'from'");
  if ((to - from) / DAY + 1 > TRENDS_MAX_DAYS) throw badRequest(`'from' to 'to' must span at most ${TRENDS_MAX_DAYS} days`);
  return { from: query.from, to: query.to };
}
