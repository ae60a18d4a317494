// Settings → Remotes: Add remote, and the new token shown once.
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { api, dialog, openAddRemote, openRemotes, remote, SLOW_TEST_MS, token } from './remotesFixtures';

jest.setTimeout(SLOW_TEST_MS);

test('Add remote: the origin starts as where releases are served from; Enter creates it and the token is shown once, with Copy and how to release', async () => {
  const created = { token: 'deploy_s3cr3t', deployToken: token('tickets-deploy', { remote: 'tickets', expiresAt: '2027-02-24T10:00:00.000Z' }) };
  const calls = api({ 'POST /api/admin/remotes': () => ok({ remote: remote('tickets', { team: 'support' }), deployToken: created }) });
  const { user, toast } = await openRemotes();
  const form = await openAddRemote(user);
  expect(within(form).getByLabelText('Origin')).toHaveValue('https://cdn.example.com:8443');
  await user.type(within(form).getByLabelText('Name'), 'tickets');
  await user.type(within(form).getByLabelText('Team'), 'support{Enter}');

  const shown = await screen.findByRole('dialog', { name: 'Deploy token tickets-deploy' });
  expect(requestsTo(calls, 'POST /api/admin/remotes').map((r) => r.body)).toEqual([{ name: 'tickets', team: 'support', origin: 'https://cdn.example.com:8443' }]);
  expect(toast.success).toHaveBeenCalledWith('Remote tickets added');
  expect(within(shown).getByText('Copy this token now: it will not be shown again.')).toBeInTheDocument();
  expect(within(shown).getByLabelText('Deploy token')).toHaveValue('deploy_s3cr3t');
  const howTo = within(shown).getByLabelText('How to release tickets');
  expect(howTo.textContent).toContain('DEPLOY_TOKEN=<the token above> API_URL=http://api.test npm run release -- tickets --dist <your dist>');
  expect(howTo.textContent).toContain('POST http://api.test/api/admin/releases');
  expect(howTo.textContent).toContain('served from https://cdn.example.com:8443');
  expect(howTo.textContent!.split('\n')).toHaveLength(5);

  await user.click(within(shown).getByRole('button', { name: 'Copy' }));
  expect(await navigator.clipboard.readText()).toBe('deploy_s3cr3t');
  expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  // The lists show the new remote and its token.
  await waitFor(() => expect(requestsTo(calls, 'GET /api/admin/remotes')).toHaveLength(2));
  await waitFor(() => expect(requestsTo(calls, 'GET /api/admin/deploy-tokens')).toHaveLength(2));

  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deploy token tickets-deploy' })).toBeNull());
  // Gone for good: nothing on the page holds the token any more.
  expect(document.body.innerHTML).not.toContain('deploy_s3cr3t');
});

test('closing the token before copying it asks first', async () => {
  const created = { token: 'deploy_once', deployToken: token('tickets-deploy', { remote: 'tickets' }) };
  api({ 'POST /api/admin/remotes': () => ok({ remote: remote('tickets'), deployToken: created }) });
  const { user } = await openRemotes();
  const form = await openAddRemote(user);
  await user.type(within(form).getByLabelText('Name'), 'tickets');
  await user.type(within(form).getByLabelText('Team'), 'support');
  await user.click(within(form).getByRole('button', { name: 'Add remote' }));
  const shown = await screen.findByRole('dialog', { name: 'Deploy token tickets-deploy' });
  await user.click(within(shown).getByLabelText('Deploy token'));
  await user.keyboard('{Escape}');
  // (Under jest antd gives every dialog the same title id: a dialog over another is found by its text.)
  const ask = (await screen.findByText('Close without copying the token?')).closest<HTMLElement>('[role="dialog"]')!;
  await user.click(within(ask).getByRole('button', { name: 'Back to the token' }));
  await waitFor(() => expect(screen.queryByText('Close without copying the token?')).toBeNull());
  expect(within(dialog('Deploy token tickets-deploy')).getByLabelText('Deploy token')).toHaveValue('deploy_once');
});

