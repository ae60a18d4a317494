import { QueryClient } from '@tanstack/react-query';
import { queries } from './queries';
import { queryKeys } from './queryKeys';
import { configureTestClient, installFetch, onlyRequest, removeFetch } from './testing/fakeFetch';

beforeEach(() => configureTestClient());
afterEach(() => removeFetch());

test("the shell's query of the signed-in administrator: its key, its fetcher, a minute fresh", async () => {
  const options = queries.me();
  expect(options.queryKey).toEqual(queryKeys.me());
  expect(options.staleTime).toBe(60_000);
  const mock = installFetch(() => ({ body: { data: { username: 'admin', role: 'owner' } } }));
  const data = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options);
  expect(onlyRequest(mock).url.pathname).toBe('/api/admin/me');
  expect(data).toEqual({ username: 'admin', role: 'owner' });
});
