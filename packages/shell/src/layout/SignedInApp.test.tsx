// The other remotes are warmed only once the first section is loaded and its data is in: before
// that they would compete with the first screen for the network and the main thread.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import SignedInApp from './SignedInApp';
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
  return { ...actual, queries: { ...actual.queries, me: () => ({ queryKey: ['me'], queryFn: async () => ({ username: 'ada', role: 'owner' }) }) } };
});

jest.mock('../sections/remoteModules', () => {
  const open = jest.fn(async () =>
    function FirstScreen() {
      const data = useQuery({
        queryKey: ['first-screen'],
        queryFn: () =>
          new Promise<string>((resolve) => {
            releaseData = resolve;
            markFirstQueryStarted();
          }),
      });
      return <p>{data.data ?? 'first screen loading'}</p>;
    },
  );
  return {
    describeLoadError: (err: unknown) => String(err),
    releaseOf: () => undefined,
    preloadWhenIdle: jest.fn(() => () => undefined),
    openSectionComponent: open,
    loadSectionComponent: open,
  };
});

// Rendering the whole signed-in layout takes seconds in jsdom on a busy machine.
jest.setTimeout(30_000);

const { preloadWhenIdle } = jest.requireMock('../sections/remoteModules') as { preloadWhenIdle: jest.Mock };

test('the other sections are preloaded after the first one has its data, not while it loads', async () => {
  window.history.replaceState(null, '', '/analytics');
  render(<SignedInApp username="ada" />);
  expect(await screen.findByText('first screen loading')).toBeInTheDocument();
  // The section's module is in (settled: the commit that draws it runs the preload's effect) and its
  // query has started, and the signed-in administrator's is answered; the first screen's data is not
  // in: nothing is preloaded yet.
  await act(() => firstQueryStarted);
  await waitFor(() => expect(queryClient.getQueryState(['me'])?.status).toBe('success'));
  await act(async () => undefined); // the render that answer causes, and its effects
  expect(preloadWhenIdle).not.toHaveBeenCalled();

  releaseData('first screen drawn');
  expect(await screen.findByText('first screen drawn')).toBeInTheDocument();
  await waitFor(() => expect(preloadWhenIdle).toHaveBeenCalledTimes(1));
  const targets = preloadWhenIdle.mock.calls[0][0] as Array<{ name: string }>;
  expect(targets.map((t) => t.name)).not.toContain('analytics');
  expect(targets.map((t) => t.name)).toEqual(expect.arrayContaining(['projects', 'people', 'orders', 'settings']));
});
