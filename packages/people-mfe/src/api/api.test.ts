// The people remote's calls and query options through the real signed client against a fake API at
// the network edge: what each call sends and answers, and the keys the lists are cached under.
import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, type FakeReply, type FakeRequest } from '@growth-admin/shared-client/testing';
import { addMoney, getPersons, getUserRecentOrders, PERSONS_PAGE_SIZE, personKeys, queries, queryPerson, RECENT_ORDERS_LIMIT } from '.';

/** Runs `run` against an API answering `data` on `route` and returns the one request it sent. */
async function sentBy(route: string, run: () => Promise<unknown>, data: unknown = null): Promise<FakeRequest> {
  const requests = installFakeApi({ [route]: () => ok(data) });
  await run();
  expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([route]);
  return requests[0];
}

const query = (request: FakeRequest) => Object.fromEntries(request.query);

/** Runs query options through a real QueryClient against one route; answers its data and requests. */
async function fetchedBy(options: Parameters<QueryClient['fetchQuery']>[0], route: string, reply: FakeReply = ok(null)) {
  const requests = installFakeApi({ [route]: () => reply });
  const data = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options);
  return { requests, data };
}

test('the page sizes of spec 9: 20 users a page, 10 recent orders', () => {
  expect(PERSONS_PAGE_SIZE).toBe(20);
  expect(RECENT_ORDERS_LIMIT).toBe(10);
});

describe('person calls', () => {
  it('getPersons defaults to page 1 and pageSize 20, without customName', async () => {
    const request = await sentBy('GET /api/admin/persons/list', () => getPersons());
    expect(query(request)).toEqual({ page: '1', pageSize: '20' });
    expect(request.body).toBeUndefined();
  });

  it('getPersons sends the given page, size and name', async () => {
    const request = await sentBy('GET /api/admin/persons/list', () => getPersons({ page: 3, pageSize: 50, customName: 'alice smith' }));
    expect(query(request)).toEqual({ page: '3', pageSize: '50', customName: 'alice smith' });
  });

  it('getPersons leaves out an empty name and fills missing numbers with the defaults', async () => {
    const request = await sentBy('GET /api/admin/persons/list', () => getPersons({ customName: '', page: undefined }));
    expect(query(request)).toEqual({ page: '1', pageSize: '20' });
  });

  it('getPersons returns the list answer', async () => {
    const data = { total: 1, page: 1, pageSize: 20, list: [{ _id: 'u1' }] };
    installFakeApi({ 'GET /api/admin/persons/list': () => ok(data) });
    await expect(getPersons()).resolves.toEqual(data);
  });

  it('queryPerson GETs by id, or by customName, omitting the other', async () => {
    expect(query(await sentBy('GET /api/admin/persons/query', () => queryPerson({ id: 'c-42' })))).toEqual({ id: 'c-42' });
    expect(query(await sentBy('GET /api/admin/persons/query', () => queryPerson({ customName: 'alice' })))).toEqual({ customName: 'alice' });
  });

  it('addMoney POSTs personId and amount and returns the updated person', async () => {
    const updated = { _id: 'u1', money: 150 };
    const requests = installFakeApi({ 'POST /api/admin/persons/add-money': () => ok(updated) });
    await expect(addMoney('u1', 50)).resolves.toEqual(updated);
    expect(requests[0].body).toEqual({ personId: 'u1', amount: 50 });
    expect(query(requests[0])).toEqual({});
    expect(requests[0].headers['Idempotency-Key']).toBeUndefined();
  });

  it('addMoney sends the Idempotency-Key it is given', async () => {
    const request = await sentBy('POST /api/admin/persons/add-money', () => addMoney('u1', 5, 'key-of-this-action'), { _id: 'u1' });
    expect(request.headers['Idempotency-Key']).toBe('key-of-this-action');
  });
});

describe("a user's recent orders", () => {
  it("asks for the person's orders: personId, limit 10, page 0", async () => {
    const request = await sentBy('GET /api/admin/orders/orderList', () => getUserRecentOrders('u-7'), { orders: [], total: 0 });
    expect(query(request)).toEqual({ personId: 'u-7', limit: '10', page: '0' });
  });

  it('can ask for payments, and rejects on failure like the lists', async () => {
    const request = await sentBy('GET /api/admin/orders/rechargeOrderList', () => getUserRecentOrders('u-7', 'payments'), { orders: [], total: 0 });
    expect(query(request)).toEqual({ personId: 'u-7', limit: '10', page: '0' });
    installFakeApi({ 'GET /api/admin/orders/orderList': () => fail(404, 'Not found') });
    await expect(getUserRecentOrders('u-7')).rejects.toMatchObject({ message: 'Not found', status: 404 });
  });

  it('fills a partial answer with [] and 0', async () => {
    installFakeApi({ 'GET /api/admin/orders/orderList': () => ok({}) });
    await expect(getUserRecentOrders('u-7')).resolves.toEqual({ orders: [], total: 0 });
  });
});

describe('query options: each key with its fetcher', () => {
  it('a page of users, under the persons prefix, keeping the previous page on screen', async () => {
    const options = queries.persons({ page: 2, pageSize: 20 });
    expect(options.queryKey).toEqual(['growth-admin', 'persons', 'list', { page: 2, pageSize: 20 }]);
    expect(options.placeholderData).toBe(keepPreviousData);
    const { requests } = await fetchedBy(options as never, 'GET /api/admin/persons/list');
    expect(query(requests[0])).toEqual({ page: '2', pageSize: '20' });
  });

  it("a user's recent orders, under shared-client's orders.recent key (a refund in orders refreshes it)", async () => {
    const options = queries.recentOrders('u1');
    expect(options.queryKey).toEqual(queryKeys.orders.recent('u1'));
    const { requests } = await fetchedBy(options as never, 'GET /api/admin/orders/orderList', ok({ orders: [], total: 0 }));
    expect(query(requests[0])).toEqual({ page: '0', limit: '10', personId: 'u1' });
  });

  it('a user lookup by ID that fails in any way is "no such user", not an error (spec 5)', async () => {
    expect((await fetchedBy(queries.personById('7000') as never, 'GET /api/admin/persons/query', fail(404, 'User not found'))).data).toBeNull();
    const found = await fetchedBy(queries.personById('7000') as never, 'GET /api/admin/persons/query', ok({ _id: 'a', customId: '7000' }));
    expect(query(found.requests[0])).toEqual({ id: '7000' });
    expect(found.data).toEqual({ _id: 'a', customId: '7000' });
  });

  it('a user lookup by ID finds only the user with that ID, not one whose internal record number it is', async () => {
    const other = await fetchedBy(queries.personById('123') as never, 'GET /api/admin/persons/query', ok({ _id: '123', customId: '7000000974037' }));
    expect(other.data).toBeNull();
    const padded = await fetchedBy(queries.personById(' 7000 ') as never, 'GET /api/admin/persons/query', ok({ _id: 'a', customId: '7000' }));
    expect(padded.data).toEqual({ _id: 'a', customId: '7000' });
  });

  it('keeps the list and lookup keys apart, both under the persons prefix (personCache relies on it)', () => {
    const under = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((part, i) => Object.is(part, key[i]));
    expect(under([...queryKeys.persons.all, 'list'], personKeys.list({ page: 1 }))).toBe(true);
    expect(under([...queryKeys.persons.all, 'query'], personKeys.query('c1'))).toBe(true);
    expect(personKeys.list({ page: 1 })).not.toEqual(personKeys.list({ page: 2 }));
  });
});
