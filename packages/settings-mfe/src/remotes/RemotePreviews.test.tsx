// A remote's previews in Settings → Remotes: every administrator reads them (label, version, who,
// when, expiry, notes, the link to open or copy), with loading, empty and error states; owners delete
// one behind a confirmation dialog that the keyboard works (Enter opens it, Escape leaves it).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, requestsTo, type FakeHandler } from '@growth-admin/shared-client/testing';
import { hasRole, type Preview, type SectionProps } from '@growth-admin/shared-client';
import { renderSection } from '@growth-admin/ui-kit/testing';
import { RemotePreviews } from './RemotePreviews';
import { SLOW_TEST_MS } from './remotesFixtures';

jest.setTimeout(SLOW_TEST_MS);

const LINK = 'http://admin.test/?preview=pv1.eyJyIjoib3JkZXJzIn0.c2ln';
const preview = (label: string, extra: Partial<Preview> = {}): Preview => ({
  id: `id-${label}`,
  remote: 'orders',
  label,
  version: `2.0.0-${label}`,
  manifestUrl: `http://store/orders/2.0.0-${label}/mf-manifest.json`,
  notes: `notes of ${label}`,
  createdBy: 'deploy:ci-orders',
  createdAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2026-11-30T10:00:00.000Z',
  expired: false,
  link: `${LINK}-${label}`,
  ...extra,
});
const PREVIEWS = [preview('pr-42'), preview('pr-7', { expired: true, expiresAt: '2026-11-20T10:00:00.000Z' })];

function show(routes: Record<string, FakeHandler>, role: 'owner' | 'viewer' = 'owner') {
  const requests = installFakeApi(routes);
  const Tab = ({ user, toast }: SectionProps) => <RemotePreviews remote="orders" owner={hasRole(user.role, 'owner')} toast={toast} />;
  const view = renderSection(Tab, undefined, { username: 'ada', role });
  return { ...view, requests };
}
const table = () => screen.findByRole('table', { name: 'Previews of orders' });
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

test('every administrator reads each preview: label, version, who, when, expiry (an expired one says so), notes and its link; a viewer gets no Delete', async () => {
  show({ 'GET /api/admin/releases/orders/previews': () => ok(PREVIEWS) }, 'viewer');
  await waitFor(async () => expect(await rowTexts()).toHaveLength(2));
  const [first, second] = await rowTexts();
  expect(first.slice(0, 3)).toEqual(['pr-42', '2.0.0-pr-42', 'deploy:ci-orders']);
  expect(first[4]).not.toContain('(expired)');
  expect(second[4]).toMatch(/\(expired\)$/);
  expect(first[5]).toBe('notes of pr-42');
  expect(screen.getByRole('link', { name: 'Open preview pr-42' })).toHaveAttribute('href', `${LINK}-pr-42`);
  expect(screen.getByRole('button', { name: 'Copy link of pr-42' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete pr-42' })).not.toBeInTheDocument();
  expect(within(await table()).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
});

test('loading, then empty: how to make one', async () => {
  let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
  show({ 'GET /api/admin/releases/orders/previews': () => new Promise((resolve) => (answer = resolve)) });
  expect(await screen.findByText('Loading the previews...')).toBeInTheDocument();
  answer(ok([]));
  expect(await screen.findByText('No previews: npm run release -- orders --preview <label> makes one')).toBeInTheDocument();
});

test('a list that could not load says why, and Retry loads it', async () => {
  let attempts = 0;
  show({ 'GET /api/admin/releases/orders/previews': () => (++attempts === 1 ? fail(503, 'The server is busy', 'OVERLOADED') : ok(PREVIEWS)) });
  expect(await screen.findByText('Error loading the previews of orders: The server is busy')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Open preview pr-42' })).toBeInTheDocument();
  expect(screen.queryByText(/Error loading the previews/)).not.toBeInTheDocument();
});

test('Copy link puts the link on the clipboard and says so', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const { toast } = show({ 'GET /api/admin/releases/orders/previews': () => ok(PREVIEWS) });
  await userEvent.click(await screen.findByRole('button', { name: 'Copy link of pr-42' }));
  expect(writeText).toHaveBeenCalledWith(`${LINK}-pr-42`);
  expect(toast.success).toHaveBeenCalledWith('The link of pr-42 is copied');
});

test('an owner deletes a preview after confirming in a dialog the keyboard works: Escape leaves it unchanged, Delete deletes and the list is read again', async () => {
  let listed = PREVIEWS;
  const { requests, toast } = show({
    'GET /api/admin/releases/orders/previews': () => ok(listed),
    'DELETE /api/admin/releases/orders/previews/pr-42': () => {
      listed = PREVIEWS.slice(1);
      return ok(PREVIEWS[0]);
    },
  });
  const del = await screen.findByRole('button', { name: 'Delete pr-42' });
  del.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Delete preview pr-42 of orders?' });
  expect(dialog).toHaveTextContent('Its link stops working: whoever is in it sees the active release of orders on their next page load. 2.0.0-pr-42 stays in the release store.');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(del).toHaveFocus()); // back where the keyboard was
  expect(requestsTo(requests, 'DELETE /api/admin/releases/orders/previews/pr-42')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Delete pr-42' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(requestsTo(requests, 'DELETE /api/admin/releases/orders/previews/pr-42')).toHaveLength(1));
  expect(toast.success).toHaveBeenCalledWith('Preview pr-42 of orders deleted');
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Open preview pr-42' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'Open preview pr-7' })).toBeInTheDocument();
});

test("a refused delete says the API's reason", async () => {
  const { toast } = show({
    'GET /api/admin/releases/orders/previews': () => ok(PREVIEWS),
    'DELETE /api/admin/releases/orders/previews/pr-42': () => fail(404, 'orders has no preview named pr-42', 'PREVIEW_NOT_FOUND'),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete pr-42' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('orders has no preview named pr-42'));
});
