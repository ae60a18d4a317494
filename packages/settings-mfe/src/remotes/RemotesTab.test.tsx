// Settings → Remotes: every administrator reads each remote's active release, canary, share,
// failures and history; owners promote and roll back behind a confirmation.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import type { SectionProps, SlotHost } from '@growth-admin/shared-client';
import Section from '../Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

// An owner's tab also lists the remotes and deploy tokens (remotesFixtures): more for jsdom to render.
jest.setTimeout(300_000);
// One whole-page role query can take longer than the kit's 10 s on a busy machine (see remotesFixtures).
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

const check = (metric: string, canary: [number, number | null, number], stable: [number, number | null, number], extra: object = {}) => ({
  metric,
  canary: { n: canary[0], value: canary[1], admins: canary[2] },
  stable: { n: stable[0], value: stable[1], admins: stable[2] },
  relativeChange: null,
  effect: null,
  againstBaseline: true,
  pValue: 0.4,
  confidence: 0.6,
  outcome: 'no-worse',
  ...extra,
});
const JUDGEMENT = {
  remote: 'orders',
  canary: REGISTRY[0].canary,
  active: REGISTRY[0].active,
  since: '2026-11-23T10:00:00.000Z',
  judgedAt: '2026-11-23T12:00:00.000Z',
  verdict: 'inconclusive',
  reason: 'too few samples of INP (30 canary from 6, 120 stable from 24): 50 samples from 5 administrators needed in each cohort',
  metric: null,
  confidence: null,
  checks: [
    check('errorRate', [240, 0.025, 12], [960, 0.02, 40], { relativeChange: 0.25, againstBaseline: false }),
    check('inp', [30, 180, 6], [120, 150, 24], { pValue: null, confidence: null, outcome: 'too-few', relativeChange: 0.2, againstBaseline: false }),
    check('lcp', [200, 1450, 12], [800, 1400, 40], { relativeChange: 0.0357 }),
    check('cls', [240, 0.0123, 12], [960, 0.011, 40], { relativeChange: 0.118, againstBaseline: false }),
  ],
  series: [{ at: '2026-11-23T10:00:00.000Z', canary: { views: 240, admins: 12, errorRate: 0.025, inp: 180, lcp: 1450, cls: 0.0123 }, stable: { views: 960, admins: 40, errorRate: 0.02, inp: 150, lcp: 1400, cls: 0.011 } }],
  promoteAfterSeconds: null,
  passingSince: null,
};

function api(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /api/admin/releases': () => ok(REGISTRY),
    'GET /api/admin/releases/orders': () => ok([REGISTRY[0].canary, REGISTRY[0].active, release('orders', '0.9.0', 'rolled-back', { changedBy: 'release guard' })]),
    'GET /api/admin/audit': () => ok({ total: 0, page: 1, pageSize: 20, entries: [] }),
    'GET /api/admin/remotes': () => ok([]),
    'GET /api/admin/deploy-tokens': () => ok([]),
    'GET /api/admin/releases/orders/judgement': () => ok(JUDGEMENT),
    'GET /api/admin/releases/orders/previews': () => ok([]),
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

test("a canary's row shows the judge's verdict and why; expanded, each metric canary against stable", async () => {
  api();
  const { user } = await openRemotes('viewer');
  const orders = screen.getByText('orders').closest('tr')!;
  expect(await within(orders).findByText('Inconclusive')).toBeInTheDocument();
  expect(within(orders).getByText(/too few samples of INP \(30 canary from 6, 120 stable from 24\)/)).toBeInTheDocument();
  await user.click(within(orders).getByRole('button', { name: /expand/i }));
  const figures = await screen.findByRole('table', { name: 'Canary against stable: orders' });
  const rows = within(figures)
    .getAllByRole('row')
    .slice(1)
    .map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));
  expect(rows).toEqual([
    ['Error rate (per administrator)', '2.5 % (12 admins, n 240)', '2.0 % (40 admins, n 960)', 'As measured', '+25.0 %', '60.0 %', 'Not worse'],
    ['INP p75 of administrators', '180 ms (6 admins, n 30)', '150 ms (24 admins, n 120)', '—', '+20.0 %', '—', 'Too few to judge'],
    ['LCP p75 of administrators', '1450 ms (12 admins, n 200)', '1400 ms (40 admins, n 800)', 'Each against own baseline', '+3.6 %', '60.0 %', 'Not worse'],
    ['CLS p75 of administrators', '0.012 (12 admins, n 240)', '0.011 (40 admins, n 960)', 'As measured', '+11.8 %', '60.0 %', 'Not worse'],
  ]);
  // How many administrators the figures come from, per cohort: the judge's unit.
  expect(screen.getByText(/^Canary 12 administrators \(240 views\), stable 40 administrators \(960 views\) since /)).toBeInTheDocument();
  // Remotes without a canary are not judged.
  expect(within(screen.getByText('people').closest('tr')!).queryByText('Not judged')).toBeNull();
});

