// Signing in after the layout's code has arrived (it is fetched while the credentials are typed):
// the layout is drawn in the same render, with no skeleton first. React.lazy would show the
// skeleton even then and hold the layout back until 300 ms after it (React's fallback throttle).
// A file of its own: the first render of the signed-in UI in this module registry is the point.
import { act, render, screen } from '@testing-library/react';
import { clearSession, setSession } from '@growth-admin/shared-client';
import { App, loadSignedInUi } from './App';
import { startComposition } from './sections/shellRuntime';
import { TEST_RUNTIME_CONFIG } from './testing/testRuntimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadShare: jest.fn(),
}));
jest.mock('./layout/SignedInApp', () => ({
  __esModule: true,
  default: ({ username }: { username: string }) => <p>layout for {username}</p>,
  toastSignedIn: jest.fn(),
  warmTheme: jest.fn(),
}));

beforeAll(() => startComposition(TEST_RUNTIME_CONFIG));
afterEach(() => clearSession());

test('with the layout loaded before the click, signing in draws the layout at once, with no skeleton first', async () => {
  await loadSignedInUi();
  window.history.replaceState(null, '', '/');
  const { container } = render(<App configUrl="http://api.test/api/runtime-config" />);
  let skeletonShown = false;
  new MutationObserver(() => (skeletonShown ||= container.querySelector('[data-testid="layout-skeleton"]') !== null)).observe(container, { childList: true, subtree: true });

  act(() => setSession({ token: 't', username: 'grace' }));
  expect(screen.getByText('layout for grace')).toBeInTheDocument();
  await act(async () => undefined); // (lets the observer report)
  expect(skeletonShown).toBe(false);
});
