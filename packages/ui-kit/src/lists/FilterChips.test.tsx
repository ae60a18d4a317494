import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterChips } from './FilterChips';

test('shows each filter with a remove button that removes only it, from the keyboard too', async () => {
  const removed: string[] = [];
  render(<FilterChips chips={[{ label: 'Type: Like', onRemove: () => removed.push('type') }, { label: 'Region: EU', onRemove: () => removed.push('region') }]} />);
  expect(screen.getByText('Type: Like')).toBeInTheDocument();
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText('Remove filter Region: EU'));
  expect(removed).toEqual(['region']);
  screen.getByLabelText('Remove filter Type: Like').focus();
  await user.keyboard('{Enter}');
  expect(removed).toEqual(['region', 'type']);
});

test('renders nothing without filters', () => {
  const { container } = render(<FilterChips chips={[]} />);
  expect(container).toBeEmptyDOMElement();
});
