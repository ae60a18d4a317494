// A preview link opened before signing in: kept through the login screen, entered with the new
// session once signed in, before the page's composition starts, which then runs the preview (the
// runtime config read again); no reload, and the link is entered once.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@growth-admin/shared-client';
import { installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { App } from '../App';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { resetComposition, shellRuntime } from '../sections/shellRuntime';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';
import { keepPreviewLink, PREVIEW_LINKS_KEY } from './link';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadShare: jest.fn(),
}));
jest.mock('../layout/SignedInApp', () => ({
  __esModule: true,
  default: ({ username }: { username: string }) => <p>layout for {username}</p>,
  toastSignedIn: jest.fn(),
  warmTheme: jest.fn(),
}));

const PREVIEW_ENTRY = 'http://store.test/projects/2.0.0-pr/mf-manifest.json';
const IN_PREVIEW: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  remotes: { ...TEST_RUNTIME_CONFIG.remotes, projects: PREVIEW_ENTRY },
  previews: [{ remote: 'projects', label: 'pr-42', releaseId: '7', version: '2.0.0-pr', status: 'active', expiresAt: '2030-01-01T00:00:00.000Z' }],
};

afterEach(() => {
  resetComposition();
  clearSession();
  sessionStorage.clear();
});

test('the link survives the login screen and is entered with the new session before the composition starts', async () => {
  const requests = installFakeApi({
    'POST /api/admin/login': () => ok({ token: 'new-session', user: { username: 'ada', role: 'operator' }, runtime: TEST_RUNTIME_CONFIG }),
    'POST /api/admin/previews': () => ok(IN_PREVIEW.previews![0]),
    'GET /api/runtime-config': () => ok(IN_PREVIEW),
  });
  window.history.replaceState(null, '', '/?preview=pv1.payload.sig');
  keepPreviewLink(); // as the boot does
  expect(window.location.search).toBe('');
  render(<App configUrl="http://api.test/api/runtime-config" />);

  await userEvent.type(screen.getByLabelText('Username'), 'ada');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('layout for ada')).toBeInTheDocument();

  const entered = requestsTo(requests, 'POST /api/admin/previews');
  expect(entered.map((r) => [r.body, r.headers.Authorization])).toEqual([[{ token: 'pv1.payload.sig' }, 'Bearer new-session']]);
  expect(requestsTo(requests, 'GET /api/runtime-config').map((r) => r.headers.Authorization)).toEqual(['Bearer new-session']);
  // The page runs the preview's build, and will not enter the link again.
  await waitFor(() => expect(shellRuntime()?.config.remotes.projects).toBe(PREVIEW_ENTRY));
  expect(shellRuntime()?.config.previews).toEqual(IN_PREVIEW.previews);
  expect(sessionStorage.getItem(PREVIEW_LINKS_KEY)).toBeNull();
});