test("expanded, a canary's figures are followed by the settings.remotes.canary slot, given the remote and the judgement", async () => {
  api();
  // The shell's slot renderer, standing in: what it was asked to render, and a landmark for it.
  const asked: Array<{ id: string; props: unknown }> = [];
  const slots = {
    Slot: (({ id, props }: { id: string; props: unknown }) => {
      asked.push({ id, props });
      return <section aria-label={`slot ${id}`} />;
    }) as SlotHost['Slot'],
    entries: () => [],
    Contribution: (() => null) as SlotHost['Contribution'],
  };
  renderSection((props: SectionProps) => <Section {...props} slots={slots} />);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(screen.getByRole('tab', { name: 'Remotes' }));
  await screen.findByText('2.0.0 for 50% (deploy:ci)');
  await user.click(within(screen.getByText('orders').closest('tr')!).getByRole('button', { name: /expand/i }));
  expect(await screen.findByRole('region', { name: 'slot settings.remotes.canary' })).toBeInTheDocument();
  expect(asked.at(-1)).toEqual({ id: 'settings.remotes.canary', props: { remote: 'orders', judgement: JUDGEMENT } });
});

test("a release of the history, expanded, shows its figures: a past canary's window and the verdict it ended with, or its own views", async () => {
  const PAST = {
    ...JUDGEMENT,
    canary: release('orders', '0.9.0', 'rolled-back'),
    until: '2026-11-22T10:00:00.000Z',
    since: '2026-11-21T10:00:00.000Z',
    verdict: 'fail',
    reason: 'INP p75 is worse: 180 ms against 150 ms (+20.0 %), 99.5 % confident',
    metric: 'inp',
    confidence: 0.995,
  };
  const OWN = { ...JUDGEMENT, canary: null, verdict: null, checks: [], since: '2026-11-23T10:00:00.000Z', until: null, reason: '1.0.0 was released to everyone at once: no canary was judged' };
  const calls = api({
    'GET /api/admin/releases/orders/judgement': (req) => ok(req.query.get('release') === 'orders-0.9.0' ? PAST : req.query.get('release') === 'orders-1.0.0' ? OWN : JUDGEMENT),
  });
  const { user } = await openRemotes('viewer');
  await user.click(within(screen.getByText('orders').closest('tr')!).getByRole('button', { name: /expand row/i }));
  const history = await screen.findByRole('table', { name: 'Release history of orders' });
  await within(history).findByText('0.9.0');

  await user.click(within(within(history).getByText('0.9.0').closest('tr')!).getByRole('button', { name: /expand row/i }));
  const past = await screen.findByRole('table', { name: 'Figures of orders 0.9.0' });
  expect(within(past).getAllByRole('row')).toHaveLength(5);
  expect(screen.getByText(/^Canary 12 administrators \(240 views\), stable 40 administrators \(960 views\) from .+ to /)).toBeInTheDocument();
  expect(screen.getByText('Fail')).toBeInTheDocument();
  expect(screen.getByText(/INP p75 is worse: 180 ms against 150 ms/)).toBeInTheDocument();

  await user.click(within(within(history).getByText('1.0.0').closest('tr')!).getByRole('button', { name: /expand row/i }));
  const own = await screen.findByRole('table', { name: 'Figures of orders 1.0.0' });
  expect(within(own).getByText('1.0.0 was released to everyone at once: no canary was judged')).toBeInTheDocument();
  expect(requestsTo(calls, 'GET /api/admin/releases/orders/judgement').map((r) => r.query.get('release'))).toEqual(expect.arrayContaining(['orders-0.9.0', 'orders-1.0.0']));
});
