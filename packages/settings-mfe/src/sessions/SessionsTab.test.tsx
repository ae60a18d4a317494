import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import Section from '../Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(30_000);

const at = (m: number) => `2026-11-23T1${m}:00:00.000Z`;
const MINE = [
  { id: '11', username: 'admin', startedAt: at(0), lastSeenAt: at(2), ip: '10.0.0.1', browser: 'Chrome 131 on Windows', current: true },
  { id: '12', username: 'admin', startedAt: at(1), lastSeenAt: at(1), ip: '10.0.0.2', browser: 'Firefox 133 on Linux', current: false },
];
const ALL = [...MINE, { id: '21', username: 'vic', startedAt: at(0), lastSeenAt: at(0), ip: '10.0.0.9', browser: 'Safari 17 on macOS', current: false }];

const buttonsNamed = (root: ParentNode, name: string) => Array.from(root.querySelectorAll('button')).filter((b) => b.textContent?.trim() === name);
const rowOf = async (text: string, card: string) => within(cardNamed(card)).getByText(text).closest('tr')!;
/** The sessions table of the card titled `title` (named after it). */
const cardNamed = (title: string) => screen.getByRole('table', { name: title });

function api(ended: Set<string> = new Set()) {
  const live = (list: typeof ALL) => list.filter((s) => !ended.has(s.id));
  return installFakeApi({
    'GET /api/admin/account/sessions': () => ok(live(MINE)),
    'GET /api/admin/sessions': () => ok(live(ALL)),
    'GET /api/admin/administrators': () => ok([]),
    'DELETE /api/admin/account/sessions/12': () => (ended.add('12'), ok({ ended: 1 })),
    'DELETE /api/admin/sessions/21': () => (ended.add('21'), ok({ ended: 1 })),
    'DELETE /api/admin/sessions/12': () => fail(404, 'No active session with id 12', 'SESSION_NOT_FOUND'),
    'POST /api/admin/account/sessions/end-others': () => (ended.add('12'), ok({ ended: 1 })),
  });
}

async function openSessions(role: 'owner' | 'operator' = 'owner') {
  const rendered = renderSection(Section, undefined, { username: 'admin', role });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toContain('Sessions');
  await user.click(screen.getByRole('tab', { name: 'Sessions' }));
  return { ...rendered, user };
}

test('my sessions show browser, IP, started and last seen, this one marked and not endable', async () => {
  api();
  await openSessions();
  await waitFor(() => expect(within(cardNamed('My sessions')).getByText('Firefox 133 on Linux')).toBeInTheDocument());
  const current = await rowOf('Chrome 131 on Windows', 'My sessions');
  expect(within(current).getByText('This session')).toBeInTheDocument();
  expect(within(current).getByText('10.0.0.1')).toBeInTheDocument();
  expect(buttonsNamed(current, 'End session')).toHaveLength(0);
  const other = await rowOf('Firefox 133 on Linux', 'My sessions');
  expect(within(other).getByText('10.0.0.2')).toBeInTheDocument();
  expect(buttonsNamed(other, 'End session')).toHaveLength(1);
});

test('ending one of my sessions calls the API, says so and reloads the lists', async () => {
  const calls = api();
  const { user, toast } = await openSessions();
  await waitFor(() => expect(within(cardNamed('My sessions')).getByText('Firefox 133 on Linux')).toBeInTheDocument());
  await user.click(buttonsNamed(await rowOf('Firefox 133 on Linux', 'My sessions'), 'End session')[0]);
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Session of admin in Firefox 133 on Linux ended'));
  expect(requestsTo(calls, 'DELETE /api/admin/account/sessions/12')).toHaveLength(1);
  await waitFor(() => expect(within(cardNamed('My sessions')).queryByText('Firefox 133 on Linux')).not.toBeInTheDocument());
});

test('End all other sessions asks first, then ends them', async () => {
  const calls = api();
  const { user, toast } = await openSessions();
  await waitFor(() => expect(within(cardNamed('My sessions')).getByText('Firefox 133 on Linux')).toBeInTheDocument());
  await user.click(buttonsNamed(document, 'End all other sessions')[0]);
  expect(await screen.findByText('End all your other sessions?')).toBeInTheDocument();
  expect(requestsTo(calls, 'POST /api/admin/account/sessions/end-others')).toHaveLength(0);
  await user.click(buttonsNamed(document, 'End them')[0]);
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('1 other session(s) ended'));
  await waitFor(() => expect(buttonsNamed(document, 'End all other sessions')[0]).toBeDisabled());
});

test('an owner sees and ends anyone’s session; a failure is said', async () => {
  const calls = api();
  const { user, toast } = await openSessions();
  await waitFor(() => expect(within(cardNamed("Every administrator's sessions")).getByText('Safari 17 on macOS')).toBeInTheDocument());
  const vic = await rowOf('Safari 17 on macOS', "Every administrator's sessions");
  expect(within(vic).getByText('vic')).toBeInTheDocument();
  await user.click(buttonsNamed(vic, 'End session')[0]);
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Session of vic in Safari 17 on macOS ended'));
  expect(requestsTo(calls, 'DELETE /api/admin/sessions/21')).toHaveLength(1);

  await user.click(buttonsNamed(await rowOf('Firefox 133 on Linux', "Every administrator's sessions"), 'End session')[0]);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to end the session: No active session with id 12'));
});

test('an operator sees only their own sessions and never asks for everyone’s', async () => {
  const calls = api();
  await openSessions('operator');
  await waitFor(() => expect(within(cardNamed('My sessions')).getByText('Firefox 133 on Linux')).toBeInTheDocument());
  expect(screen.queryByText("Every administrator's sessions")).not.toBeInTheDocument();
  expect(requestsTo(calls, 'GET /api/admin/sessions')).toHaveLength(0);
});
