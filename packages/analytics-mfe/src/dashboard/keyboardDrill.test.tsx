// The keyboard's way to the drill-down: each chart's "View data" toggle (out of sight until focused)
// opens a table whose figures link to the lists a click on the chart opens.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '@growth-admin/shared-client/testing';
import Section from '../Section';
import { happyRoutes } from '../test-utils/fixtures';
import { renderSection } from '@growth-admin/ui-kit/testing';

// Role queries skip the visibility check, and the toggles are found by their labels: jsdom works
// out styles and accessible names slowly under antd's injected styles (seconds a whole-page role
// query on a busy machine). Names here are unique.
configure({ defaultHidden: true });

jest.mock('../charts/EChart');
// antd's Table renders slowly in jsdom on a busy machine.
jest.setTimeout(60_000);

afterEach(() => window.history.replaceState(null, '', '/'));

test('focused, "View data" shows; Enter opens the table, Enter on a figure opens the list that figure counts', async () => {
  installFakeApi(happyRoutes);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  renderSection(Section);
  await screen.findByText('Active Users');

  const toggles = screen.getAllByLabelText(/^View data: /);
  expect(toggles.map((b) => b.getAttribute('aria-label'))).toEqual([
    'View data: User Activity',
    'View data: Order Distribution',
    'View data: Revenue by Product Type',
    'View data: Regional Distribution',
  ]);
  // Out of sight until focused: the dashboard keeps its look.
  const toggle = screen.getByLabelText('View data: Order Distribution');
  expect(toggle).toHaveStyle({ position: 'absolute', width: '1px' });
  // (The Tab order over the real canvases is the e2e journey's: this stub draws buttons.)
  act(() => toggle.focus());
  expect(toggle).not.toHaveStyle({ position: 'absolute' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await user.keyboard('{Enter}');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveTextContent('Hide data');
  const table = screen.getByRole('table', { name: 'Order Distribution data' });
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Coins', 'Likes', 'Followers']);
  // makeTrends(): Nov 1-3, Likes 0, 2, 4.
  const likes = within(table).getByRole('link', { name: 'Likes, Nov 2: 2' });
  expect(likes).toHaveAttribute('href', '/orders?from=2026-11-02&to=2026-11-02&type=heart');
  expect(within(table).getByRole('link', { name: 'Coins, Nov 3: 2' })).toHaveAttribute('href', '/payments?from=2026-11-03&to=2026-11-03');

  const opened: string[] = [];
  window.addEventListener('popstate', () => opened.push(`${window.location.pathname}${window.location.search}`));
  act(() => likes.focus());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(opened).toEqual(['/orders?from=2026-11-02&to=2026-11-02&type=heart']));
});

test('the pies list their slices: a product type opens its orders (Coins the payments), a region its users', async () => {
  installFakeApi(happyRoutes);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  renderSection(Section);
  await screen.findByText('Active Users');
  await user.click(screen.getByLabelText('View data: Revenue by Product Type'));
  await user.click(screen.getByLabelText('View data: Regional Distribution'));
  const revenue = screen.getByRole('table', { name: 'Revenue by Product Type data' });
  expect(within(revenue).getAllByRole('link').map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
    ['Revenue, Like: $1,000.00', '/orders?type=heart'],
    ['Revenue, Follow: $2,000.00', '/orders?type=watch'],
    ['Revenue, Coins: $1,321.50', '/payments'],
  ]);
  const regions = screen.getByRole('table', { name: 'Regional Distribution data' });
  expect(within(regions).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/users?region=NA', '/users?region=EU', '/users?region=AP']);

  // Closing gives the chart back alone; the toggle stays in sight while it has the focus.
  const toggle = screen.getByLabelText('Hide data: Regional Distribution');
  await user.click(toggle);
  expect(screen.queryByRole('table', { name: 'Regional Distribution data' })).not.toBeInTheDocument();
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
