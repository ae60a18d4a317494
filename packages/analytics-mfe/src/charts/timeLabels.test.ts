import { formatTimeLabels, spansSeveralDays, timeLabelFormat } from './timeLabels';

// Local-time strings (no Z) so the expectations hold in any time zone.
const sameDay = ['2026-11-20T09:00:00', '2026-11-20T10:00:00', '2026-11-20T23:00:00'];
const twoDays = ['2026-11-20T23:00:00', '2026-11-21T00:00:00'];

describe('timeLabelFormat', () => {
  test('hours within one day read as clock times', () => {
    expect(timeLabelFormat('hour', sameDay)).toBe('HH:mm');
    expect(formatTimeLabels(sameDay, 'hour')).toEqual(['09:00', '10:00', '23:00']);
  });

  test('hours across days carry the day', () => {
    expect(spansSeveralDays(twoDays)).toBe(true);
    expect(formatTimeLabels(twoDays, 'hour')).toEqual(['Nov 20 23:00', 'Nov 21 00:00']);
  });

  test('days and weeks read as dates (a week by its first day)', () => {
    expect(formatTimeLabels(['2026-11-02T12:00:00', '2026-11-09T12:00:00'], 'week')).toEqual(['Nov 2', 'Nov 9']);
    expect(formatTimeLabels(['2026-11-20T12:00:00', '2026-11-21T12:00:00'], 'day')).toEqual(['Nov 20', 'Nov 21']);
  });

  test('day and week buckets (local midnights: the API cuts them in the browser\'s zone) are named by their local date', () => {
    expect(formatTimeLabels(['2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z'], 'day')).toEqual(['Nov 20', 'Nov 21']);
    expect(formatTimeLabels(['2026-11-16T00:00:00.000Z'], 'week')).toEqual(['Nov 16']);
  });

  test('an unparsable time is shown as it came, not as "Invalid Date"', () => {
    expect(formatTimeLabels(['soon'], 'day')).toEqual(['soon']);
  });

  test('an empty or single-day list does not span days', () => {
    expect(spansSeveralDays([])).toBe(false);
    expect(spansSeveralDays(sameDay)).toBe(false);
  });
});
