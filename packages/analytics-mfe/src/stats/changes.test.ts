import { activeUsersChange, formatChange, isPositiveChange, ordersTodayChange, revenueChange } from './changes';
import type { RevenueStats, UserStats } from '@growth-admin/shared-client';

const users = (total: unknown, week: unknown): Partial<UserStats> =>
  ({ total, newUsers: { week } }) as unknown as Partial<UserStats>;
const revenue = (todayCount: unknown, weekCount: unknown, growth: unknown = 0): Partial<RevenueStats> =>
  ({ today: { revenue: 0, growth, orderCount: todayCount }, week: { orderCount: weekCount } }) as unknown as Partial<RevenueStats>;

describe('activeUsersChange: new users this week / total users × 100', () => {
  it.each<[unknown, unknown, number]>([
    [200, 25, 12.5],
    [1000, 0, 0],
    [3, 3, 100],
    [4, 10, 250],
    [1e12, 5e11, 50],
  ])('total %p, week %p → %p', (total, week, expected) => {
    expect(activeUsersChange(users(total, week))).toBeCloseTo(expected, 10);
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['zero', 0],
    ['not a number', '200'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('divides by 1 when the total is %s', (_label, total) => {
    expect(activeUsersChange(users(total, 7))).toBe(700);
  });

  it('follows the formula for a negative total (no special case)', () => {
    expect(activeUsersChange(users(-10, 5))).toBe(-50);
  });

  it('is 0 when there is nothing to read', () => {
    expect(activeUsersChange(undefined)).toBe(0);
    expect(activeUsersChange(null)).toBe(0);
    expect(activeUsersChange({})).toBe(0);
    expect(activeUsersChange({ total: 100 })).toBe(0);
    expect(activeUsersChange(users(100, 'many'))).toBe(0);
  });
});

describe("revenueChange: today's growth", () => {
  it.each<[unknown, number]>([
    [12.5, 12.5],
    [0, 0],
    [-40, -40],
    [1e9, 1e9],
  ])('growth %p → %p', (growth, expected) => {
    expect(revenueChange(revenue(1, 1, growth))).toBe(expected);
  });

  it('is 0 when missing or not a number', () => {
    expect(revenueChange(undefined)).toBe(0);
    expect(revenueChange(null)).toBe(0);
    expect(revenueChange({})).toBe(0);
    expect(revenueChange(revenue(1, 1, null))).toBe(0);
    expect(revenueChange(revenue(1, 1, Number.NaN))).toBe(0);
    expect(revenueChange(revenue(1, 1, '5'))).toBe(0);
  });
});

describe("ordersTodayChange: today's orders / the week's orders × 100 − 100", () => {
  it.each<[unknown, unknown, number]>([
    [30, 120, -75],
    [120, 120, 0],
    [240, 120, 100],
    [0, 120, -100],
    [5, 2, 150],
    [2e9, 1e9, 100],
  ])('today %p, week %p → %p', (today, week, expected) => {
    expect(ordersTodayChange(revenue(today, week))).toBeCloseTo(expected, 10);
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['zero', 0],
    ['NaN', Number.NaN],
  ])("divides by 1 when the week's count is %s", (_label, week) => {
    expect(ordersTodayChange(revenue(3, week))).toBe(200);
  });

  it('is −100 when there is nothing to read (0 / 1 × 100 − 100)', () => {
    expect(ordersTodayChange(undefined)).toBe(-100);
    expect(ordersTodayChange(null)).toBe(-100);
    expect(ordersTodayChange({})).toBe(-100);
  });
});

describe('formatChange and isPositiveChange', () => {
  it.each<[number, string, boolean]>([
    [12.5, '+12.5%', true],
    [12.46, '+12.5%', true],
    [0, '+0.0%', true],
    [-0, '+0.0%', true],
    [0.04, '+0.0%', true],
    [-3, '-3.0%', false],
    [-75, '-75.0%', false],
    [-100, '-100.0%', false],
    [2500, '+2500.0%', true],
    [123456789.123, '+123456789.1%', true],
  ])('%p → %p (positive: %p)', (change, text, positive) => {
    expect(formatChange(change)).toBe(text);
    expect(isPositiveChange(change)).toBe(positive);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('shows %p as +0.0%%', (change) => {
    expect(formatChange(change)).toBe('+0.0%');
    expect(isPositiveChange(change)).toBe(true);
  });

  it('formats the figures of the formulas', () => {
    expect(formatChange(activeUsersChange(users(200, 25)))).toBe('+12.5%');
    expect(formatChange(ordersTodayChange(revenue(30, 120)))).toBe('-75.0%');
  });
});
