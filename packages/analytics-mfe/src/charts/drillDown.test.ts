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
