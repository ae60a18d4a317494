// A created-date range in a list's URL (`from=2026-11-17&to=2026-11-17`): whole calendar days in
// the browser's time zone, both inclusive; the API takes instants (createdFrom inclusive,
// createdTo exclusive), so the range becomes the start of `from` to the start of the day after `to`.

export interface DayRange {
  /** YYYY-MM-DD, or null: no lower bound. */
  from: string | null;
  /** YYYY-MM-DD, inclusive, or null: no upper bound. */
  to: string | null;
}

export const NO_DAY_RANGE: DayRange = { from: null, to: null };

/** Local midnight of a YYYY-MM-DD day, or null when it is no real calendar day (2026-02-30). */
export function dayStart(day: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date ? start : null;
}

/** The YYYY-MM-DD of a local date. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The range a URL gives: an invalid day reads as no bound; a `to` before `from` as no range. */
export function parseDayRange(query: URLSearchParams): DayRange {
  const from = dayStart(query.get('from')) ? query.get('from') : null;
  const to = dayStart(query.get('to')) ? query.get('to') : null;
  if (from && to && to < from) return NO_DAY_RANGE;
  return { from, to };
}

/** Writes the set bounds of a range into a URL query. */
export function formatDayRange(range: DayRange, query: URLSearchParams): void {
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
}

/** The API's instants of a range: createdFrom the start of `from`, createdTo the start of the day after `to`. */
export function dayRangeInstants({ from, to }: DayRange): { createdFrom?: string; createdTo?: string } {
  const start = dayStart(from);
  const end = dayStart(to);
  if (end) end.setDate(end.getDate() + 1); // local calendar arithmetic: right across a DST change
  return { ...(start ? { createdFrom: start.toISOString() } : {}), ...(end ? { createdTo: end.toISOString() } : {}) };
}
