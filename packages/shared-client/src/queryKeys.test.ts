// The keys several packages agree on: the namespaces each team's own keys start with (so another
// team can invalidate them all), a user's recent orders, and the dashboard's loads.
import { queryKeys } from './queryKeys';

const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]): boolean =>
  prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

describe('queryKeys', () => {
  it('gives equal keys for equal arguments (stable across calls)', () => {
    expect(queryKeys.orders.recent('u1')).toEqual(queryKeys.orders.recent('u1'));
    expect(queryKeys.analytics.trends('day', 30)).toEqual(queryKeys.analytics.trends('day', 30));
    expect(queryKeys.analytics.users()).toEqual(['growth-admin', 'analytics', 'users']);
    expect(queryKeys.me()).toEqual(['growth-admin', 'me']);
  });

  it('gives different keys for different arguments', () => {
    expect(queryKeys.orders.recent('u1')).not.toEqual(queryKeys.orders.recent('u2'));
    expect(queryKeys.analytics.trends('day', 30)).not.toEqual(queryKeys.analytics.trends('hour', 30));
    expect(queryKeys.analytics.trends('day', 30)).not.toEqual(queryKeys.analytics.trends('day', 7));
    expect(queryKeys.analytics.trends('day', { from: '2026-11-01', to: '2026-11-07' })).not.toEqual(queryKeys.analytics.trends('day', 30));
    expect(queryKeys.analytics.trends('day', 30, 'Europe/Berlin')).not.toEqual(queryKeys.analytics.trends('day', 30, 'America/New_York'));
    expect(queryKeys.analytics.trends('day', 30, 'Europe/Berlin')).not.toEqual(queryKeys.analytics.trends('day', 30));
  });

  it("tells a person's recent orders from their recent payments (orders by default)", () => {
    expect(queryKeys.orders.recent('u1')).toEqual(queryKeys.orders.recent('u1', 'orders'));
    expect(queryKeys.orders.recent('u1', 'orders')).not.toEqual(queryKeys.orders.recent('u1', 'payments'));
    const bothOfU1 = [...queryKeys.orders.all, 'recent', 'u1'] as const;
    expect(isPrefix(bothOfU1, queryKeys.orders.recent('u1', 'orders'))).toBe(true);
    expect(isPrefix(bothOfU1, queryKeys.orders.recent('u1', 'payments'))).toBe(true);
    expect(isPrefix(bothOfU1, queryKeys.orders.recent('u10'))).toBe(false);
  });

  it('puts recent orders under orders.all (a refund refreshes them) and the dashboard under analytics.all', () => {
    expect(isPrefix(queryKeys.orders.all, queryKeys.orders.recent('u1', 'payments'))).toBe(true);
    for (const key of [queryKeys.analytics.users(), queryKeys.analytics.revenue(), queryKeys.analytics.trends('week', 30)]) {
      expect(isPrefix(queryKeys.analytics.all, key)).toBe(true);
    }
  });

  it('puts every namespace under the root, and keeps them apart (no namespace prefixes another)', () => {
    const alls = [queryKeys.persons.all, queryKeys.orders.all, queryKeys.analytics.all, queryKeys.me()];
    for (const a of alls) expect(isPrefix(queryKeys.all, a)).toBe(true);
    for (const a of alls) for (const b of alls) if (a !== b) expect(isPrefix(a, b)).toBe(false);
  });
});
