// X-axis labels that suit the trend period: hours read as local clock times (with the day once
// the range spans several days), days and weeks (labelled by their first day) as local dates (the
// API cut them in the browser's time zone).
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

/** One label per bucket start; an unparsable time is shown as it came rather than 'Invalid Date'. */
export function formatTimeLabels(times: readonly string[], period: TrendPeriod): string[] {
  const format = timeLabelFormat(period, times);
  return times.map((t) => {
    // The dashboard asks for its buckets in the browser's time zone, so each starts at a local midnight.
    const d = dayjs(t);
    return d.isValid() ? d.format(format) : String(t ?? '');
  });
}
