// The one reading of a date: strict calendar days, the zone required, nothing rolled over.
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CalendarDay, Instant, isCalendarDay, isInstant, parseCalendarDay, parseInstant } from '../src';

describe('parseInstant', () => {
  test.each([
    ['2026-11-23T00:00:00Z', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23T08:30Z', '2026-11-23T08:30:00.000Z'],
    ['2026-11-23T08:30:15.123456+01:00', '2026-11-23T07:30:15.123Z'],
    ['2024-02-29T23:59:59-05:30', '2024-03-01T05:29:59.000Z'],
    ['2026-12-31T23:59:59+14:00', '2026-12-31T09:59:59.000Z'],
  ])('%s is %s', (text, iso) => expect(parseInstant(text)?.toISOString()).toBe(iso));

  test.each([
    '2026-02-30T00:00:00Z', // Date reads it as 2 March
    '2025-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-11-00T00:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T10:60:00Z',
    '2026-11-23T10:00:60Z',
    '2026-11-23T10:00:00+24:00',
    '2026-11-23T10:00:00', // no zone: whose midnight?
    '2026-11-23',
    '2026-11-23 10:00:00Z',
    '2026-11-23T10:00:00.1234567Z',
    'yesterday',
    '',
  ])('%j is refused', (text) => {
    expect(parseInstant(text)).toBeNull();
    expect(isInstant(text)).toBe(false);
  });
});

describe('parseCalendarDay', () => {
  test.each([
    ['2026-11-23', Date.UTC(2026, 10, 23)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2000-02-29', Date.UTC(2000, 1, 29)],
  ])('%s is midnight UTC of that day', (text, ms) => expect(parseCalendarDay(text)).toBe(ms));

  test.each(['2026-02-30', '2025-02-29', '1900-02-29', '2026-06-31', '2026-13-01', '2026-00-01', '2026-01-00', '2026-2-3', '2026-11-23T00:00:00Z', ''])('%j is refused', (text) => {
    expect(parseCalendarDay(text)).toBeNull();
    expect(isCalendarDay(text)).toBe(false);
  });
});

test("TypeBox checks the schemas' formats with the same functions", () => {
  expect(FormatRegistry.Get('date-time')).toBe(isInstant);
  expect(FormatRegistry.Get('date')).toBe(isCalendarDay);
  expect(Value.Check(Instant('x'), '2026-02-28T00:00:00Z')).toBe(true);
  expect(Value.Check(Instant('x'), '2026-02-30T00:00:00Z')).toBe(false);
  expect(Value.Check(CalendarDay('x'), '2026-02-30')).toBe(false);
});
