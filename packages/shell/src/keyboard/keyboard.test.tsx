// The shell's keyboard: `/` to the section's search box, Ctrl/Cmd+K to the command palette, wired
// as SignedInApp wires them, around shared-client's real SearchBar.
import { useCallback, useRef, useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { SearchBar } from '@growth-admin/ui-kit';
import { CommandPalette } from './CommandPalette';
import { paletteCommands } from './commands';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';

const SECTIONS = TEST_RUNTIME_CONFIG.composition.sections;
import { useShortcuts } from './useShortcuts';

jest.setTimeout(20_000);

function Harness({ onGo }: { onGo: (href: string) => void }) {
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLElement>(null);
  useShortcuts({ searchRoot: useCallback(() => content.current, []), openPalette: useCallback(() => setOpen(true), []) });
  return (
    <ConfigProvider theme={{ hashed: false, token: { motion: false } }}>
      <button type="button">Opener</button>
      <input aria-label="Note" />
      <main ref={content}>
        <SearchBar label="Search orders" options={[{ value: 'orderSn', label: 'Order Number', placeholder: 'Search by order number...' }]} initialField="orderSn" onSearch={jest.fn()} />
      </main>
      <CommandPalette open={open} sections={SECTIONS} basePath="/" onGo={onGo} onClose={() => setOpen(false)} />
    </ConfigProvider>
  );
}

const setup = () => {
  const onGo = jest.fn();
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  render(<Harness onGo={onGo} />);
  return { onGo, user };
};
const searchBox = () => screen.getByPlaceholderText('Search by order number...');
// (jsdom: antd's ids are all 'test-id' under jest, so dialogs are found by role and title text;
// the e2e journey checks the accessible name in Chromium.)
const findPalette = async () => {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Go to');
  return dialog;
};
const options = () => within(screen.getByRole('listbox', { name: 'Places' })).getAllByRole('option');

test('`/` focuses the list search box, but types a slash where the administrator is typing', async () => {
  const { user } = setup();
  await user.click(screen.getByRole('button', { name: 'Opener' }));
  await user.keyboard('/');
  expect(searchBox()).toHaveFocus();
  expect(searchBox()).toHaveValue(''); // the key was the shortcut, not text

  await user.type(searchBox(), '12/3');
  expect(searchBox()).toHaveValue('12/3');

  await user.click(screen.getByLabelText('Note'));
  await user.keyboard('a/b');
  expect(screen.getByLabelText('Note')).toHaveValue('a/b');
  expect(screen.getByLabelText('Note')).toHaveFocus();
});

test('Ctrl+K opens the palette: a search box over the sections, filtered as typed, Enter goes', async () => {
  const { user, onGo } = setup();
  await user.click(screen.getByRole('button', { name: 'Opener' }));
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await findPalette();
  const box = within(dialog).getByRole('combobox', { name: 'Go to a section, an order or a user' });
  await waitFor(() => expect(box).toHaveFocus());
  expect(options().map((o) => o.textContent)).toEqual(['Analytics', 'Projects', 'Users', 'Orders', 'Payments', 'Settings']);
  expect(options()[0]).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveAttribute('aria-activedescendant', options()[0].id);

  await user.type(box, 'pay');
  expect(options().map((o) => o.textContent)).toEqual(['Payments']);
  await user.keyboard('{Enter}');
  expect(onGo).toHaveBeenCalledWith('/payments');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a number offers that item in each section that opens items, in sidebar order; the arrows choose, Enter goes', async () => {
  const { user, onGo } = setup();
  await user.keyboard('{Meta>}k{/Meta}');
  const box = await screen.findByRole('combobox', { name: 'Go to a section, an order or a user' });
  await waitFor(() => expect(box).toHaveFocus());
  await user.type(box, ' 100000002000 ');
  expect(options().map((o) => o.textContent)).toEqual(['User 100000002000', 'Order 100000002000']);
  await user.keyboard('{ArrowDown}');
  expect(options()[1]).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveAttribute('aria-activedescendant', options()[1].id);
  await user.keyboard('{ArrowDown}'); // wraps
  expect(options()[0]).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowUp}{Enter}');
  expect(onGo).toHaveBeenCalledWith('/orders/100000002000');
});

test('Escape closes the palette and gives the focus back; a click on an option goes', async () => {
  const { user, onGo } = setup();
  const opener = screen.getByRole('button', { name: 'Opener' });
  act(() => opener.focus());
  await user.keyboard('{Control>}k{/Control}');
  await findPalette();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
  expect(onGo).not.toHaveBeenCalled();

  await user.keyboard('{Control>}k{/Control}');
  await user.click(await screen.findByRole('option', { name: 'Orders' }));
  expect(onGo).toHaveBeenCalledWith('/orders');
});

test('the commands: sections by name (any case), an item of each section that opens items for one number-like token, under the base path', () => {
  expect(paletteCommands(SECTIONS, 'US', '/admin/').map((c) => [c.label, c.href])).toEqual([['Users', '/admin/users']]);
  expect(paletteCommands(SECTIONS, 'A-7', '/').map((c) => [c.label, c.href])).toEqual([
    ['User A-7', '/users/A-7'],
    ['Order A-7', '/orders/A-7'],
  ]);
  expect(paletteCommands(SECTIONS, 'two words 1', '/')).toEqual([]);
  expect(paletteCommands(SECTIONS, 'nothing', '/')).toEqual([]);
  expect(paletteCommands(SECTIONS, '', '/')).toHaveLength(6);
  expect(paletteCommands([], '', '/')).toEqual([]);
});
