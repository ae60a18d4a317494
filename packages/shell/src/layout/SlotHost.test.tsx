// A slot's contributions load after the host has drawn, each in its own error boundary: one that
// crashes or cannot load shows a small fallback in its place (the host keeps working) and is
// reported against the contributing remote's release.
import { act, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { SlotContributionProps, SlotHost } from '@growth-admin/shared-client';
import { installFakeApi, ok } from '@growth-admin/shared-client/testing';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { resetFailureReports } from '../sections/failureReports';
import { RemoteLoader } from '../sections/remoteLoader';
import { resetComposition, startComposition } from '../sections/shellRuntime';
import { TEST_HASHES, TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';
import { pageVitals, resetPageVitals } from '../vitals/page';
import { VIEW_ATTRIBUTE } from '../vitals/collector';
import { createSlotHost } from './SlotHost';

function TicketsCard({ period, user }: SlotContributionProps<'dashboard.cards'>) {
  return <p>{`open tickets (${period}) for ${user.username}`}</p>;
}
function CrashingCard(): never {
  throw new Error('card exploded');
}

const config: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  remotes: { ...TEST_RUNTIME_CONFIG.remotes, tickets: 'http://t.test/mf-manifest.json', promos: 'http://pr.test/mf-manifest.json', gone: 'http://g.test/mf-manifest.json' },
  releases: { tickets: { id: '31', version: '1.0.0', canary: true }, promos: { id: '32', version: '2.0.0', canary: false }, gone: { id: '33', version: '0.1.0', canary: false } },
  integrity: { ...TEST_RUNTIME_CONFIG.integrity, tickets: TEST_HASHES, promos: TEST_HASHES, gone: TEST_HASHES },
  composition: {
    ...TEST_RUNTIME_CONFIG.composition,
    slots: {
      'dashboard.cards': [
        { remote: 'tickets', module: './TicketsCard', order: 1, label: 'Tickets card' },
        { remote: 'promos', module: './PromoCard', order: 2, label: 'Promotions card' },
        { remote: 'gone', module: './Card', order: 3 },
      ],
    },
  },
};

const modules: Record<string, () => Promise<unknown>> = {
  'tickets/TicketsCard': async () => ({ default: TicketsCard }),
  'promos/PromoCard': async () => ({ default: CrashingCard }),
  'gone/Card': async () => Promise.reject(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003')),
};

function Dashboard({ slots }: { slots: SlotHost }) {
  return (
    <section>
      <h1>Analytics Dashboard</h1>
      <slots.Slot id="dashboard.cards" props={{ period: 'day', range: null }} />
    </section>
  );
}

beforeEach(() => {
  resetFailureReports();
  resetPageVitals();
  startComposition(config, (c) => new RemoteLoader(c, { registerPlugins: jest.fn(), registerRemotes: jest.fn(), registerShared: jest.fn(), loadRemote: jest.fn((key: string) => modules[key]()) as never }));
});
afterEach(() => resetComposition());

test("each contribution in order; a crash and a load failure each show a fallback, reported against the contributing release; the host keeps working", async () => {
  const calls = installFakeApi({
    'GET /shared-client-usage.json': () => ok({}),
    'POST /api/admin/releases/failures': () => ok({ counted: true, rolledBack: false }),
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const slots = createSlotHost(config.composition, { user: { username: 'ada', role: 'owner' }, toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }, Promise.resolve());
  render(
    <ConfigProvider theme={{ hashed: false }}>
      <Dashboard slots={slots} />
    </ConfigProvider>,
  );
  // The host's own content first; the contributions are still loading.
  expect(screen.getByRole('heading', { name: 'Analytics Dashboard' })).toBeInTheDocument();
  expect(screen.getByLabelText('Loading Tickets card (tickets)')).toBeInTheDocument();

  expect(await screen.findByText('open tickets (day) for ada')).toBeInTheDocument();
  expect(await screen.findByText('Promotions card (promos) is unavailable')).toBeInTheDocument();
  expect(screen.getByText('card exploded')).toBeInTheDocument();
  expect(await screen.findByText('The gone contribution is unavailable')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Analytics Dashboard' })).toBeInTheDocument();

  await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/releases/failures')).toHaveLength(2));
  const reports = calls.filter((c) => c.path === '/api/admin/releases/failures').map((c) => c.body as { releaseId: string; kind: string });
  expect(reports.map((r) => [r.releaseId, r.kind]).sort()).toEqual([
    ['32', 'render'],
    ['33', 'load'],
  ]);
  // Each contribution drawn is a view of its remote's release (its content inside the view's
  // wrapper, for the vitals); the crash counts as an error of its remote's view.
  expect(screen.getByText('open tickets (day) for ada').closest(`[${VIEW_ATTRIBUTE}]`)).not.toBeNull();
  expect(pageVitals().drain()).toEqual([
    [
      { releaseId: '31', kind: 'slot', target: 'dashboard.cards', errors: 0 },
      { releaseId: '32', kind: 'slot', target: 'dashboard.cards', errors: 1 },
    ],
  ]);
});

test("entries list a slot's contributions without loading them (a tab strip needs the labels first)", () => {
  const loadRemote = jest.fn();
  resetComposition();
  startComposition(config, (c) => new RemoteLoader(c, { registerPlugins: jest.fn(), registerRemotes: jest.fn(), registerShared: jest.fn(), loadRemote }));
  const slots = createSlotHost(config.composition, { user: { username: 'ada' }, toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }, Promise.resolve());
  expect(slots.entries('dashboard.cards')).toEqual([
    { key: 'tickets/TicketsCard', remote: 'tickets', label: 'Tickets card' },
    { key: 'promos/PromoCard', remote: 'promos', label: 'Promotions card' },
    { key: 'gone/Card', remote: 'gone' },
  ]);
  expect(slots.entries('order.details.actions')).toEqual([]);
  expect(loadRemote).not.toHaveBeenCalled();
});

test("no contribution's remote is asked for before the page's first screen is drawn, however idle the browser; then each loads", async () => {
  installFakeApi({
    'GET /shared-client-usage.json': () => ok({}),
    'POST /api/admin/releases/failures': () => ok({ counted: true, rolledBack: false }),
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const loadRemote = jest.fn((key: string) => modules[key]());
  resetComposition();
  let load: jest.SpyInstance | undefined;
  startComposition(config, (c) => {
    const loader = new RemoteLoader(c, { registerPlugins: jest.fn(), registerRemotes: jest.fn(), registerShared: jest.fn(), loadRemote: loadRemote as never });
    load = jest.spyOn(loader, 'load');
    return loader;
  });
  let settle = () => undefined as void;
  const drawn = new Promise<void>((resolve) => (settle = resolve));
  jest.useFakeTimers();
  try {
    const slots = createSlotHost(config.composition, { user: { username: 'ada', role: 'owner' }, toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }, drawn);
    render(
      <ConfigProvider theme={{ hashed: false }}>
        <Dashboard slots={slots} />
      </ConfigProvider>,
    );
    // The effects' promises settle and every idle wait (whenIdle) runs out: still nothing asked
    // for (the loader's load is where a contribution's files start), the cards still loading.
    await act(async () => {
      await Promise.resolve();
      jest.runAllTimers();
    });
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Loading Tickets card (tickets)')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
  settle();
  expect(await screen.findByText('open tickets (day) for ada')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('tickets', './TicketsCard');
});
