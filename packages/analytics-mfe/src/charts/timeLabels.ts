// X-axis labels that suit the trend period: hours read as local clock times (with the day once
// the range spans several days), days and weeks (labelled by their first day) as dates.
import dayjs from 'dayjs';
import type { TrendPeriod } from '@growth-admin/shared-client';

/** True when the ISO times fall on more than one local calendar day. */
export function spansSeveralDays(times: readonly string[]): boolean {
  const days = new Set(times.map((t) => dayjs(t)).filter((d) => d.isValid()).map((d) => d.format('YYYY-MM-DD')));
  return days.size > 1;
}

/** The dayjs format for the axis labels of a period. */
export function timeLabelFormat(period: TrendPeriod, times: readonly string[]): string {
  if (period === 'hour') return spansSeveralDays(times) ? 'MMM D HH:mm' : 'HH:mm';
  return 'MMM D';
}

/**
 * The API's day and week buckets are UTC calendar days, so they are named by their UTC date
 * (a browser west of UTC would otherwise label Nov 20's bucket 'Nov 19'); an hour is an instant
 * and reads best in local time.
 */
function bucketDate(time: string, period: TrendPeriod): dayjs.Dayjs {
  const d = dayjs(time);
  if (period === 'hour' || !d.isValid()) return d;
  const utc = d.toDate();
  return dayjs(new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate()));
}

/** One label per bucket start; an unparsable time is shown as it came rather than 'Invalid Date'. */
export function formatTimeLabels(times: readonly string[], period: TrendPeriod): string[] {
  const format = timeLabelFormat(period, times);
  return times.map((t) => {
    const d = bucketDate(t, period);
    return d.isValid() ? d.format(format) : String(t ?? '');
  });
}
