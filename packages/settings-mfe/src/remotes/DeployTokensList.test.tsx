// Settings → Remotes: the deploy tokens, New token and Revoke.
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { api, openRemotes, remote, rowOf, SLOW_TEST_MS, table, token } from './remotesFixtures';

jest.setTimeout(SLOW_TEST_MS);

test('New token: a name, a live remote chosen with the keyboard, the days (90 unless changed); shown once', async () => {
  const created = { token: 'deploy_new', deployToken: token('people-ci', { remote: 'people' }) };
  // One live remote: the dialog chooses it (antd's Select does not open its list under jsdom).
  const calls = api({ 'GET /api/admin/remotes': () => ok([remote('people'), remote('legacy', { decommissionedAt: '2026-11-21T10:00:00.000Z', decommissionedBy: 'root' })]), 'POST /api/admin/deploy-tokens': () => ok(created) });
  const { user, toast } = await openRemotes();
  await within(table('Remotes')).findByText('people');
  await user.click(screen.getByRole('button', { name: 'New token' }));
  const form = await screen.findByRole('dialog', { name: 'New deploy token' });
  expect(within(form).getByLabelText('Expires in (days)')).toHaveValue(90);

  // Refused first: a bad name and days out of range, nothing sent.
  await user.type(within(form).getByLabelText('Name'), 'people ci');
  await user.clear(within(form).getByLabelText('Expires in (days)'));
  await user.type(within(form).getByLabelText('Expires in (days)'), '400');
  await user.click(within(form).getByRole('button', { name: 'Make token' }));
  expect(await within(form).findByText('Use letters, digits and . _ - only')).toBeInTheDocument();
  expect(await within(form).findByText('A whole number of days from 1 to 365')).toBeInTheDocument();
  expect(requestsTo(calls, 'POST /api/admin/deploy-tokens')).toHaveLength(0);

  await user.clear(within(form).getByLabelText('Name'));
  await user.type(within(form).getByLabelText('Name'), 'people-ci');
  await user.clear(within(form).getByLabelText('Expires in (days)'));
  await user.type(within(form).getByLabelText('Expires in (days)'), '30');
  await user.click(within(form).getByLabelText('Name'));
  await user.keyboard('{Enter}');

  const shown = await screen.findByRole('dialog', { name: 'Deploy token people-ci' });
  expect(requestsTo(calls, 'POST /api/admin/deploy-tokens').map((r) => r.body)).toEqual([{ name: 'people-ci', remote: 'people', expiresInDays: 30 }]);
  expect(toast.success).toHaveBeenCalledWith('Deploy token people-ci made');
  expect(within(shown).getByLabelText('Deploy token')).toHaveValue('deploy_new');
  expect(within(shown).getByText('Copy this token now: it will not be shown again.')).toBeInTheDocument();
  expect(within(shown).getByLabelText('How to release people').textContent).toContain('npm run release -- people --dist <your dist>');
});

test('New token: a taken name is said at the name field', async () => {
  api({ 'GET /api/admin/remotes': () => ok([remote('people'), remote('legacy', { decommissionedAt: '2026-11-21T10:00:00.000Z', decommissionedBy: 'root' })]), 'POST /api/admin/deploy-tokens': () => fail(409, 'A deploy token named orders-deploy exists', 'TOKEN_EXISTS') });
  const { user } = await openRemotes();
  await within(table('Remotes')).findByText('people');
  await user.click(screen.getByRole('button', { name: 'New token' }));
  const form = await screen.findByRole('dialog', { name: 'New deploy token' });
  await user.type(within(form).getByLabelText('Name'), 'orders-deploy');
  await user.click(within(form).getByRole('button', { name: 'Make token' }));
  expect(await within(form).findByText('A deploy token named orders-deploy exists')).toBeInTheDocument();
  expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
});

test('Revoke asks first, then revokes; a refusal is said', async () => {
  const calls = api({
    'POST /api/admin/deploy-tokens/orders-deploy/revoke': () => ok(token('orders-deploy', { revokedAt: '2026-11-26T08:00:00.000Z' })),
    'POST /api/admin/deploy-tokens/local/revoke': () => fail(409, 'local was revoked before', 'ALREADY_REVOKED'),
  });
  const { user, toast } = await openRemotes();
  await within(table('Deploy tokens')).findByText('orders-deploy');
  await user.click(within(rowOf('Deploy tokens', 'orders-deploy')).getByRole('button', { name: 'Revoke orders-deploy' }));
  expect(await screen.findByText('Revoke orders-deploy?')).toBeInTheDocument();
  expect(screen.getByText('It stops working at once for orders; it stays listed.')).toBeInTheDocument();
  expect(requestsTo(calls, 'POST /api/admin/deploy-tokens/orders-deploy/revoke')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Deploy token orders-deploy revoked'));
  await waitFor(() => expect(requestsTo(calls, 'GET /api/admin/deploy-tokens')).toHaveLength(2));

  await user.click(within(rowOf('Deploy tokens', 'local')).getByRole('button', { name: 'Revoke local' }));
  await screen.findByText('Revoke local?');
  await user.click(screen.getAllByRole('button', { name: 'Revoke' }).at(-1)!);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('local was revoked before'));
});
