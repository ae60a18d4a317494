import type { Order } from '@growth-admin/shared-client';

let seq = 0;

/** A complete, not-refunded 'heart' order unless told otherwise. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  seq += 1;
  return {
    _id: `id-${seq}`,
    orderSn: `SN${String(seq).padStart(6, '0')}`,
    shoppingUser: `customer${seq}`,
    shoppingPic: '',
    shoppingText: `https://example.test/post/${seq}`,
    productType: 'heart',
    count: 100,
    startCount: 5,
    paymentMoney: 9.99,
    paymentType: 'Apple Pay',
    promCode: null,
    platform: 'ios',
    createdAt: '2026-11-20T10:30:00.000Z',
    stateStr: 'Completed',
    stateColor: '#10B981',
    isComplete: true,
    isError: false,
    isRefund: false,
    errorMessage: null,
    personId: `person-${seq}`,
    ...overrides,
  };
}

export function makeOrders(n: number, overrides: Partial<Order> = {}): Order[] {
  return Array.from({ length: n }, () => makeOrder(overrides));
}
