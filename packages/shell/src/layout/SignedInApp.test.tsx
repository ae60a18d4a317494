// The sidebar and the sections come from the administrator's composition; the next sections are
// warmed only once the first one is loaded and its data is in (before that they would compete with
// the first screen for the network and the main thread), and of a long sidebar only the first few:
// any other when its link is pointed at.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import SignedInApp from './SignedInApp';
import { RemoteLoader } from '../sections/remoteLoader';
import { resetComposition, startComposition } from '../sections/shellRuntime';
import { TEST_HASHES, TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';
import { queryClient } from './queryClient';

let releaseData: (value: string) => void = () => undefined;
/** Resolves when the first screen's query has started: the section is drawn and its data asked for. */
let firstQueryStarted: Promise<void>;
let markFirstQueryStarted: () => void = () => undefined;
beforeEach(() => {
  firstQueryStarted = new Promise((resolve) => (markFirstQueryStarted = resolve));
});

jest.mock('@growth-admin/shared-client', () => {
  const actual = jest.requireActual('@growth-admin/shared-client');
  return { ...actual, getMe: async () => ({ username: 'ada', role: 'owner' }) };
});

function FirstScreen() {
  const data = useQuery({
    queryKey: ['first-screen'],
    queryFn: () => {
      markFirstQueryStarted();
      return new Promise<string>((resolve) => (releaseData = resolve));
    },
  });
  return <p>{data.data ?? 'first screen loading'}</p>;
}

/** The page's composition with a federation runtime whose every module is FirstScreen. */
function startPage(config = TEST_RUNTIME_CONFIG) {
  let loader!: RemoteLoader;
  const runtime = { registerPlugins: jest.fn(), registerRemotes: jest.fn(), registerShared: jest.fn(), loadRemote: jest.fn(async () => ({ default: FirstScreen })) as never };
  startComposition(config, (c) => (loader = new RemoteLoader(c, runtime)));
  // The shared-client usage check asks the remote's folder: none there, so it lets the remote through.
  global.fetch = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) })) as unknown as typeof fetch;
  return { loader, runtime, preload: jest.spyOn(loader, 'preloadWhenIdle') };
}

/** This repository's composition and `count` more teams, each a remote with one section. */
function withTeams(count: number) {
  const names = Array.from({ length: count }, (_, i) => `team${String(i + 1).padStart(2, '0')}`);
  return {
    ...TEST_RUNTIME_CONFIG,
    remotes: { ...TEST_RUNTIME_CONFIG.remotes, ...Object.fromEntries(names.map((n) => [n, `http://${n}.test/mf-manifest.json`])) },
    integrity: { ...TEST_RUNTIME_CONFIG.integrity, ...Object.fromEntries(names.map((n) => [n, TEST_HASHES])) },
    composition: {
      ...TEST_RUNTIME_CONFIG.composition,
      sections: [...TEST_RUNTIME_CONFIG.composition.sections, ...names.map((n, i) => ({ remote: n, path: n, label: `Team ${n.slice(4)}`, icon: 'tools', order: 100 + i, module: './Section' }))],
    },
  };
}

afterEach(() => {
  resetComposition();
  queryClient.clear(); // each test's first screen starts without data
});

test('the other sections are preloaded after the first one has its data, not while it loads', async () => {
  window.history.replaceState(null, '', '/analytics');
  const { preload } = startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  // The section's module is in (settled, in the same update) and its data asked for, not in: nothing is preloaded.
  expect(await screen.findByText('first screen loading')).toBeInTheDocument();
  await firstQueryStarted;
  expect(preload).not.toHaveBeenCalled();

  releaseData('first screen drawn');
  expect(await screen.findByText('first screen drawn')).toBeInTheDocument();
  await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
  const targets = preload.mock.calls[0][0];
  expect((targets as unknown as Array<{ path: string }>).map((t) => t.path)).toEqual(['projects', 'users', 'orders', 'payments', 'settings']);
});

test('of a long sidebar only the next five sections are warmed when idle; another one when its link is pointed at', async () => {
  window.history.replaceState(null, '', '/analytics');
  const { runtime, preload } = startPage(withTeams(20));
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  await firstQueryStarted;
  releaseData('first screen drawn');
  await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
  expect((preload.mock.calls[0][0] as unknown as Array<{ path: string }>).map((t) => t.path)).toEqual(['projects', 'users', 'orders', 'payments', 'settings']);
  // Warmed when idle: the five; no team's code.
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('settings/Section'));
  const loaded = () => (runtime.loadRemote as jest.Mock).mock.calls.map(([key]) => key);
  expect(loaded().filter((key: string) => key.startsWith('team'))).toEqual([]);

  await userEvent.setup({ delay: null }).hover(await screen.findByRole('link', { name: 'Team 14' }));
  await waitFor(() => expect(loaded()).toContain('team14/Section'));
  expect(loaded().filter((key: string) => key.startsWith('team'))).toEqual(['team14/Section']);
});

test('Ctrl+K opens the command palette, whose code comes with that first use while the first screen still loads', async () => {
  window.history.replaceState(null, '', '/analytics');
  const { preload } = startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  expect(await screen.findByText('first screen loading')).toBeInTheDocument();
  expect(preload).not.toHaveBeenCalled(); // (nothing warmed yet, the palette included)

  fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Go to');
  expect(within(dialog).getByRole('combobox', { name: 'Go to a section, an order or a user' })).toBeInTheDocument();
  expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Analytics', 'Projects', 'Users', 'Orders', 'Payments', 'Settings']);
});

test("the sidebar is the composition's sections, in order, each a link to its path", async () => {
  window.history.replaceState(null, '', '/users');
  startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  const menu = await screen.findByRole('menu');
  const links = within(menu).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Analytics', '/analytics'],
    ['Projects', '/projects'],
    ['Users', '/users'],
    ['Orders', '/orders'],
    ['Payments', '/payments'],
    ['Settings', '/settings'],
  ]);
  expect(await screen.findByText('first screen loading')).toBeInTheDocument();
});

test('a deep link to a section of a decommissioned remote says it no longer exists; the sidebar still works', async () => {
  window.history.replaceState(null, '', '/tickets/42');
  startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  expect(await screen.findByText('Tickets no longer exists')).toBeInTheDocument();
  expect(within(await screen.findByRole('menu')).getByRole('link', { name: 'Analytics' })).toBeInTheDocument();
  window.history.replaceState(null, '', '/');
});

test('an unknown path shows the first section at the root', async () => {
  window.history.replaceState(null, '', '/nowhere');
  startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  expect(await screen.findByText('first screen loading')).toBeInTheDocument();
  expect(window.location.pathname).toBe('/');
});
