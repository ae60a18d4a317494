// The layout's code is asked for at boot, beside the runtime config: the login screen's own code is
// in by then, and the network would otherwise sit idle for the config's round trip. A password
// manager's fill and an immediate Sign in then wait for less of it on a slow network.
import { act, screen } from '@testing-library/react';

const signedInUiLoaded = jest.fn();
jest.mock('./layout/SignedInApp', () => {
  signedInUiLoaded();
  return { __esModule: true, default: () => null, warmTheme: () => undefined };
});
jest.mock('./boot/antdStyles', () => ({ loadAntdStyles: async () => undefined }));

(globalThis as { __webpack_public_path__?: string }).__webpack_public_path__ = '/';

it("asks for the signed-in UI's code while the runtime config is on its way, before the login screen shows", async () => {
  const configRequests: Array<{ url: string; answer: (response: Response) => void }> = [];
  globalThis.fetch = jest.fn((url: string | URL | Request) => new Promise<Response>((answer) => configRequests.push({ url: String(url), answer }))) as typeof fetch;
  document.body.innerHTML = '<div id="root"></div>';

  await act(async () => {
    await import('./bootstrap');
  });
  // (StrictMode runs the boot effect twice in development.)
  expect(new Set(configRequests.map((r) => r.url))).toEqual(new Set(['http://localhost/runtime-config.json']));
  expect(signedInUiLoaded).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('heading', { name: 'Admin Login' })).not.toBeInTheDocument();

  await act(async () => {
    const config = { apiBaseUrl: 'http://localhost:4000', signingKey: 'k', remotes: {} };
    for (const r of configRequests) r.answer({ ok: true, status: 200, json: async () => config } as Response);
  });
  expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  expect(signedInUiLoaded).toHaveBeenCalledTimes(1);
});