test('Add remote: each bad input is refused with its message at its field, and nothing is sent', async () => {
  const calls = api();
  const { user } = await openRemotes();
  const form = await openAddRemote(user);
  const cases: [string, string, string][] = [
    ['Name', '', 'Enter a name'],
    ['Name', 'Tickets', 'Start with a lower-case letter'],
    ['Name', '2tickets', 'Start with a lower-case letter'],
    ['Name', 'tick_ets', 'Use lower-case letters, digits and - only'],
    ['Name', 'a'.repeat(41), 'At most 40 characters'],
    ['Team', '   ', 'Enter the team'],
    ['Origin', '', 'Enter the origin its files are served from'],
    ['Origin', 'cdn.example.com', 'Start with http:// or https://'],
    ['Origin', 'https://cdn.example.com/tickets', 'Only the scheme, host and port, without a path (e.g. https://cdn.example.com)'],
  ];
  const valid: Record<string, string> = { Name: 'tickets', Team: 'support', Origin: 'https://cdn.example.com' };
  for (const [field, value, message] of cases) {
    for (const label of ['Name', 'Team', 'Origin']) {
      const input = within(form).getByLabelText(label);
      await user.clear(input);
      const typed = label === field ? value : valid[label];
      // Pasted whole: key-by-key typing re-validates antd's form at every key, slowly in jsdom.
      if (typed) await user.paste(typed);
    }
    await user.click(within(form).getByRole('button', { name: 'Add remote' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(field)).toHaveAttribute('aria-invalid', 'true'));
  }
  expect(requestsTo(calls, 'POST /api/admin/remotes')).toHaveLength(0);
});

test('Add remote: a taken name is said at the name field, and nothing typed is lost', async () => {
  const calls = api({ 'POST /api/admin/remotes': () => fail(409, 'A remote named orders exists (a name is never reused)', 'REMOTE_EXISTS') });
  const { user } = await openRemotes();
  const form = await openAddRemote(user);
  await user.type(within(form).getByLabelText('Name'), 'orders');
  await user.type(within(form).getByLabelText('Team'), 'support{Enter}');
  expect(await within(form).findByText('A remote named orders exists (a name is never reused)')).toBeInTheDocument();
  expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(within(form).getByLabelText('Name')).toHaveValue('orders');
  expect(within(form).getByLabelText('Team')).toHaveValue('support');
  expect(within(form).getByLabelText('Origin')).toHaveValue('https://cdn.example.com:8443');
  expect(requestsTo(calls, 'POST /api/admin/remotes')).toHaveLength(1);
  // Another name clears it.
  await user.type(within(form).getByLabelText('Name'), '-2');
  await waitFor(() => expect(within(form).queryByText('A remote named orders exists (a name is never reused)')).toBeNull());
});

test('Add remote: another refusal is said in the dialog, which keeps what was typed', async () => {
  api({ 'POST /api/admin/remotes': () => fail(503, 'The database is busy', 'OVERLOADED') });
  const { user } = await openRemotes();
  const form = await openAddRemote(user);
  await user.type(within(form).getByLabelText('Name'), 'tickets');
  await user.type(within(form).getByLabelText('Team'), 'support{Enter}');
  expect(await within(form).findByText('The database is busy')).toBeInTheDocument();
  expect(within(form).getByLabelText('Name')).toHaveValue('tickets');
});

test('Add remote: Escape with changes asks before discarding them; Escape without changes closes', async () => {
  api();
  const { user } = await openRemotes();
  let form = await openAddRemote(user);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add remote' })).toBeNull());
  // The focus is back on Add remote.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add remote' })).toHaveFocus());

  form = await openAddRemote(user);
  await user.type(within(form).getByLabelText('Team'), 'support');
  await user.keyboard('{Escape}');
  // (Under jest antd gives every dialog the same title id: a dialog over another is found by its text.)
  const ask = (await screen.findByText('Discard your changes?')).closest<HTMLElement>('[role="dialog"]')!;
  await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
  await waitFor(() => expect(screen.queryByText('Discard your changes?')).toBeNull());
  expect(within(dialog('Add remote')).getByLabelText('Team')).toHaveValue('support');
  // Cancel is the explicit way out: it closes at once.
  await user.click(within(dialog('Add remote')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add remote' })).toBeNull());
});
