import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBar, type SearchOption } from './SearchBar';

type Field = 'name' | 'id';
const OPTIONS: SearchOption<Field>[] = [
  { value: 'name', label: 'Name', placeholder: 'Search by name...' },
  { value: 'id', label: 'ID', placeholder: 'Search by ID...' },
];

async function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Search (type|by)$/ }));
  // The drawn option: antd's virtual list gives it no role (only hidden copies have one), so its class is the only handle.
  fireEvent.click((await screen.findAllByText(label, { selector: '.ant-select-item-option-content' }))[0]);
}

describe.each(['compact', 'labelled'] as const)('SearchBar (%s)', (layout) => {
  it('searches on Enter and on Search with the chosen type and the text trimmed', async () => {
    const onSearch = jest.fn();
    const user = userEvent.setup({ delay: null });
    render(<SearchBar label="Search things" layout={layout} options={OPTIONS} initialField="name" onSearch={onSearch} />);
    expect(screen.getByRole('search', { name: 'Search things' })).toBeInTheDocument();
    // The text box is the one the shell's `/` shortcut focuses.
    expect(document.querySelectorAll('[data-list-search]')).toHaveLength(1);
    expect(document.querySelector('[data-list-search]')).toBe(screen.getByPlaceholderText('Search by name...'));

    await user.type(screen.getByPlaceholderText('Search by name...'), '  ann {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('name', 'ann');

    await chooseType('ID');
    const box = await screen.findByPlaceholderText('Search by ID...');
    await user.clear(box);
    await user.type(box, '42');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('id', '42');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('starts from the search last applied and names the text box', () => {
    render(<SearchBar label="Search things" layout={layout} options={OPTIONS} initialField="id" initialText="7" onSearch={jest.fn()} />);
    const box = screen.getByPlaceholderText('Search by ID...');
    expect(box).toHaveValue('7');
    expect(box).toHaveAccessibleName(layout === 'compact' ? 'ID' : 'Search text');
  });
});

it('puts filters after the Search button in the labelled layout', () => {
  render(
    <SearchBar label="Search things" layout="labelled" options={OPTIONS} initialField="name" onSearch={jest.fn()}>
      <button type="button">Status filter</button>
    </SearchBar>,
  );
  const buttons = screen.getAllByRole('button').map((b) => b.textContent);
  expect(buttons.indexOf('Status filter')).toBeGreaterThan(buttons.indexOf('Search'));
});
