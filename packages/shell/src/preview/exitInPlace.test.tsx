// Leaving a preview in the signed-in layout: the banner sits at the top of the layout, and Exit
// preview puts the page on the chosen release without a reload: the preview's extra section leaves
// the sidebar, what is typed in another remote's section stays, and the previewed remote's section
// loads afresh from its chosen release.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { clearSession, setSession } from '@growth-admin/shared-client';
import { installFakeApi, ok } from '@growth-admin/shared-client/testing';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import SignedInApp from '../layout/SignedInApp';
import { queryClient } from '../layout/queryClient';
import { RemoteLoader } from '../sections/remoteLoader';
import { resetComposition, startComposition } from '../sections/shellRuntime';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';

const PREVIEW_ENTRY = 'http://store.test/projects/2.0.0-pr/mf-manifest.json';
const IN_PREVIEW: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  remotes: { ...TEST_RUNTIME_CONFIG.remotes, projects: PREVIEW_ENTRY },
  releases: { projects: { id: '7', version: '2.0.0-pr', canary: false }, people: { id: '2', version: '1.0.0', canary: false } },
  composition: {
    ...TEST_RUNTIME_CONFIG.composition,
    sections: [...TEST_RUNTIME_CONFIG.composition.sections, { remote: 'projects', path: 'reports', label: 'Reports', icon: 'projects', module: './Reports', order: 25 }],
  },
  previews: [{ remote: 'projects', label: 'pr-42', releaseId: '7', version: '2.0.0-pr', status: 'active', expiresAt: '2030-01-01T00:00:00.000Z' }],
};
const LEFT: RuntimeConfig = { ...TEST_RUNTIME_CONFIG, releases: { projects: { id: '3', version: '1.0.0', canary: false }, people: { id: '2', version: '1.0.0', canary: false } } };

/** The people section: a field whose text must survive the switch. */
function Notes() {
  const [text, setText] = useState('');
  return <input aria-label="Notes" value={text} onChange={(e) => setText(e.target.value)} />;
}

function startPage() {
  const entries: Record<string, string> = { ...IN_PREVIEW.remotes };
  const runtime = {
    registerPlugins: jest.fn(),
    registerShared: jest.fn(),
    registerRemotes: jest.fn((list: Array<{ name: string; entry?: string }>) => list.forEach((r) => (entries[r.name] = r.entry ?? ''))),
    // Each projects module says which build it came from.
    loadRemote: jest.fn(async (key: string) => {
      if (key.startsWith('projects/')) {
        const from = entries.projects;
        return { default: () => <p>projects from {from}</p> };
      }
      return { default: Notes };
    }) as never,
  };
  startComposition(IN_PREVIEW, (c) => new RemoteLoader(c, runtime));
  return runtime;
}

beforeEach(() => setSession({ token: 'the-session', username: 'ada' }));
afterEach(() => {
  resetComposition();
  queryClient.clear();
  clearSession();
});

test('Exit preview switches the layout to the chosen release in place: the extra section goes, typed text elsewhere stays, the remote loads afresh', async () => {
  installFakeApi({
    'GET /api/admin/me': () => ok({ username: 'ada', role: 'owner' }),
    'DELETE /api/admin/previews/projects': () => ok({ left: true }),
    'GET /api/runtime-config': () => ok(LEFT),
  });
  window.history.replaceState(null, '', '/users');
  startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);

  const banner = await screen.findByRole('region', { name: 'Preview releases' });
  expect(banner).toHaveTextContent('Preview of projects 2.0.0-pr (pr-42)');
  // At the top of the layout's content, before the section.
  const content = screen.getByRole('main');
  expect(content.firstElementChild).toBe(banner);
  expect(within(screen.getByRole('menu')).getByRole('link', { name: 'Reports' })).toBeInTheDocument();
  fireEvent.change(await screen.findByRole('textbox', { name: 'Notes' }), { target: { value: 'half a thought' } });

  fireEvent.click(within(banner).getByRole('button', { name: 'Exit preview' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Preview releases' })).not.toBeInTheDocument());
  expect(within(screen.getByRole('menu')).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('half a thought');
  expect(window.location.pathname).toBe('/users');

  fireEvent.click(within(screen.getByRole('menu')).getByRole('link', { name: 'Projects' }));
  expect(await screen.findByText('projects from http://p.test/mf-manifest.json')).toBeInTheDocument();
});

test("on the previewed remote's own section, Exit preview redraws it from the chosen release", async () => {
  installFakeApi({
    'GET /api/admin/me': () => ok({ username: 'ada', role: 'owner' }),
    'DELETE /api/admin/previews/projects': () => ok({ left: true }),
    'GET /api/runtime-config': () => ok(LEFT),
  });
  window.history.replaceState(null, '', '/projects');
  startPage();
  render(<SignedInApp username="ada" configUrl="http://api.test/api/runtime-config" />);
  expect(await screen.findByText(`projects from ${PREVIEW_ENTRY}`)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
  expect(await screen.findByText('projects from http://p.test/mf-manifest.json')).toBeInTheDocument();
  expect(screen.queryByText(`projects from ${PREVIEW_ENTRY}`)).not.toBeInTheDocument();
});
