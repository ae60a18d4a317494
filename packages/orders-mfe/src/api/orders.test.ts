// The orders remote's calls and query options through the real signed client against a fake API at
// the network edge: what each call sends and answers, and the keys the lists are cached under.
import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { ApiError, getToken, queryKeys, setSession, type Order } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, type FakeReply, type FakeRequest } from '@growth-admin/shared-client/testing';
import { getOrdersOf, orderKeys, ORDERS_PAGE_SIZE, orderSearchParams, queries, refundOrder } from './orders';

const order = { _id: 'o1', orderSn: 'SN1', isComplete: true, isError: false, isRefund: false } as Order;
const ORDERS = 'GET /api/admin/orders/orderList';
const PAYMENTS = 'GET /api/admin/orders/rechargeOrderList';

/** Runs `run` against an API answering `reply` on `route` and returns the one request it sent. */
async function sentBy(route: string, run: () => Promise<unknown>, reply: FakeReply = ok({ orders: [], total: 0 })): Promise<FakeRequest> {
  const requests = installFakeApi({ [route]: () => reply });
  await run();
  expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([route]);
  return requests[0];
}

const query = (request: FakeRequest) => Object.fromEntries(request.query);

beforeEach(() => localStorage.clear());

describe('order and payment lists', () => {
  it('has 20 orders a page (spec 9)', () => {
    expect(ORDERS_PAGE_SIZE).toBe(20);
  });

  it.each([
    ['orders', ORDERS],
    ['payments', PAYMENTS],
  ] as const)('%s default to the zero-based page 0 and limit 20', async (kind, route) => {
    const request = await sentBy(route, () => getOrdersOf(kind));
    expect(query(request)).toEqual({ page: '0', limit: '20' });
    expect(request.body).toBeUndefined();
  });

  it('sends page, limit, the search field and status, and omits empty ones', async () => {
    const request = await sentBy(ORDERS, () => getOrdersOf('orders', { page: 2, limit: 5, orderSn: 'SN-9', shoppingUser: '', personId: undefined, status: 'refunded' }));
    expect(query(request)).toEqual({ page: '2', limit: '5', orderSn: 'SN-9', status: 'refunded' });
  });

  it.each(['shoppingUser', 'personId', 'orderSn'] as const)('sends the %s search field', async (field) => {
    const request = await sentBy(PAYMENTS, () => getOrdersOf('payments', { page: 1, ...orderSearchParams(field, '  abc ') }));
    expect(query(request)).toEqual({ page: '1', limit: '20', [field]: 'abc' });
  });

  it('returns the orders and total', async () => {
    installFakeApi({ [ORDERS]: () => ok({ orders: [order], total: 41 }) });
    await expect(getOrdersOf('orders')).resolves.toEqual({ orders: [order], total: 41 });
  });

  it('fills a partial or missing answer with [] and 0', async () => {
    installFakeApi({ [ORDERS]: () => ok({}) });
    await expect(getOrdersOf('orders')).resolves.toEqual({ orders: [], total: 0 });
    installFakeApi({ [PAYMENTS]: () => ({ status: 200, body: {} }) });
    await expect(getOrdersOf('payments')).resolves.toEqual({ orders: [], total: 0 });
  });

  it.each([
    ['orders', ORDERS],
    ['payments', PAYMENTS],
  ] as const)('%s reject with the ApiError on a failed fetch (React Query retries it; the list shows it)', async (kind, route) => {
    installFakeApi({ [route]: () => fail(500, 'Database unavailable') });
    const failure = getOrdersOf(kind, { page: 1 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Database unavailable', status: 500 });
  });

  it("a 401 in an orders call still signs out (the session handling is the client's, not the caller's)", async () => {
    installFakeApi({ [ORDERS]: () => fail(401, 'Session expired') });
    setSession({ token: 'expired', username: 'admin' });
    await expect(getOrdersOf('orders')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });
});

describe('refundOrder', () => {
  it('POSTs the order id and returns the updated order', async () => {
    const requests = installFakeApi({ 'POST /api/admin/orders/refundOrder': () => ok({ ...order, isRefund: true }) });
    await expect(refundOrder('o1')).resolves.toMatchObject({ _id: 'o1', isRefund: true });
    expect(requests[0].body).toEqual({ orderId: 'o1' });
    expect(query(requests[0])).toEqual({});
    expect(requests[0].headers['Idempotency-Key']).toBeUndefined();
  });

  it('sends the Idempotency-Key it is given', async () => {
    const request = await sentBy('POST /api/admin/orders/refundOrder', () => refundOrder('o1', 'key-of-that-action'), ok(order));
    expect(request.headers['Idempotency-Key']).toBe('key-of-that-action');
  });

  it('rejects with the server message (unlike the lists)', async () => {
    installFakeApi({ 'POST /api/admin/orders/refundOrder': () => fail(409, 'Order already refunded') });
    await expect(refundOrder('o1')).rejects.toMatchObject({ message: 'Order already refunded', status: 409 });
  });
});

describe('orderSearchParams', () => {
  it('keys the trimmed text by the chosen field', () => {
    expect(orderSearchParams('shoppingUser', ' alice ')).toEqual({ shoppingUser: 'alice' });
    expect(orderSearchParams('personId', 'u1')).toEqual({ personId: 'u1' });
    expect(orderSearchParams('orderSn', 'SN-1')).toEqual({ orderSn: 'SN-1' });
  });

  it('gives nothing for empty or blank text', () => {
    expect(orderSearchParams('orderSn', '')).toEqual({});
    expect(orderSearchParams('orderSn', '   \t')).toEqual({});
  });

  it("takes an order number pasted as the screens show it ('Order #…'), without its '#'", () => {
    expect(orderSearchParams('orderSn', ' #100000029998 ')).toEqual({ orderSn: '100000029998' });
    expect(orderSearchParams('orderSn', '# 100000029998')).toEqual({ orderSn: '100000029998' });
    expect(orderSearchParams('orderSn', '#')).toEqual({});
    // Only the order number: a name may well start with '#'.
    expect(orderSearchParams('shoppingUser', '#ada')).toEqual({ shoppingUser: '#ada' });
  });
});

describe('query options and keys', () => {
  const fetched = async (options: Parameters<QueryClient['fetchQuery']>[0], route: string, reply: FakeReply) => {
    const requests = installFakeApi({ [route]: () => reply });
    const data = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options);
    return { requests, data };
  };

  it.each([
    ['orders', queries.orders('orders', { page: 1 }), orderKeys.list('orders', { page: 1 }), ORDERS, { page: '1', limit: '20' }],
    ['payments', queries.orders('payments', { page: 0 }), orderKeys.list('payments', { page: 0 }), PAYMENTS, { page: '0', limit: '20' }],
  ] as const)('%s: the key with its fetcher, the previous page kept on screen', async (_name, options, key, route, sent) => {
    expect(options.queryKey).toEqual(key);
    expect(options.placeholderData).toBe(keepPreviousData);
    const { requests } = await fetched(options as never, route, ok({ orders: [], total: 0 }));
    expect(query(requests[0])).toEqual(sent);
  });

  it('one order by its number: the first of a one-order page, or null when there is none', async () => {
    const found = await fetched(queries.orderBySn('orders', 'SN1') as never, ORDERS, ok({ orders: [order], total: 1 }));
    expect(query(found.requests[0])).toEqual({ page: '0', limit: '1', orderSn: 'SN1' });
    expect(found.data).toEqual(order);
    expect((await fetched(queries.orderBySn('payments', 'SN2') as never, PAYMENTS, ok({ orders: [], total: 0 }))).data).toBeNull();
  });

  it("keeps every list under shared-client's orders namespace (a refund refreshes them all), kinds apart", () => {
    const under = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((part, i) => Object.is(part, key[i]));
    for (const key of [orderKeys.list('orders', {}), orderKeys.list('payments', { page: 3 }), orderKeys.bySn('orders', 'SN')]) {
      expect(under(queryKeys.orders.all, key)).toBe(true);
    }
    expect(orderKeys.list('orders', { page: 0 })).not.toEqual(orderKeys.list('payments', { page: 0 }));
    expect(orderKeys.list('orders', { page: 0 })).not.toEqual(orderKeys.list('orders', { page: 0, status: 'pending' }));
    // A person's recent orders (the people remote's) are not an orders list of this remote's.
    expect(under([...queryKeys.orders.all, 'orders', 'list'], queryKeys.orders.recent('u1'))).toBe(false);
  });
});
