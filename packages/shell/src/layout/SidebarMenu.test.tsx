// The sidebar of many sections (docs/screens.md, 2.1): up to FILTER_AFTER_SECTIONS it is the list
// alone; beyond, a filter box above it, used from the keyboard: typing narrows the list and says how
// many are left, Enter opens the first, ArrowDown moves into the list, Escape empties the box.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Section } from '../sections/routes';
import { FILTER_AFTER_SECTIONS, SidebarMenu } from './SidebarMenu';

const team = (i: number): Section => {
  const n = String(i).padStart(2, '0');
  return { path: `team${n}`, label: `Team ${n}`, icon: 'tools', remote: `team${n}`, module: './Section', order: 100 + i };
};
const OWN: Section[] = [
  { path: 'analytics', label: 'Analytics', icon: 'dashboard', remote: 'analytics', module: './Section', order: 10 },
  { path: 'orders', label: 'Orders', icon: 'orders', remote: 'orders', module: './Orders', order: 40 },
];
const many = (count: number) => [...OWN, ...Array.from({ length: count - OWN.length }, (_, i) => team(i + 1))];

function renderSidebar(sections: Section[]) {
  const onOpen = jest.fn();
  const onIntent = jest.fn();
  render(<SidebarMenu sections={sections} current="analytics" onOpen={onOpen} onIntent={onIntent} />);
  return { onOpen, onIntent, user: userEvent.setup({ delay: null }) };
}

const linkNames = () => within(screen.getByRole('menu')).getAllByRole('link').map((a) => a.textContent);

test(`up to ${FILTER_AFTER_SECTIONS} sections the sidebar is the list alone; one more brings the filter box`, async () => {
  const { unmount } = render(<SidebarMenu sections={many(FILTER_AFTER_SECTIONS)} current="analytics" onOpen={jest.fn()} onIntent={jest.fn()} />);
  expect(linkNames()).toHaveLength(FILTER_AFTER_SECTIONS);
  expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  unmount();

  renderSidebar(many(FILTER_AFTER_SECTIONS + 1));
  expect(await screen.findByRole('searchbox', { name: 'Filter sections' })).toHaveAttribute('placeholder', 'Filter sections');
  expect(linkNames()).toHaveLength(FILTER_AFTER_SECTIONS + 1);
});

test('beyond, typing in the filter box keeps the sections whose name holds the text, and says how many', async () => {
  const { user } = renderSidebar(many(50));
  const box = await screen.findByRole('searchbox', { name: 'Filter sections' });
  expect(linkNames()).toHaveLength(50);

  await user.type(box, 'team 1');
  expect(linkNames()).toEqual(['Team 10', 'Team 11', 'Team 12', 'Team 13', 'Team 14', 'Team 15', 'Team 16', 'Team 17', 'Team 18', 'Team 19']);
  expect(screen.getByRole('status')).toHaveTextContent('10 of 50 sections');

  await user.clear(box);
  await user.type(box, 'ORDERS');
  expect(linkNames()).toEqual(['Orders']);
  expect(screen.getByRole('status')).toHaveTextContent('1 of 50 sections');

  await user.type(box, ' and more');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(screen.getByText('No section matches "ORDERS and more"')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('0 of 50 sections');
});

test('Enter opens the first section found and empties the box; Escape empties it', async () => {
  const { user, onOpen } = renderSidebar(many(30));
  const box = await screen.findByRole('searchbox', { name: 'Filter sections' });

  await user.type(box, 'team 2{Enter}');
  expect(onOpen).toHaveBeenCalledWith('team20');
  expect(box).toHaveValue('');
  expect(linkNames()).toHaveLength(30);

  await user.type(box, 'analytics');
  expect(linkNames()).toEqual(['Analytics']);
  await user.keyboard('{Escape}');
  expect(box).toHaveValue('');
  expect(linkNames()).toHaveLength(30);
  expect(screen.getByRole('status')).toHaveTextContent('');

  // Enter in an empty box opens nothing.
  await user.keyboard('{Enter}');
  expect(onOpen).toHaveBeenCalledTimes(1);
});

test('ArrowDown moves into the list; the focus on a link, like the pointer, warms that section', async () => {
  const { user, onIntent, onOpen } = renderSidebar(many(30));
  const box = await screen.findByRole('searchbox', { name: 'Filter sections' });
  await user.type(box, 'team 07');
  await user.keyboard('{ArrowDown}');
  const link = screen.getByRole('link', { name: 'Team 07' });
  expect(link).toHaveFocus();
  expect(onIntent).toHaveBeenLastCalledWith(expect.objectContaining({ path: 'team07', remote: 'team07', module: './Section' }));

  await user.keyboard('{Enter}');
  expect(onOpen).toHaveBeenCalledWith('team07');

  await user.clear(box);
  await user.hover(screen.getByRole('link', { name: 'Team 28' }));
  expect(onIntent).toHaveBeenLastCalledWith(expect.objectContaining({ path: 'team28' }));
});

test('a plain click opens the section in place; a modified click is left to the browser (a new tab)', async () => {
  const { user, onOpen } = renderSidebar(many(8));
  await user.click(screen.getByRole('link', { name: 'Orders' }));
  expect(onOpen).toHaveBeenCalledWith('orders');
  expect(screen.getByRole('link', { name: 'Team 03' })).toHaveAttribute('href', '/team03');
});
