// The shell and the release registry: a section opened for the first time takes the registry's
// latest release of its remote (a rollback reaches open tabs), a remote already opened keeps its
// version, and each load failure or crash is reported once per release and kind.
import { waitFor } from '@testing-library/react';
import { clearSession, setSession } from '@growth-admin/shared-client';
import { installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import type { RuntimeConfig } from '../boot/runtimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => ({ default: () => null })),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadShare: jest.fn(async () => () => jest.requireActual('@growth-admin/shared-client')),
}));
const runtime = jest.requireMock('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock; registerRemotes: jest.Mock };

const config = (orders: string, id: string): RuntimeConfig => ({
  apiBaseUrl: 'http://api.test',
  signingKey: 'k',
  directImageHosts: [],
  remotes: { analytics: 'http://a/m.json', projects: 'http://p/m.json', people: 'http://u/m.json', orders, settings: 'http://s/m.json' },
  releases: { orders: { id, version: `v${id}`, canary: false } },
});

/** A page's boot: registerRemotesFromConfig starts the page's state afresh. */
async function fresh() {
  runtime.registerRemotes.mockClear();
  const reports = await import('./failureReports');
  reports.resetFailureReports();
  return { modules: await import('./remoteModules'), reports };
}

test('a remote opened for the first time takes the release the registry names now; once opened, it keeps its version', async () => {
  const { modules } = await fresh();
  let latest = config('http://store/orders/2/mf-manifest.json', '2');
  const refresh = jest.fn(async () => latest);
  modules.registerRemotesFromConfig(config('http://store/orders/1/mf-manifest.json', '1'), refresh);
  await modules.openSectionComponent('orders', 'Orders');
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'orders', entry: 'http://store/orders/2/mf-manifest.json' }], { force: true });
  expect(modules.releaseOf('orders')).toEqual({ id: '2', version: 'v2', canary: false });
  // Rolled back again while Orders is on screen: Payments (same remote) keeps the version on screen.
  latest = config('http://store/orders/1/mf-manifest.json', '1');
  runtime.registerRemotes.mockClear();
  await modules.openSectionComponent('orders', 'Payments');
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(modules.releaseOf('orders')?.id).toBe('2');
});

test('a preload takes the release the registry names now, so the section opened later is the administrator\'s version', async () => {
  const { modules } = await fresh();
  // The boot asked before sign-in (this browser drew the canary); signed in, the registry names the stable release.
  const refresh = jest.fn(async () => config('http://store/orders/1/mf-manifest.json', '1'));
  modules.registerRemotesFromConfig(config('http://store/orders/2/mf-manifest.json', '2'), refresh);
  runtime.registerRemotes.mockClear();
  runtime.loadRemote.mockClear();
  modules.preloadWhenIdle([{ name: 'orders', module: 'Orders' }]);
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('orders/Orders'));
  expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'orders', entry: 'http://store/orders/1/mf-manifest.json' }], { force: true });
  expect(modules.releaseOf('orders')?.id).toBe('1');
  // Opening it now loads nothing again: the preloaded module is the registry's choice.
  runtime.registerRemotes.mockClear();
  await modules.openSectionComponent('orders', 'Orders');
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
});

test("the sign-in click's question to the registry (the typed name) loads the first section's remote with that answer, which the section then opens", async () => {
  const { modules } = await fresh();
  // The boot asked for this browser (the stable release); the registry gives ada the canary.
  const refresh = jest.fn(async (username?: string) => config(`http://store/orders/${username === 'ada' ? 2 : 1}/mf-manifest.json`, username === 'ada' ? '2' : '1'));
  modules.registerRemotesFromConfig(config('http://store/orders/1/mf-manifest.json', '1'), refresh);
  runtime.registerRemotes.mockClear();
  runtime.loadRemote.mockClear();
  modules.askRegistryForSignIn('ada', { name: 'orders', module: 'Orders' });
  expect(refresh).toHaveBeenCalledWith('ada');
  // During the password check: ada's release, loaded.
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('orders/Orders'));
  expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'orders', entry: 'http://store/orders/2/mf-manifest.json' }], { force: true });
  // Signed in as ada: the section opens that module, without asking or loading again.
  setSession({ token: 't', username: 'ada' });
  runtime.registerRemotes.mockClear();
  await modules.openSectionComponent('orders', 'Orders');
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  expect(modules.releaseOf('orders')?.id).toBe('2');
  clearSession();
});

