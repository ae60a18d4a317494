// The preview banner: what it says for a served, an expired, a deleted preview and a refused link
// (docs/screens.md), and what Exit preview does: the session leaves the preview on the server, the
// runtime config is read again, and the page switches to it in place (the remote registered again
// from its chosen release), or reloads where it cannot (a remote new to the page).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clearSession, setSession, type SessionPreview, type ToastApi } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { RemoteLoader } from '../sections/remoteLoader';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';
import PreviewBanner, { exitPreview } from './PreviewBanner';

const CONFIG_URL = 'http://api.test/api/runtime-config';
const preview = (remote: string, label: string, status: SessionPreview['status'], version = '2.0.0-pr'): SessionPreview => ({
  remote,
  label,
  releaseId: '7',
  version,
  status,
  expiresAt: '2030-01-01T00:00:00.000Z',
});
/** The page in a preview of projects: its manifest is the preview's. */
const IN_PREVIEW: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  remotes: { ...TEST_RUNTIME_CONFIG.remotes, projects: 'http://store.test/projects/2.0.0-pr/mf-manifest.json' },
  releases: { projects: { id: '7', version: '2.0.0-pr', canary: false } },
  previews: [preview('projects', 'pr-42', 'active')],
};
/** What the registry answers once the session left it: the chosen release again. */
const LEFT: RuntimeConfig = { ...TEST_RUNTIME_CONFIG, releases: { projects: { id: '3', version: '1.0.0', canary: false } } };

function page(config: RuntimeConfig) {
  const runtime = { registerPlugins: jest.fn(), registerRemotes: jest.fn(), registerShared: jest.fn(), loadRemote: jest.fn() as never };
  const loader = new RemoteLoader(config, runtime);
  loader.start();
  runtime.registerRemotes.mockClear();
  const toast: ToastApi = { success: jest.fn(), error: jest.fn(), info: jest.fn() };
  const onSwitched = jest.fn();
  render(<PreviewBanner loader={loader} config={config} configUrl={CONFIG_URL} toast={toast} onSwitched={onSwitched} />);
  return { loader, runtime, toast, onSwitched };
}

beforeEach(() => setSession({ token: 'the-session', username: 'ada' }));
afterEach(() => clearSession());

test('names each previewed remote with its version and label, says an expired or deleted one fell back, and why a link was refused', () => {
  page({
    ...TEST_RUNTIME_CONFIG,
    previews: [preview('projects', 'pr-42', 'active'), preview('orders', 'pr-7', 'expired'), preview('people', 'pr-3', 'deleted')],
    previewLinkErrors: ['No preview pr-9 of settings is in the registry'],
  });
  const banner = screen.getByRole('region', { name: 'Preview releases' });
  expect(within(banner).getAllByRole('status').map((n) => n.textContent)).toEqual([
    'Preview of projects 2.0.0-pr (pr-42)Only this browser session gets this build; other administrators see the active release.Exit preview',
    'orders preview pr-7 has expired: you see the active releaseDismiss',
    'people preview pr-3 was deleted: you see the active releaseDismiss',
  ]);
  // A refused link is an error, announced as one.
  expect(within(banner).getByRole('alert')).toHaveTextContent('This preview link could not be opened: No preview pr-9 of settings is in the registryDismiss');
  expect(within(banner).getAllByRole('button').map((b) => b.textContent)).toEqual(['Exit preview', 'Dismiss', 'Dismiss', 'Dismiss']);
});

test('a malformed preview entry from the registry is left out, not shown half; nothing to say draws nothing', () => {
  const { onSwitched } = page({ ...TEST_RUNTIME_CONFIG, previews: [{ remote: 'projects', status: 'active' } as unknown as SessionPreview] });
  expect(screen.queryByRole('region', { name: 'Preview releases' })).not.toBeInTheDocument();
  expect(onSwitched).not.toHaveBeenCalled();
});

test('Exit preview leaves it on the server, reads the config again and switches the page to it in place: the remote registered again from its chosen release', async () => {
  const requests = installFakeApi({ 'DELETE /api/admin/previews/projects': () => ok({ left: true }), 'GET /api/runtime-config': () => ok(LEFT) });
  (globalThis as Record<string, unknown>).webpackChunkprojects = [[['old-chunk'], {}]]; // what the preview's build loaded
  const { loader, runtime, onSwitched } = page(IN_PREVIEW);
  fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
  await waitFor(() => expect(onSwitched).toHaveBeenCalledTimes(1));
  expect(requestsTo(requests, 'DELETE /api/admin/previews/projects')).toHaveLength(1);
  expect(requestsTo(requests, 'GET /api/runtime-config')[0].headers.Authorization).toBe('Bearer the-session');
  expect(onSwitched.mock.calls[0][0]).toEqual(LEFT);
  expect(loader.config).toEqual(LEFT);
  // Only the remote whose manifest changed, with its chosen release's; its old build's chunk list gone.
  expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'projects', entry: 'http://p.test/mf-manifest.json' }], { force: true });
  expect((globalThis as Record<string, unknown>).webpackChunkprojects).toBeUndefined();
});

test('a refused link stays after an exit; Dismiss forgets it without a call', async () => {
  const requests = installFakeApi({ 'DELETE /api/admin/previews/projects': () => ok({ left: true }), 'GET /api/runtime-config': () => ok(LEFT) });
  const refused = { ...IN_PREVIEW, previewLinkErrors: ['No preview pr-9 of settings is in the registry'] };
  const { loader, onSwitched } = page(refused);
  await expect(exitPreview(loader, 'projects', CONFIG_URL)).resolves.toEqual({ ...LEFT, previewLinkErrors: refused.previewLinkErrors });
  const calls = requests.length;
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(onSwitched).toHaveBeenLastCalledWith({ ...refused, previewLinkErrors: undefined });
  expect(requests).toHaveLength(calls);
});

test('where the config after the exit names a remote this page did not start with, nothing is switched: the page reloads', async () => {
  installFakeApi({
    'DELETE /api/admin/previews/projects': () => ok({ left: true }),
    'GET /api/runtime-config': () => ok({ ...LEFT, remotes: { ...LEFT.remotes, reports: 'http://r.test/mf-manifest.json' } }),
  });
  const { loader, runtime } = page(IN_PREVIEW);
  await expect(exitPreview(loader, 'projects', CONFIG_URL)).resolves.toBeNull();
  expect(loader.config).toBe(IN_PREVIEW);
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
});

test('a failed exit says why and leaves the page as it was', async () => {
  installFakeApi({ 'DELETE /api/admin/previews/projects': () => fail(503, 'The server is busy', 'OVERLOADED') });
  const { loader, toast, onSwitched } = page(IN_PREVIEW);
  fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not leave the projects preview: The server is busy'));
  expect(onSwitched).not.toHaveBeenCalled();
  expect(loader.config).toBe(IN_PREVIEW);
  // The button leaves its loading state on the render after the toast: wait for it, as the user would.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Exit preview' })).toBeEnabled());
});
