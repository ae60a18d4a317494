import { queryKeys } from './queryKeys';

const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]): boolean =>
  prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

describe('queryKeys', () => {
  it('gives equal keys for equal arguments (stable across calls)', () => {
    expect(queryKeys.projects.list()).toEqual(queryKeys.projects.list());
    expect(queryKeys.projects.detail('p1')).toEqual(queryKeys.projects.detail('p1'));
    expect(queryKeys.persons.list({ page: 2, pageSize: 20 })).toEqual(queryKeys.persons.list({ page: 2, pageSize: 20 }));
    expect(queryKeys.persons.query('c1')).toEqual(queryKeys.persons.query('c1'));
    expect(queryKeys.orders.list('orders', { page: 0 })).toEqual(queryKeys.orders.list('orders', { page: 0 }));
    expect(queryKeys.orders.recent('u1')).toEqual(queryKeys.orders.recent('u1'));
    expect(queryKeys.analytics.trends('day', 30)).toEqual(queryKeys.analytics.trends('day', 30));
    expect(queryKeys.analytics.users()).toEqual(['growth-admin', 'analytics', 'users']);
  });

  it('gives different keys for different arguments', () => {
    expect(queryKeys.projects.detail('p1')).not.toEqual(queryKeys.projects.detail('p2'));
    expect(queryKeys.persons.list({ page: 1 })).not.toEqual(queryKeys.persons.list({ page: 2 }));
    expect(queryKeys.orders.list('orders', { page: 0 })).not.toEqual(queryKeys.orders.list('payments', { page: 0 }));
    expect(queryKeys.orders.list('orders', { page: 0 })).not.toEqual(
      queryKeys.orders.list('orders', { page: 0, status: 'pending' }),
    );
    expect(queryKeys.orders.recent('u1')).not.toEqual(queryKeys.orders.recent('u2'));
    expect(queryKeys.analytics.trends('day', 30)).not.toEqual(queryKeys.analytics.trends('hour', 30));
    expect(queryKeys.analytics.trends('day', 30)).not.toEqual(queryKeys.analytics.trends('day', 7));
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

  it('makes orders.all a prefix of every list and recent-orders key (a refund refreshes them all)', () => {
    for (const key of [
      queryKeys.orders.list('orders', {}),
      queryKeys.orders.list('payments', { page: 3, orderSn: 'SN' }),
      queryKeys.orders.recent('u1'),
      queryKeys.orders.recent('u1', 'payments'),
    ]) {
      expect(isPrefix(queryKeys.orders.all, key)).toBe(true);
    }
  });

  it('makes each section prefix its own keys, and the root prefix all of them', () => {
    const sections: Array<[readonly unknown[], Array<readonly unknown[]>]> = [
      [queryKeys.projects.all, [queryKeys.projects.list(), queryKeys.projects.detail('p1')]],
      [queryKeys.persons.all, [queryKeys.persons.list({}), queryKeys.persons.query('c1')]],
      [queryKeys.orders.all, [queryKeys.orders.list('orders', {}), queryKeys.orders.recent('u1')]],
      [
        queryKeys.analytics.all,
        [
          queryKeys.analytics.users(),
          queryKeys.analytics.revenue(),
          queryKeys.analytics.orders(),
          queryKeys.analytics.trends('week', 30),
        ],
      ],
    ];
    for (const [prefix, keys] of sections) {
      expect(isPrefix(queryKeys.all, prefix)).toBe(true);
      for (const key of keys) expect(isPrefix(prefix, key)).toBe(true);
    }
  });

  it('keeps sections apart (no section prefixes another)', () => {
    const alls = [queryKeys.projects.all, queryKeys.persons.all, queryKeys.orders.all, queryKeys.analytics.all];
    for (const a of alls) for (const b of alls) if (a !== b) expect(isPrefix(a, b)).toBe(false);
    // analytics.orders() belongs to analytics, not to the orders lists.
    expect(isPrefix(queryKeys.orders.all, queryKeys.analytics.orders())).toBe(false);
  });

  it('keeps the persons list and lookup prefixes the people section relies on', () => {
    expect(isPrefix([...queryKeys.persons.all, 'list'], queryKeys.persons.list({ page: 1 }))).toBe(true);
    expect(isPrefix([...queryKeys.persons.all, 'query'], queryKeys.persons.query('c1'))).toBe(true);
  });
});
