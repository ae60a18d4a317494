import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { queries } from './queries';
import { queryKeys } from './queryKeys';
import { configureTestClient, installFetch, onlyRequest, removeFetch } from './testing/fakeFetch';

beforeEach(() => configureTestClient());
afterEach(() => removeFetch());

/** Runs a factory's options through a real QueryClient and returns the one request it sent. */
async function fetchedBy(options: Parameters<QueryClient['fetchQuery']>[0], reply: { status?: number; body?: unknown } = { body: { data: null } }) {
  const mock = installFetch(() => reply);
  const data = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options);
  return { request: onlyRequest(mock), data };
}

describe('query options: each key with its fetcher', () => {
  it.each([
    ['projects', queries.projects(), queryKeys.projects.list(), '/api/admin/projects'],
    ['remotes', queries.remotes(), queryKeys.remotes(), '/api/admin/remotes'],
    ['deploy tokens', queries.deployTokens(), queryKeys.deployTokens(), '/api/admin/deploy-tokens'],
    ['project', queries.project('p 1'), queryKeys.projects.detail('p 1'), '/api/admin/projects/p%201'],
    ['persons', queries.persons({ page: 2, pageSize: 20 }), queryKeys.persons.list({ page: 2, pageSize: 20 }), '/api/admin/persons/list?page=2&pageSize=20'],
    ['orders', queries.orders('orders', { page: 1 }), queryKeys.orders.list('orders', { page: 1 }), '/api/admin/orders/orderList?page=1&limit=20'],
    ['payments', queries.orders('payments', { page: 0 }), queryKeys.orders.list('payments', { page: 0 }), '/api/admin/orders/rechargeOrderList?page=0&limit=20'],
    ['recent orders', queries.recentOrders('u1'), queryKeys.orders.recent('u1'), '/api/admin/orders/orderList?page=0&limit=10&personId=u1'],
    ['user stats', queries.userStats(), queryKeys.analytics.users(), '/api/admin/analytics/users'],
    ['revenue stats', queries.revenueStats(), queryKeys.analytics.revenue(), '/api/admin/analytics/revenue'],
    ['order stats', queries.orderStats(), queryKeys.analytics.orders(), '/api/admin/analytics/orders'],
    ['trends', queries.trends('week'), queryKeys.analytics.trends('week', 30), '/api/admin/analytics/trends?period=week&days=30'],
    [
      'trends over a range',
      queries.trends('day', { from: '2026-11-01', to: '2026-11-07' }),
      queryKeys.analytics.trends('day', { from: '2026-11-01', to: '2026-11-07' }),
      '/api/admin/analytics/trends?period=day&from=2026-11-01&to=2026-11-07',
    ],
    [
      'trends in a time zone',
      queries.trends('day', { from: '2026-11-01', to: '2026-11-07' }, 'America/New_York'),
      queryKeys.analytics.trends('day', { from: '2026-11-01', to: '2026-11-07' }, 'America/New_York'),
      '/api/admin/analytics/trends?period=day&from=2026-11-01&to=2026-11-07&tz=America%2FNew_York',
    ],
    [
      'trends of the last days in a time zone',
      queries.trends('hour', 30, 'Europe/Berlin'),
      queryKeys.analytics.trends('hour', 30, 'Europe/Berlin'),
      '/api/admin/analytics/trends?period=hour&days=30&tz=Europe%2FBerlin',
    ],
  ])('%s', async (_name, options, key, path) => {
    expect(options.queryKey).toEqual(key);
    const { request } = await fetchedBy(options as never);
    expect(request.url.pathname + request.url.search).toBe(path);
  });

  it('keeps the previous page on screen while the next page of a list loads', () => {
    expect(queries.persons({ page: 1 }).placeholderData).toBe(keepPreviousData);
    expect(queries.orders('orders', {}).placeholderData).toBe(keepPreviousData);
  });

  it('a user lookup by ID that fails in any way is "no such user", not an error (spec 5)', async () => {
    expect((await fetchedBy(queries.personById('7000') as never, { status: 404, body: { message: 'User not found' } })).data).toBeNull();
    const found = await fetchedBy(queries.personById('7000') as never, { body: { data: { _id: 'a', customId: '7000' } } });
    expect(String(found.request.url)).toMatch(/\/api\/admin\/persons\/query\?id=7000$/);
    expect(found.data).toEqual({ _id: 'a', customId: '7000' });
  });

  it('a user lookup by ID finds only the user with that ID, not one whose internal record number it is', async () => {
    const other = await fetchedBy(queries.personById('123') as never, { body: { data: { _id: '123', customId: '7000000974037' } } });
    expect(other.data).toBeNull();
    const padded = await fetchedBy(queries.personById(' 7000 ') as never, { body: { data: { _id: 'a', customId: '7000' } } });
    expect(padded.data).toEqual({ _id: 'a', customId: '7000' });
  });
});
