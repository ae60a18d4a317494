import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import Section from './Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(30_000);

const ADMINS = [
  { id: '1', username: 'admin', role: 'owner', createdAt: '2026-11-01T10:00:00.000Z', disabled: false },
  { id: '2', username: 'vic', role: 'viewer', createdAt: '2026-11-02T10:00:00.000Z', disabled: false },
];
const AUDIT = { total: 1, page: 1, pageSize: 20, entries: [{ id: '9', at: '2026-11-23T10:00:00.000Z', adminUsername: 'admin', action: 'admin.create', target: 'admin:vic', summary: 'Added vic as viewer', ip: '127.0.0.1', before: null, after: { username: 'vic', role: 'viewer' } }] };

/** Types a whole value at once (a paste): key-by-key typing into antd inputs is slow in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/** Buttons by their text: role queries walk antd's large table slowly in jsdom. */
const buttonsNamed = (root: ParentNode, name: string) => Array.from(root.querySelectorAll('button')).filter((b) => b.textContent?.trim() === name);

function api() {
  return installFakeApi({
    'GET /api/admin/administrators': () => ok(ADMINS),
    'GET /api/admin/audit': () => ok(AUDIT),
    'POST /api/admin/account/password': ({ body }) =>
      (body as { currentPassword: string }).currentPassword === 'right-password' ? ok({ changed: true, otherSessionsEnded: 2 }) : fail(403, 'The current password is wrong', 'WRONG_PASSWORD'),
    'PUT /api/admin/administrators/2': ({ body }) => ok({ ...ADMINS[1], ...(body as object) }),
  });
}

test('an owner gets Account, Sessions, Administrators, Audit log and Remotes; a viewer no Administrators', async () => {
  api();
  const { unmount } = renderSection(Section);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Sessions', 'Administrators', 'Audit log', 'Remotes']);
  unmount();
  renderSection(Section, undefined, { username: 'vic', role: 'viewer' });
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Sessions', 'Audit log', 'Remotes']);
});

test('changing my password: a wrong current one is said, the right one changes it and says how many sessions ended', async () => {
  const calls = api();
  const { toast } = renderSection(Section);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await fill(user, 'Current password', 'wrong');
  await fill(user, 'New password', 'a-new-long-password');
  await fill(user, 'Repeat the new password', 'a-new-long-password');
  await user.click(buttonsNamed(document, 'Change password')[0]);
  expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Current password'));
  await fill(user, 'Current password', 'right-password');
  await user.click(buttonsNamed(document, 'Change password')[0]);
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed; 2 other session(s) signed out'));
  expect(requestsTo(calls, 'POST /api/admin/account/password').at(-1)?.body).toEqual({ currentPassword: 'right-password', newPassword: 'a-new-long-password' });
});

test('too many wrong current passwords: the tab says which limit, counts down, and Change password waits', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    const calls = installFakeApi({
      'GET /api/admin/administrators': () => ok(ADMINS),
      'POST /api/admin/account/password': () => ({
        ...fail(429, 'Too many wrong passwords in this session. Try again in 3 s.', 'THROTTLED_SESSION'),
        headers: { 'Retry-After': '3' },
      }),
    });
    renderSection(Section);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, pointerEventsCheck: 0 });
    await fill(user, 'Current password', 'guess-number-eight');
    await fill(user, 'New password', 'a-new-long-password');
    await fill(user, 'Repeat the new password', 'a-new-long-password');
    await user.click(buttonsNamed(document, 'Change password')[0]);
    expect(await screen.findByText('Too many wrong passwords in this session. Try again in 3 s.')).toBeInTheDocument();
    const button = buttonsNamed(document, 'Change password')[0];
    expect(button).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('Too many wrong passwords in this session. Try again in 2 s.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    await waitFor(() => expect(buttonsNamed(document, 'Change password')[0]).toBeEnabled());
    expect(screen.queryByText(/Too many wrong passwords/)).not.toBeInTheDocument();
    expect(requestsTo(calls, 'POST /api/admin/account/password')).toHaveLength(1);
  } finally {
    jest.useRealTimers();
  }
});

test('a short or mismatched new password is refused before any call', async () => {
  const calls = api();
  renderSection(Section);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await fill(user, 'Current password', 'right-password');
  await fill(user, 'New password', 'short');
  await fill(user, 'Repeat the new password', 'other');
  await user.click(buttonsNamed(document, 'Change password')[0]);
  expect(await screen.findByText('The password must have at least 12 characters')).toBeInTheDocument();
  expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();
  expect(requestsTo(calls, 'POST /api/admin/account/password')).toHaveLength(0);
});

test('Administrators lists each with role and status; disabling asks first', async () => {
  const calls = api();
  const { toast } = renderSection(Section);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(screen.getByRole('tab', { name: 'Administrators' }));
  const row = (await screen.findByText('vic')).closest('tr')!;
  expect(within(row).getByText('Active')).toBeInTheDocument();
  await user.click(buttonsNamed(row, 'Disable')[0]);
  expect(await screen.findByText('Disable vic?')).toBeInTheDocument();
  expect(requestsTo(calls, 'PUT /api/admin/administrators/2')).toHaveLength(0); // not before the confirmation
  await user.click(buttonsNamed(document, 'Disable').at(-1)!); // the confirmation's own button
  await waitFor(() => expect(requestsTo(calls, 'PUT /api/admin/administrators/2').at(-1)?.body).toEqual({ disabled: true }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('vic disabled'));
});

test('the audit log shows who did what, newest first', async () => {
  api();
  renderSection(Section);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(screen.getByRole('tab', { name: 'Audit log' }));
  expect(await screen.findByText('Added vic as viewer')).toBeInTheDocument();
  expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
});
