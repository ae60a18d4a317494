import { DATE_FORMAT, formatDate, formatMoney, orderTypeLabel, padNumber12 } from './format';

describe('formatDate', () => {
  // Dates are built in local time, so the expectations hold in any timezone.
  const jan5 = new Date(2026, 0, 5, 9, 7, 42);

  it("uses spec 9's 'MMM d, yyyy HH:mm'", () => {
    expect(DATE_FORMAT).toBe('MMM D, YYYY HH:mm');
    expect(formatDate(jan5)).toBe('Jan 5, 2026 09:07');
  });

  it('formats a Date, a ms timestamp and a zone-less ISO string alike', () => {
    expect(formatDate(jan5.getTime())).toBe('Jan 5, 2026 09:07');
    expect(formatDate('2026-01-05T09:07:42')).toBe('Jan 5, 2026 09:07');
    expect(formatDate('2026-01-05T09:07:42.123')).toBe('Jan 5, 2026 09:07');
  });

  it('shows an ISO instant with a zone in local time', () => {
    const instant = Date.UTC(2026, 10, 21, 14, 5);
    expect(formatDate('2026-11-21T14:05:00.000Z')).toBe(formatDate(new Date(instant)));
    expect(formatDate('2026-11-21T14:05:00+00:00')).toBe(formatDate(instant));
  });

  it('uses 24-hour time with zero-padded hours and minutes, and unpadded days', () => {
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('Dec 31, 2026 23:59');
    expect(formatDate(new Date(2026, 1, 1, 0, 0))).toBe('Feb 1, 2026 00:00');
    expect(formatDate(new Date(2024, 1, 29, 12, 30))).toBe('Feb 29, 2024 12:30');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
  ])("shows 'Never' for %s", (_label, value) => {
    expect(formatDate(value)).toBe('Never');
  });

  it.each([
    ['text', 'not a date'],
    ['blank text', '   '],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['an invalid Date', new Date('nope')],
    ['a timestamp past the last representable date', 8.64e15 + 1],
    ['month 13', '2026-13-05'],
    ['month 00', '2026-00-05'],
    ['day 45', '2026-01-45'],
    ['Feb 30', '2026-02-30T10:00:00Z'],
    ['Feb 29 in a common year', '2025-02-29'],
    ['day 00', '2026-01-00'],
    ['a ms timestamp sent as text', '1700000000000'],
  ])("shows 'Invalid date' for %s", (_label, value) => {
    expect(formatDate(value)).toBe('Invalid date');
  });

  it('accepts the last day of each month, leap days included', () => {
    expect(formatDate('2024-02-29')).toBe('Feb 29, 2024 00:00');
    expect(formatDate('2026-04-30T08:00:00')).toBe('Apr 30, 2026 08:00');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026 00:00');
    expect(formatDate('20260105')).toBe('Jan 5, 2026 00:00');
  });

  it('formats zero and negative timestamps as real dates (the epoch is a date, not a missing one)', () => {
    expect(formatDate(0)).toBe(formatDate(new Date(0)));
    expect(formatDate(0)).toMatch(/^(Dec 31, 1969|Jan 1, 1970) \d\d:\d\d$/);
    expect(formatDate(new Date(1969, 6, 20, 20, 17).getTime())).toBe('Jul 20, 1969 20:17');
  });

  it('formats far-future dates', () => {
    expect(formatDate(new Date(9999, 11, 31, 23, 59))).toBe('Dec 31, 9999 23:59');
    expect(formatDate(new Date(275760, 0, 1, 0, 0))).toBe('Jan 1, 275760 00:00');
  });
});

describe('formatMoney', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0.00'],
    [5, '5.00'],
    [12.5, '12.50'],
    [12.345, '12.35'],
    [0.005, '0.01'],
    [1234567.891, '1,234,567.89'],
    [999.999, '1,000.00'],
    [-1234.5, '-1,234.50'],
    [100, '100.00'],
    [-3.5, '-3.50'],
    [-0.001, '0.00'],
    [-0, '0.00'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991.00'],
    ['19.9', '19.90'],
    [' 7 ', '7.00'],
    ['-2', '-2.00'],
  ])('formats %p as %p', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each<[string, number | string | null | undefined]>([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['text', 'abc'],
    ['half-numeric text', '12abc'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])("shows '0.00' for %s", (_label, value) => {
    expect(formatMoney(value)).toBe('0.00');
  });
});

describe('padNumber12', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '000000000000'],
    [1, '000000000001'],
    [20261121, '000020261121'],
    [202611210000, '202611210000'],
    ['202611210000', '202611210000'],
    ['42', '000000000042'],
    [12.9, '000000000012'],
    [-5, '-000000000005'],
    [-0.5, '000000000000'],
    [1234567890123, '1234567890123'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [1e21, '1000000000000000000000'],
  ])('pads %p to %p', (value, expected) => {
    expect(padNumber12(value)).toBe(expected);
  });

  it.each<[string, number | string | null | undefined]>([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['text', 'build'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('shows twelve zeros for %s', (_label, value) => {
    expect(padNumber12(value)).toBe('000000000000');
  });
});

describe('orderTypeLabel', () => {
  it('maps heart to Like and watch to Follow', () => {
    expect(orderTypeLabel('heart')).toBe('Like');
    expect(orderTypeLabel('watch')).toBe('Follow');
  });

  it('shows any other type as it is (case-sensitive)', () => {
    expect(orderTypeLabel('coins')).toBe('coins');
    expect(orderTypeLabel('Heart')).toBe('Heart');
    expect(orderTypeLabel('view')).toBe('view');
  });

  it('shows nothing for a missing type', () => {
    expect(orderTypeLabel(null)).toBe('');
    expect(orderTypeLabel(undefined)).toBe('');
    expect(orderTypeLabel('')).toBe('');
  });
});
