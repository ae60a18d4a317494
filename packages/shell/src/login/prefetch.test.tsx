// The layout's code is fetched while the login screen is shown (once the browser is idle), so a
// password manager's fill and an immediate Sign in do not wait for it on a slow network.
import { act, render, screen } from '@testing-library/react';

const signedInUiLoaded = jest.fn();
jest.mock('../layout/SignedInApp', () => {
  signedInUiLoaded();
  return { __esModule: true, default: () => null, warmTheme: () => undefined };
});
jest.mock('../boot/antdStyles', () => ({ loadAntdStyles: async () => undefined }));

it('starts fetching the signed-in UI once the login screen is idle, before any keystroke', async () => {
  jest.useFakeTimers();
  try {
    const { App } = await import('../App');
    render(<App configUrl="/runtime-config.json" />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(signedInUiLoaded).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(signedInUiLoaded).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});
