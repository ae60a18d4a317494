// The signed-in administrator's development overrides in Settings → Remotes: each with where it loads
// from, since when and in which session; this session's ended with End; nothing shown without any;
// an error with Retry.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, requestsTo, type FakeHandler } from '@growth-admin/shared-client/testing';
import type { MyOverride, SectionProps } from '@growth-admin/shared-client';
import { renderSection } from '@growth-admin/ui-kit/testing';
import { MyOverrides } from './MyOverrides';
import { SLOW_TEST_MS } from './remotesFixtures';

jest.setTimeout(SLOW_TEST_MS);

const override = (remote: string, thisSession: boolean): MyOverride => ({
  remote,
  manifestUrl: `http://localhost:5173/${remote}/mf-manifest.json`,
  origin: 'http://localhost:5173',
  setAt: '2026-11-28T10:00:00.000Z',
  thisSession,
});

function show(routes: Record<string, FakeHandler>) {
  const requests = installFakeApi(routes);
  const Tab = ({ toast }: SectionProps) => <MyOverrides toast={toast} />;
  return { ...renderSection(Tab, undefined, { username: 'ada', role: 'viewer' }), requests };
}
const rows = async () =>
  within(await screen.findByRole('table', { name: 'Your development overrides' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

test("each override of the administrator's sessions: remote, where from, since, which session; End only for this session's, and it ends it", async () => {
  let list = [override('orders', true), override('projects', false)];
  const { requests, toast } = show({
    'GET /api/admin/overrides': () => ok(list),
    'DELETE /api/admin/overrides/orders': () => {
      list = list.filter((o) => o.remote !== 'orders');
      return ok({ ended: true });
    },
  });
  await waitFor(async () => expect(await rows()).toHaveLength(2));
  const [orders, projects] = await rows();
  expect(orders.slice(0, 2)).toEqual(['orders', 'http://localhost:5173/orders/mf-manifest.json']);
  expect(orders[3]).toBe('This session');
  expect(projects[3]).toBe('Another session');
  expect(screen.queryByRole('button', { name: 'End the projects override' })).not.toBeInTheDocument();

  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'End the orders override' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The orders override ended: the released orders loads on the next page load'));
  await waitFor(async () => expect((await rows()).map((r) => r[0])).toEqual(['projects']));
  expect(requestsTo(requests, 'DELETE /api/admin/overrides/orders')).toHaveLength(1);
});

test('nothing is shown without any override (where overrides are off, always)', async () => {
  const { requests } = show({ 'GET /api/admin/overrides': () => ok([]) });
  await waitFor(() => expect(requestsTo(requests, 'GET /api/admin/overrides')).toHaveLength(1));
  await waitFor(() => expect(screen.queryByText('Loading your overrides...')).not.toBeInTheDocument());
  expect(screen.queryByRole('table', { name: 'Your development overrides' })).not.toBeInTheDocument();
});

test('an error says why, and Retry asks again', async () => {
  let calls = 0;
  show({ 'GET /api/admin/overrides': () => (++calls === 1 ? fail(503, 'The database is busy', 'DB_BUSY') : ok([override('orders', true)])) });
  expect(await screen.findByText('Error loading your overrides: The database is busy')).toBeInTheDocument();
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(async () => expect((await rows()).map((r) => r[0])).toEqual(['orders']));
});
