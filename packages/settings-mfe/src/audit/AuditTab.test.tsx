import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import Section from '../Section';
import { rangeFilter } from './AuditTab';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(30_000);

const ENTRY = {
  id: '9',
  at: '2026-11-23T10:00:00.000Z',
  adminUsername: 'admin',
  action: 'admin.update',
  target: 'admin:vic',
  summary: 'role viewer → operator',
  ip: '127.0.0.1',
  before: { role: 'viewer' },
  after: { role: 'operator' },
};
const LOGIN = { ...ENTRY, id: '8', action: 'login', target: 'admin:admin', summary: 'Signed in', before: null, after: null };
/** Buttons by their text: role queries walk antd's table slowly in jsdom. */
const button = (name: string) => Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === name)!;
const page = (entries: unknown[]) => ok({ total: entries.length, page: 1, pageSize: 20, entries });

async function openAudit(routes: Parameters<typeof installFakeApi>[0] = {}) {
  const calls = installFakeApi({ 'GET /api/admin/audit': () => page([ENTRY, LOGIN]), ...routes });
  const rendered = renderSection(Section);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(screen.getByRole('tab', { name: 'Audit log' }));
  await screen.findByText('role viewer → operator');
  return { ...rendered, user, calls };
}

test('a change shows its before and after; an entry without changes offers none', async () => {
  const { user } = await openAudit();
  const row = screen.getByText('role viewer → operator').closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand row' }));
  const changes = await screen.findByRole('table', { name: 'Before and after' });
  expect(within(changes).getByRole('row', { name: 'role "viewer" "operator"' })).toBeInTheDocument();
  // antd keeps an invisible spacer 'Expand row' button where a row cannot expand: only its class tells it from a real one.
  expect(within(screen.getByText('Signed in').closest('tr')!).getByRole('button', { name: 'Expand row' })).toHaveClass('ant-table-row-expand-icon-spaced');
});

test('searching by target sends the target filter', async () => {
  const { user, calls } = await openAudit();
  await user.click(screen.getByLabelText('Search by'));
  await user.click(await screen.findByTitle('Target'));
  await user.click(screen.getByLabelText('Search text'));
  await user.paste('order:');
  await user.click(button('Search'));
  await waitFor(() => expect(requestsTo(calls, 'GET /api/admin/audit').at(-1)?.query.get('target')).toBe('order:'));
});

test('the chosen days become from (first day’s start) and to (the day after the last), each optional', () => {
  expect(rangeFilter('', '')).toEqual({});
  const { from, to } = rangeFilter('2026-11-01', '2026-11-03');
  expect(dayjs(from).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
  expect(dayjs(to).format('YYYY-MM-DD HH:mm')).toBe('2026-11-04 00:00');
  expect(Object.keys(rangeFilter('2026-11-01', ''))).toEqual(['from']);
});

test('a day typed into From day filters the list from that day', async () => {
  const { user, calls } = await openAudit();
  await user.click(screen.getByLabelText('From day'));
  await user.paste('2026-11-20');
  await waitFor(() => expect(requestsTo(calls, 'GET /api/admin/audit').at(-1)?.query.get('from')).toBe(dayjs('2026-11-20').startOf('day').toISOString()));
  expect(requestsTo(calls, 'GET /api/admin/audit').at(-1)?.query.get('to')).toBeNull();
});

test('Export CSV downloads the current filter’s file; a failure is said', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:audit');
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  let failing = false;
  const { user, calls, toast } = await openAudit({
    'GET /api/admin/audit/export.csv': () => (failing ? fail(503, 'Too many requests are waiting', 'OVERLOADED') : { status: 200, text: '"time"\r\n' }),
  });
  await user.click(screen.getByLabelText('Search text'));
  await user.paste('vic');
  await user.click(button('Search'));
  await user.click(button('Export CSV'));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Audit log exported'));
  await waitFor(() => expect(within(button('Export CSV')).queryByRole('img', { name: 'loading' })).toBeNull());
  expect(requestsTo(calls, 'GET /api/admin/audit/export.csv')[0].query.get('text')).toBe('vic');
  expect(clicked).toEqual([expect.stringMatching(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)]);

  failing = true;
  await user.click(button('Export CSV'));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to export the audit log: Too many requests are waiting'));
});
