// Settings → Remotes: every administrator reads each remote's active release, canary, share,
// failures and history; owners promote and roll back behind a confirmation.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, renderSection, requestsTo } from '@growth-admin/shared-client/testing';
import Section from '../Section';

// An owner's tab also lists the remotes and deploy tokens (remotesFixtures): more for jsdom to render.
jest.setTimeout(300_000);
// One whole-page role query can take over a second on a busy machine (see remotesFixtures).
configure({ asyncUtilTimeout: 30_000 });

const release = (remote: string, version: string, state: string, extra: object = {}) => ({
  id: `${remote}-${version}`,
  remote,
  version,
  manifestUrl: `http://store/${remote}/${version}/mf-manifest.json`,
  files: {},
  notes: `notes of ${version}`,
  createdBy: 'deploy:ci',
  createdAt: '2026-11-23T10:00:00.000Z',
  state,
  canaryPercent: null,
  changedAt: '2026-11-23T11:00:00.000Z',
  changedBy: 'admin',
  failures: 0,
  ...extra,
});
const REGISTRY = [
  { remote: 'orders', active: release('orders', '1.0.0', 'active', { failures: 1 }), canary: release('orders', '2.0.0', 'canary', { canaryPercent: 50, failures: 3 }), canRollBack: true },
  { remote: 'people', active: release('people', 'local-abc', 'active', { createdBy: 'npm start' }), canary: null, canRollBack: true },
  { remote: 'projects', active: release('projects', 'local-def', 'active', { createdBy: 'npm start' }), canary: null, canRollBack: false },
];

function api(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /api/admin/releases': () => ok(REGISTRY),
    'GET /api/admin/releases/orders': () => ok([REGISTRY[0].canary, REGISTRY[0].active, release('orders', '0.9.0', 'rolled-back', { changedBy: 'release guard' })]),
    'GET /api/admin/audit': () => ok({ total: 0, page: 1, pageSize: 20, entries: [] }),
    'GET /api/admin/remotes': () => ok([]),
    'GET /api/admin/deploy-tokens': () => ok([]),
    ...extra,
  });
}

const buttonsNamed = (root: ParentNode, name: string) => Array.from(root.querySelectorAll('button')).filter((b) => b.textContent?.trim() === name);

async function openRemotes(role: 'owner' | 'viewer' = 'owner') {
  const rendered = renderSection(Section, undefined, role === 'owner' ? undefined : { username: 'vic', role });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(screen.getByRole('tab', { name: 'Remotes' }));
  await screen.findByText('2.0.0 for 50% (deploy:ci)');
  return { ...rendered, user };
}

test('each remote shows its active release, its canary with the share, and their failures; a row opens its history', async () => {
  api();
  const { user } = await openRemotes();
  const orders = screen.getByText('orders').closest('tr')!;
  expect(within(orders).getByText(/^1\.0\.0 \(deploy:ci, /)).toBeInTheDocument();
  expect(within(orders).getByText('active 1, canary 3')).toBeInTheDocument();
  const people = screen.getByText('people').closest('tr')!;
  expect(within(people).getByText('None')).toBeInTheDocument();
  // Nothing to go back to: no Roll back offered.
  expect(buttonsNamed(screen.getByText('projects').closest('tr')!, 'Roll back')).toHaveLength(0);
  expect(buttonsNamed(orders, 'Roll back')).toHaveLength(1);
  await user.click(within(orders).getByRole('button', { name: /expand row/i }));
  const history = await screen.findByRole('table', { name: 'Release history of orders' });
  await within(history).findByText('0.9.0');
  expect(within(history).getByText('Canary 50%')).toBeInTheDocument();
  expect(within(history).getByText('Rolled back')).toBeInTheDocument();
  expect(within(history).getByText(/by release guard$/)).toBeInTheDocument();
  expect(within(history).getByText('notes of 2.0.0')).toBeInTheDocument();
});

test('an owner promotes a canary after confirming it, and is told the outcome', async () => {
  const calls = api({ 'POST /api/admin/releases/orders/promote': () => ok(release('orders', '2.0.0', 'active')) });
  const { user, toast } = await openRemotes();
  const orders = screen.getByText('orders').closest('tr')!;
  await user.click(buttonsNamed(orders, 'Promote')[0]);
  expect(await screen.findByText('Promote orders 2.0.0?')).toBeInTheDocument();
  expect(requestsTo(calls, 'POST /api/admin/releases/orders/promote')).toHaveLength(0); // not before confirming
  await user.click(buttonsNamed(document, 'Promote').at(-1)!);
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('orders 2.0.0 is active for everyone'));
  expect(requestsTo(calls, 'POST /api/admin/releases/orders/promote')).toHaveLength(1);
});

test('an owner rolls back after a confirmation that says what happens; a refusal is said', async () => {
  const calls = api({
    'POST /api/admin/releases/orders/rollback': () => ok({ active: REGISTRY[0].active, rolledBack: REGISTRY[0].canary }),
    'POST /api/admin/releases/people/rollback': () => fail(409, 'people has no canary and no earlier release to roll back to', 'NOTHING_TO_ROLL_BACK'),
  });
  const { user, toast } = await openRemotes();
  await user.click(buttonsNamed(screen.getByText('orders').closest('tr')!, 'Roll back')[0]);
  expect(await screen.findByText('The canary 2.0.0 goes; everyone gets 1.0.0 on their next page load.')).toBeInTheDocument();
  await user.click(buttonsNamed(document, 'Roll back').at(-1)!);
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('orders 2.0.0 rolled back; 1.0.0 is active'));
  expect(requestsTo(calls, 'POST /api/admin/releases/orders/rollback')[0].body).toEqual({});

  await user.click(buttonsNamed(screen.getByText('people').closest('tr')!, 'Roll back')[0]);
  await screen.findByText("local-abc is replaced by the release active before it, on each administrator's next page load.");
  await user.click(buttonsNamed(document, 'Roll back').at(-1)!);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('people has no canary and no earlier release to roll back to'));
});

test('a viewer reads the releases but is offered no Promote or Roll back', async () => {
  api();
  await openRemotes('viewer');
  expect(buttonsNamed(document, 'Promote')).toHaveLength(0);
  expect(buttonsNamed(document, 'Roll back')).toHaveLength(0);
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
});

test('an error loading the registry is said', async () => {
  installFakeApi({ 'GET /api/admin/releases': () => fail(503, 'The database is busy', 'OVERLOADED'), 'GET /api/admin/audit': () => ok({ total: 0, page: 1, pageSize: 20, entries: [] }) });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  renderSection(Section);
  await user.click(screen.getByRole('tab', { name: 'Remotes' }));
  expect(await screen.findByText('Error loading the releases: The database is busy')).toBeInTheDocument();
});