test('a sign-in that failed after its question: the administrator who then signs in gets their own release', async () => {
  const { modules } = await fresh();
  const refresh = jest.fn(async (username?: string) => config(`http://store/orders/${username === 'ada' ? 2 : 1}/mf-manifest.json`, username === 'ada' ? '2' : '1'));
  modules.registerRemotesFromConfig(config('http://store/orders/1/mf-manifest.json', '1'), refresh);
  runtime.loadRemote.mockClear();
  modules.askRegistryForSignIn('ada', { name: 'orders', module: 'Orders' }); // a mistyped password: ada never signs in
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('orders/Orders')); // ada's release 2, loaded meanwhile
  expect(modules.releaseOf('orders')?.id).toBe('2');
  setSession({ token: 't', username: 'bob' });
  runtime.registerRemotes.mockClear();
  await modules.openSectionComponent('orders', 'Orders');
  expect(refresh).toHaveBeenLastCalledWith('bob');
  // bob's release (the boot's) registered again and loaded: nothing of ada's stays.
  expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'orders', entry: 'http://store/orders/1/mf-manifest.json' }], { force: true });
  expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  expect(modules.releaseOf('orders')?.id).toBe('1');
  clearSession();
});

test('with a plain runtime config (no registry to ask), the click loads the first section\'s remote as configured', async () => {
  const { modules } = await fresh();
  modules.registerRemotesFromConfig(config('http://store/orders/1/mf-manifest.json', '1'));
  runtime.registerRemotes.mockClear();
  runtime.loadRemote.mockClear();
  modules.askRegistryForSignIn('ada', { name: 'orders', module: 'Orders' });
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('orders/Orders'));
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  setSession({ token: 't', username: 'ada' });
  await modules.openSectionComponent('orders', 'Orders');
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  clearSession();
});

test('an unchanged registry registers nothing again, and an unreachable one leaves the boot choice', async () => {
  const { modules } = await fresh();
  modules.registerRemotesFromConfig(config('http://store/orders/1/mf-manifest.json', '1'), async () => config('http://store/orders/1/mf-manifest.json', '1'));
  runtime.registerRemotes.mockClear();
  await modules.openSectionComponent('orders', 'Orders');
  expect(runtime.registerRemotes).not.toHaveBeenCalled();

  const again = await fresh();
  again.modules.registerRemotesFromConfig(config('http://store/orders/1/mf-manifest.json', '1'), async () => {
    throw new Error('offline');
  });
  runtime.registerRemotes.mockClear();
  await again.modules.openSectionComponent('orders', 'Orders');
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(again.modules.releaseOf('orders')?.id).toBe('1');
});

test('failures are reported against the release the page runs, once per release and kind; none without a registry', async () => {
  const { modules, reports } = await fresh();
  const calls = installFakeApi({ 'POST /api/admin/releases/failures': () => ok({ counted: true, rolledBack: false }) });
  modules.registerRemotesFromConfig(config('http://store/orders/7/mf-manifest.json', '7'));
  reports.reportRemoteFailure('orders', 'render', new Error('[ Federation Runtime ]: x is undefined #RUNTIME-1'));
  reports.reportRemoteFailure('orders', 'render', new Error('again'));
  reports.reportRemoteFailure('orders', 'load', new Error('manifest 404'));
  reports.reportRemoteFailure('people', 'load', new Error('no release known'));
  await waitFor(() => expect(requestsTo(calls, 'POST /api/admin/releases/failures')).toHaveLength(2));
  expect(requestsTo(calls, 'POST /api/admin/releases/failures').map((r) => r.body)).toEqual([
    { releaseId: '7', kind: 'render', message: 'x is undefined' },
    { releaseId: '7', kind: 'load', message: 'manifest 404' },
  ]);
});

test('a remote whose URL is not on an origin the registry allows is refused before anything loads', async () => {
  const { modules } = await fresh();
  runtime.loadRemote.mockClear();
  modules.registerRemotesFromConfig({ ...config('http://evil.test/orders/mf-manifest.json', '1'), allowedOrigins: ['http://store', 'http://a', 'http://p', 'http://u', 'http://s'] });
  // Never registered, so nothing of it is fetched.
  expect(runtime.registerRemotes.mock.calls[0][0].map((r: { name: string }) => r.name)).toEqual(['analytics', 'projects', 'people', 'settings']);
  await expect(modules.openSectionComponent('orders', 'Orders')).rejects.toThrow(
    "The orders remote's URL http://evil.test/orders/mf-manifest.json is not on an origin the release registry allows",
  );
  expect(runtime.loadRemote).not.toHaveBeenCalled();
  modules.registerRemotesFromConfig({ ...config('http://store/orders/1/mf-manifest.json', '1'), allowedOrigins: ['http://store'] });
  await expect(modules.openSectionComponent('orders', 'Orders')).resolves.toBeDefined();
});
