import { dayOf, dayRangeInstants, dayStart, formatDayRange, parseDayRange } from './dayRange';

const range = (search: string) => parseDayRange(new URLSearchParams(search));

describe('parseDayRange', () => {
  test('reads both inclusive days', () => expect(range('from=2026-11-17&to=2026-11-20')).toEqual({ from: '2026-11-17', to: '2026-11-20' }));
  test('one bound alone', () => {
    expect(range('from=2026-11-17')).toEqual({ from: '2026-11-17', to: null });
    expect(range('to=2026-11-17')).toEqual({ from: null, to: '2026-11-17' });
  });
  test.each(['from=2026-02-30', 'from=2026-13-01', 'from=17.11.2026', 'from=2026-11-7', 'from=', 'from=2026-11-17T00:00'])('%s: no such day, no bound', (search) =>
    expect(range(search)).toEqual({ from: null, to: null }),
  );
  test('a to before from is no range', () => expect(range('from=2026-11-20&to=2026-11-17')).toEqual({ from: null, to: null }));
  test('a leap day is a day', () => expect(range('from=2028-02-29').from).toBe('2028-02-29'));
});

test('formatDayRange writes only the set bounds', () => {
  const query = new URLSearchParams();
  formatDayRange({ from: '2026-11-17', to: null }, query);
  expect(query.toString()).toBe('from=2026-11-17');
});

test('dayRangeInstants: the start of from, and the start of the day after to (local time)', () => {
  expect(dayRangeInstants({ from: '2026-11-17', to: '2026-11-20' })).toEqual({
    createdFrom: new Date(2026, 10, 17).toISOString(),
    createdTo: new Date(2026, 10, 21).toISOString(),
  });
  // The last day of a month rolls into the next.
  expect(dayRangeInstants({ from: null, to: '2026-12-31' })).toEqual({ createdTo: new Date(2027, 0, 1).toISOString() });
  expect(dayRangeInstants({ from: null, to: null })).toEqual({});
});

test('dayOf and dayStart agree', () => {
  expect(dayOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  expect(dayOf(dayStart('2026-03-29')!)).toBe('2026-03-29');
});
