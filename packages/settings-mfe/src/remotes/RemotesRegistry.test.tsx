// Settings → Remotes, the owners' part: the registry's remotes (states, Decommission), what a viewer
// does not get, and each list's loading, empty and error states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, requestsTo } from '@growth-admin/shared-client/testing';
import Section from '../Section';
import { DECOMMISSION_EFFECT } from './RemotesList';
import { api, openRemotes, REGISTRY, remote, REMOTES, rowOf, SLOW_TEST_MS, table, TOKENS } from './remotesFixtures';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(SLOW_TEST_MS);

test('an owner lists the remotes and the deploy tokens with their states', async () => {
  api();
  await openRemotes();
  await within(table('Remotes')).findByText('legacy');
  expect(within(rowOf('Remotes', 'orders')).getByText('Live')).toBeInTheDocument();
  expect(within(rowOf('Remotes', 'orders')).getByText('team orders')).toBeInTheDocument();
  expect(within(rowOf('Remotes', 'legacy')).getByText(/^Decommissioned .* by root$/)).toBeInTheDocument();
  // Only a live remote can be decommissioned.
  expect(within(rowOf('Remotes', 'orders')).getByRole('button', { name: 'Decommission orders' })).toBeEnabled();
  expect(within(rowOf('Remotes', 'legacy')).queryByRole('button', { name: 'Decommission legacy' })).toBeNull();

  await within(table('Deploy tokens')).findByText('orders-deploy');
  expect(within(rowOf('Deploy tokens', 'local')).getByText('every remote')).toBeInTheDocument();
  expect(within(rowOf('Deploy tokens', 'local')).getAllByText('Never')).toHaveLength(2); // expires, last used
  expect(within(rowOf('Deploy tokens', 'orders-deploy')).getByText(/^Nov 22, 2026/)).toBeInTheDocument();
  expect(within(rowOf('Deploy tokens', 'old')).queryByRole('button', { name: 'Revoke old' })).toBeNull();
  expect(within(rowOf('Deploy tokens', 'orders-deploy')).getByRole('button', { name: 'Revoke orders-deploy' })).toBeEnabled();
});

test('Decommission says what happens and acts only once confirmed', async () => {
  const calls = api({ 'POST /api/admin/remotes/people/decommission': () => ok(remote('people', { decommissionedAt: '2026-11-26T08:00:00.000Z', decommissionedBy: 'admin' })) });
  const { user, toast } = await openRemotes();
  await within(table('Remotes')).findByText('people');
  await user.click(within(rowOf('Remotes', 'people')).getByRole('button', { name: 'Decommission people' }));
  expect(await screen.findByText('Decommission people?')).toBeInTheDocument();
  expect(screen.getByText(DECOMMISSION_EFFECT)).toBeInTheDocument();
  expect(DECOMMISSION_EFFECT).toMatch(/disappear for everyone on their next page load/);
  expect(DECOMMISSION_EFFECT).toMatch(/deploy tokens are revoked/);
  expect(DECOMMISSION_EFFECT).toMatch(/releases stay in the history/);
  expect(requestsTo(calls, 'POST /api/admin/remotes/people/decommission')).toHaveLength(0); // not before confirming
  await user.click(screen.getByRole('button', { name: 'Decommission' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('people decommissioned'));
  expect(requestsTo(calls, 'POST /api/admin/remotes/people/decommission')).toHaveLength(1);
  // The remotes, the tokens (revoked with it) and the releases are read again.
  await waitFor(() => expect(requestsTo(calls, 'GET /api/admin/deploy-tokens')).toHaveLength(2));
  expect(requestsTo(calls, 'GET /api/admin/remotes').length).toBeGreaterThanOrEqual(2);
  expect(requestsTo(calls, 'GET /api/admin/releases').length).toBeGreaterThanOrEqual(2);
});

test('a viewer sees neither the remotes nor the deploy tokens, and asks the API for neither', async () => {
  const calls = api();
  await openRemotes('viewer');
  // The releases are on screen: the owner's part would have rendered with them.
  expect(screen.getByRole('table', { name: 'Releases' })).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Remotes' })).toBeNull();
  expect(screen.queryByRole('table', { name: 'Deploy tokens' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add remote' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^(Decommission|Revoke)/ })).toBeNull();
  expect(requestsTo(calls, 'GET /api/admin/remotes')).toHaveLength(0);
  expect(requestsTo(calls, 'GET /api/admin/deploy-tokens')).toHaveLength(0);
});

test.each([
  ['the remotes', 'GET /api/admin/remotes', 'Remotes', 'people'],
  ['the deploy tokens', 'GET /api/admin/deploy-tokens', 'Deploy tokens', 'orders-deploy'],
])('an error loading %s is said, with a Retry that loads them', async (what, route, tableName, shown) => {
  let failing = true;
  const calls = api({ [route]: () => (failing ? fail(503, 'The database is busy', 'OVERLOADED') : ok(route.endsWith('remotes') ? REMOTES : TOKENS)) });
  const { user } = await openRemotes();
  const alert = await screen.findByText(`Error loading ${what}: The database is busy`);
  expect(within(table(tableName)).getByText('Not loaded')).toBeInTheDocument();
  failing = false;
  await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
  expect(await within(table(tableName)).findByText(shown)).toBeInTheDocument();
  expect(screen.queryByText(`Error loading ${what}: The database is busy`)).toBeNull();
  expect(requestsTo(calls, route)).toHaveLength(2);
});

test('the lists say when they load and when they are empty', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  api({ 'GET /api/admin/remotes': async () => (await held, ok([])), 'GET /api/admin/deploy-tokens': async () => (await held, ok([])) });
  await openRemotes();
  expect(within(table('Remotes')).getByText('Loading the remotes...')).toBeInTheDocument();
  expect(within(table('Deploy tokens')).getByText('Loading the deploy tokens...')).toBeInTheDocument();
  await act(async () => release());
  expect(await within(table('Remotes')).findByText('No remotes yet')).toBeInTheDocument();
  expect(await within(table('Deploy tokens')).findByText('No deploy tokens yet')).toBeInTheDocument();
  // No live remote: no token can be made yet.
  expect(screen.getByRole('button', { name: 'New token' })).toBeDisabled();
});

test('an error loading the releases has a Retry too', async () => {
  let failing = true;
  api({ 'GET /api/admin/releases': () => (failing ? fail(503, 'The database is busy', 'OVERLOADED') : ok(REGISTRY)) });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  renderSection(Section);
  await user.click(screen.getByRole('tab', { name: 'Remotes' }));
  const alert = await screen.findByText('Error loading the releases: The database is busy');
  failing = false;
  await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(/^1\.0\.0 \(deploy:ci, /)).toBeInTheDocument();
});
