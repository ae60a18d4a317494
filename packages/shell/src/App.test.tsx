// A signed-in page load: the layout's shape shows at once (no antd needed for it), and the current
// section's remote is asked for together with the layout's code, not after it has rendered.
import { act, render, screen, waitFor } from '@testing-library/react';
import { APPEARANCE_STORAGE_KEY, clearSession, setSession } from '@growth-admin/shared-client';
import { App } from './App';
import { LayoutSkeleton } from './boot/LayoutSkeleton';
import { startComposition } from './sections/shellRuntime';
import { TEST_RUNTIME_CONFIG } from './testing/testRuntimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)), // the remote is still on its way
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadShare: jest.fn(),
}));

// The layout's code "arrives" when the test says so (it waits for its precomputed styles too).
let layoutArrives: () => void = () => undefined;
const mockLayoutGate = new Promise<void>((resolve) => (layoutArrives = resolve));
jest.mock('./boot/antdStyles', () => ({ loadAntdStyles: () => mockLayoutGate }));
jest.mock('./layout/SignedInApp', () => ({
  __esModule: true,
  default: function SignedInApp({ username }: { username: string }) {
    return <p>layout for {username}</p>;
  },
  toastSignedIn: jest.fn(),
  warmTheme: jest.fn(),
}));

const runtime = jest.requireMock('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock };

afterEach(() => clearSession());
const CONFIG_URL = 'http://api.test/api/runtime-config';

test('with a stored session the layout skeleton shows while the layout and the section load in parallel', async () => {
  window.history.replaceState(null, '', '/users');
  setSession({ token: 't', username: 'ada' });
  startComposition(TEST_RUNTIME_CONFIG); // as the boot does for a stored session
  render(<App configUrl={CONFIG_URL} />);
  expect(screen.getByTestId('layout-skeleton')).toBeInTheDocument();
  expect(screen.getByTestId('layout-skeleton')).toHaveAttribute('data-theme', 'light');
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  // The Users section's remote is requested while the layout's code is still on its way.
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('people/Section'));
  expect(screen.getByTestId('layout-skeleton')).toBeInTheDocument();
  await act(async () => layoutArrives());
  expect(await screen.findByText('layout for ada')).toBeInTheDocument();
  expect(screen.queryByTestId('layout-skeleton')).not.toBeInTheDocument();
});

test('without a session the login screen shows and no remote is requested', () => {
  window.history.replaceState(null, '', '/');
  runtime.loadRemote.mockClear();
  render(<App configUrl={CONFIG_URL} />);
  expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  expect(runtime.loadRemote).not.toHaveBeenCalled();
});

test('the layout skeleton follows the remembered dark mode from its first render', () => {
  window.localStorage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify({ dark: true, compact: false }));
  render(<LayoutSkeleton />);
  expect(screen.getByTestId('layout-skeleton')).toHaveAttribute('data-theme', 'dark');
  window.localStorage.removeItem(APPEARANCE_STORAGE_KEY);
});
