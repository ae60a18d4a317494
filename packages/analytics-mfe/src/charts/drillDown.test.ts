import type { TrendPoint } from '@growth-admin/shared-client';
import { bucketDays, orderDistributionTarget, productTypeTarget, regionTarget, userActivityTarget } from './drillDown';

const point = (time: string): TrendPoint => ({ time, newUsers: 1, orders: { coins: 1, likes: 1, followers: 1 } });

test('a bucket covers its calendar days: a day or an hour its own day, a week seven days', () => {
  expect(bucketDays('2026-11-03T00:00:00.000Z', 'day')).toEqual({ from: '2026-11-03', to: '2026-11-03' });
  expect(bucketDays('2026-11-03T17:00:00.000Z', 'hour')).toEqual({ from: '2026-11-03', to: '2026-11-03' });
  expect(bucketDays('2026-10-26T00:00:00.000Z', 'week')).toEqual({ from: '2026-10-26', to: '2026-11-01' });
  expect(bucketDays('not a time', 'day')).toBeNull();
});

test('Order Distribution: Likes and Followers open orders of their type, Coins the payments of those days', () => {
  const p = point('2026-11-03T00:00:00.000Z');
  expect(orderDistributionTarget(p, 'Likes', 'day')).toEqual({ section: 'orders', query: { from: '2026-11-03', to: '2026-11-03', type: 'heart' } });
  expect(orderDistributionTarget(p, 'Followers', 'day')).toEqual({ section: 'orders', query: { from: '2026-11-03', to: '2026-11-03', type: 'watch' } });
  expect(orderDistributionTarget(p, 'Coins', 'day')).toEqual({ section: 'payments', query: { from: '2026-11-03', to: '2026-11-03' } });
  expect(orderDistributionTarget(p, 'Other', 'day')).toBeNull();
  expect(orderDistributionTarget(undefined, 'Likes', 'day')).toBeNull();
});

test('User Activity opens the orders of the bucket’s days', () => {
  expect(userActivityTarget(point('2026-10-26T00:00:00.000Z'), 'week')).toEqual({ section: 'orders', query: { from: '2026-10-26', to: '2026-11-01' } });
});

test('a product type slice opens its orders (coins: the payments); a region slice its users', () => {
  expect(productTypeTarget('heart')).toEqual({ section: 'orders', query: { type: 'heart' } });
  expect(productTypeTarget('view')).toEqual({ section: 'orders', query: { type: 'view' } });
  expect(productTypeTarget('coins')).toEqual({ section: 'payments', query: {} });
  expect(productTypeTarget(undefined)).toBeNull();
  expect(regionTarget('EU')).toEqual({ section: 'users', query: { region: 'EU' } });
  expect(regionTarget('')).toBeNull();
});

describe('in a browser far from UTC, a bucket is read in its zone (the API cut it there)', () => {
  const NY = 'America/New_York';
  test('a New York day starts at 05:00 UTC (EST) and is that day; a week ends six days on, across the DST change', () => {
    expect(bucketDays('2026-11-03T05:00:00.000Z', 'day', NY)).toEqual({ from: '2026-11-03', to: '2026-11-03' });
    // 2026-11-01 02:00 EDT → EST: the week from Monday Oct 26 (04:00 UTC, EDT) to Sunday Nov 1.
    expect(bucketDays('2026-10-26T04:00:00.000Z', 'week', NY)).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    // The hour 02:00 UTC on Nov 4 is 21:00 on Nov 3 in New York; in Tokyo it is Nov 4.
    expect(bucketDays('2026-11-04T02:00:00.000Z', 'hour', NY)).toEqual({ from: '2026-11-03', to: '2026-11-03' });
    expect(bucketDays('2026-11-03T15:00:00.000Z', 'day', 'Asia/Tokyo')).toEqual({ from: '2026-11-04', to: '2026-11-04' });
    expect(orderDistributionTarget(point('2026-11-03T05:00:00.000Z'), 'Likes', 'day', NY)).toEqual({
      section: 'orders',
      query: { from: '2026-11-03', to: '2026-11-03', type: 'heart' },
    });
    expect(userActivityTarget(point('2026-11-03T05:00:00.000Z'), 'day', NY)).toEqual({ section: 'orders', query: { from: '2026-11-03', to: '2026-11-03' } });
  });
});
