// The signed-in layout's code fails to load (a deploy replaced its chunk, the network dropped):
// the administrator is told why and can retry, instead of a blank page.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@growth-admin/shared-client';
import { App } from './App';
import { startComposition } from './sections/shellRuntime';
import { TEST_RUNTIME_CONFIG } from './testing/testRuntimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadShare: jest.fn(),
}));

let mockLayoutFails = true;
jest.mock('./layout/SignedInApp', () => {
  if (mockLayoutFails) throw new Error('Loading chunk signed-in failed');
  return { __esModule: true, default: ({ username }: { username: string }) => <p>layout for {username}</p>, toastSignedIn: jest.fn(), warmTheme: jest.fn() };
});

// The page's composition, as the boot starts it for a stored session.
beforeAll(() => startComposition(TEST_RUNTIME_CONFIG));
afterEach(() => clearSession());

test('a layout that cannot be loaded says so with a Retry that loads it', async () => {
  window.history.replaceState(null, '', '/');
  render(<App configUrl="http://api.test/api/runtime-config" />);
  act(() => setSession({ token: 't', username: 'ada' }));
  expect(screen.getByTestId('layout-skeleton')).toBeInTheDocument();

  expect(await screen.findByRole('heading', { name: 'Admin Panel is unavailable' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('The layout could not be loaded: Loading chunk signed-in failed');

  mockLayoutFails = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('layout for ada')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
