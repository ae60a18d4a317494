// Fixtures of the Remotes tab's tests: the section rendered as the shell does, the shared client
// real, a fake API at the network edge. (Role queries over the whole page are slow in jsdom: the
// tests scope them to a table or a dialog where they can.)
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, ok, type FakeHandler } from '@growth-admin/shared-client/testing';
import Section from '../Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

/** jsdom renders antd slowly, more so on a busy machine. */
export const SLOW_TEST_MS = 300_000;
// The kit's preset gives a find or waitFor 10 s; this tab's whole-page role queries over the
// remotes, releases and tokens tables took longer than that on a busy machine, so a dialog that did
// open would be reported missing.
configure({ asyncUtilTimeout: 30_000 });

export const REGISTRY = [
  {
    remote: 'orders',
    active: {
      id: 'orders-1',
      remote: 'orders',
      version: '1.0.0',
      manifestUrl: 'https://cdn.example.com:8443/orders/1.0.0/mf-manifest.json',
      files: {},
      notes: '',
      createdBy: 'deploy:ci',
      createdAt: '2026-11-23T10:00:00.000Z',
      state: 'active',
      canaryPercent: null,
      changedAt: '2026-11-23T11:00:00.000Z',
      changedBy: 'admin',
      failures: 0,
    },
    canary: null,
    canRollBack: false,
  },
];
export const remote = (name: string, extra: object = {}) => ({
  name,
  team: `team ${name}`,
  origin: 'https://cdn.example.com:8443',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'admin',
  decommissionedAt: null,
  decommissionedBy: null,
  ...extra,
});
export const token = (name: string, extra: object = {}) => ({
  name,
  remote: 'orders',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'admin',
  expiresAt: '2099-02-18T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...extra,
});
export const REMOTES = [remote('orders'), remote('people'), remote('legacy', { decommissionedAt: '2026-11-21T10:00:00.000Z', decommissionedBy: 'root' })];
export const TOKENS = [token('orders-deploy', { lastUsedAt: '2026-11-22T10:00:00.000Z' }), token('local', { remote: null, expiresAt: null }), token('old', { revokedAt: '2026-11-21T10:00:00.000Z' })];

export function api(extra: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/admin/releases': () => ok(REGISTRY),
    'GET /api/admin/audit': () => ok({ total: 0, page: 1, pageSize: 20, entries: [] }),
    'GET /api/admin/remotes': () => ok(REMOTES),
    'GET /api/admin/deploy-tokens': () => ok(TOKENS),
    ...extra,
  });
}

export async function openRemotes(role: 'owner' | 'viewer' = 'owner') {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  const rendered = renderSection(Section, undefined, role === 'owner' ? undefined : { username: 'vic', role });
  await user.click(screen.getByRole('tab', { name: 'Remotes' }));
  await screen.findByText(/^1\.0\.0 \(deploy:ci, /);
  return { ...rendered, user };
}

export const table = (name: string) => screen.getByLabelText(name, { selector: 'table' });
export const rowOf = (tableName: string, text: string) => within(table(tableName)).getByText(text).closest('tr')!;
export const dialog = (name: string) => screen.getByRole('dialog', { name });

export async function openAddRemote(user: ReturnType<typeof userEvent.setup>) {
  await within(table('Remotes')).findByText('people');
  await user.click(screen.getByRole('button', { name: 'Add remote' }));
  return screen.findByRole('dialog', { name: 'Add remote' });
}

