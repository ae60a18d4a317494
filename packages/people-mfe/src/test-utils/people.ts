import type { Order, Person } from '@growth-admin/shared-client';

export function makePerson(n: number, overrides: Partial<Person> = {}): Person {
  return {
    _id: `p${n}`,
    customId: `10000${n}`,
    customName: `user_${n}`,
    avatar: `https://cdn.example.com/a/${n}.jpg?x-expires=1`,
    money: 100 * n,
    point: 10 * n,
    platform: n % 2 ? 'iOS' : 'Android',
    watcherCount: 1000 + n,
    watchingCount: 200 + n,
    rewardCount: 30 + n,
    rewardLastDate: null,
    isPrivate: false,
    isVerified: n % 2 === 1,
    isBusiness: false,
    countryCode: 'US',
    lastClientRegion: 'us-east',
    projectStartList: ['Alpha', 'Beta', 'Gamma'],
    updatedAt: '2026-11-20T10:30:00.000Z',
    virtualLevel: 3,
    ...overrides,
  };
}

export function makePeople(count: number, start = 1): Person[] {
  return Array.from({ length: count }, (_, i) => makePerson(start + i));
}

export function makeOrder(n: number, overrides: Partial<Order> = {}): Order {
  return {
    _id: `o${n}`,
    orderSn: `SN${1000 + n}`,
    shoppingUser: 'user_1',
    shoppingPic: '',
    shoppingText: '',
    productType: 'heart',
    count: 100,
    startCount: 0,
    paymentMoney: 4.5 * n,
    paymentType: 'card',
    promCode: null,
    platform: 'iOS',
    createdAt: '2026-11-19T08:00:00.000Z',
    stateStr: 'Completed',
    stateColor: 'green',
    isComplete: true,
    isError: false,
    isRefund: false,
    errorMessage: null,
    personId: 'p1',
    ...overrides,
  };
}
