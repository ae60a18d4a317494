import { buildStatCards, CHANGE_COLORS } from './statCards';

const byKey = (cards: ReturnType<typeof buildStatCards>) => Object.fromEntries(cards.map((c) => [c.key, c]));

test('values and change figures follow spec 9', () => {
  const cards = byKey(
    buildStatCards(
      { activeUsers: 1234, total: 2000, newUsers: { week: 150 } },
      { today: { revenue: 4321.5, growth: -3.25, orderCount: 30 }, week: { orderCount: 200 } },
    ),
  );
  expect(cards.activeUsers).toMatchObject({ title: 'Active Users', value: '1,234', change: '+7.5%', positive: true });
  expect(cards.totalRevenue).toMatchObject({ title: 'Total Revenue', value: '$4,321.50', change: '-3.3%', positive: false });
  // 30 / 200 × 100 − 100 = −85
  expect(cards.ordersToday).toMatchObject({ title: 'Orders Today', value: '30', change: '-85.0%', positive: false });
});

test('zero counts as positive: a plus sign and green; negative is red', () => {
  const cards = byKey(buildStatCards({ newUsers: { week: 0 }, total: 10 }, { today: { revenue: 1, growth: 0, orderCount: 5 }, week: { orderCount: 5 } }));
  expect(cards.activeUsers).toMatchObject({ change: '+0.0%', color: CHANGE_COLORS.up });
  expect(cards.totalRevenue).toMatchObject({ change: '+0.0%', color: CHANGE_COLORS.up });
  expect(cards.ordersToday).toMatchObject({ change: '+0.0%', color: CHANGE_COLORS.up });
  const down = byKey(buildStatCards({}, { today: { revenue: 1, growth: -0.1, orderCount: 0 }, week: { orderCount: 1 } }));
  expect(down.totalRevenue.color).toBe(CHANGE_COLORS.down);
  expect(CHANGE_COLORS.up).not.toBe(CHANGE_COLORS.down);
});

test('missing values show 0 and $0.00; missing divisors count as 1', () => {
  const cards = byKey(buildStatCards(undefined, undefined));
  expect(cards.activeUsers).toMatchObject({ value: '0', change: '+0.0%' });
  expect(cards.totalRevenue).toMatchObject({ value: '$0.00', change: '+0.0%' });
  // 0 / 1 × 100 − 100
  expect(cards.ordersToday).toMatchObject({ value: '0', change: '-100.0%', positive: false });
  // no total: 40 / 1 × 100
  expect(byKey(buildStatCards({ newUsers: { week: 40 } }, null)).activeUsers.change).toBe('+4000.0%');
  // no week count: 3 / 1 × 100 − 100
  expect(byKey(buildStatCards(null, { today: { revenue: 0, growth: 0, orderCount: 3 } })).ordersToday.change).toBe('+200.0%');
});
