import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from './Pager';
import { pagingFigures } from './paging';

it('shows the figures and moves one page either way, never past the ends', async () => {
  const onPageChange = jest.fn();
  const user = userEvent.setup({ delay: null });
  const { rerender } = render(<Pager figures={pagingFigures(2, 20, 45)} noun="orders" onPageChange={onPageChange} />);
  expect(screen.getByRole('navigation', { name: 'Orders pages' })).toBeInTheDocument();
  expect(screen.getByText('Showing 21 to 40 of 45 orders')).toBeInTheDocument();
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(onPageChange.mock.calls).toEqual([[3], [1]]);

  rerender(<Pager figures={pagingFigures(1, 20, 5)} noun="orders" onPageChange={onPageChange} />);
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

it('is disabled while a page loads', () => {
  render(<Pager figures={pagingFigures(2, 20, 45)} noun="users" onPageChange={jest.fn()} disabled />);
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});
