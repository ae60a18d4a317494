// The one "could not load" with Retry: the sentence and why, announced as an alert, and a Retry that
// asks again (busy while it does).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadError } from './LoadError';

test('the sentence and why in an alert, and Retry asks again', async () => {
  const onRetry = jest.fn();
  render(<LoadError title="The orders could not be loaded." description="Service Unavailable" onRetry={onRetry} />);
  const alert = screen.getByRole('alert');
  expect(within(alert).getByText('The orders could not be loaded.')).toBeInTheDocument();
  expect(within(alert).getByText('Service Unavailable')).toBeInTheDocument();
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('while a retry is in flight the button says so', () => {
  const { rerender } = render(<LoadError title="Error loading users: timeout" onRetry={() => undefined} />);
  expect(within(screen.getByRole('button', { name: 'Retry' })).queryByRole('img', { name: 'loading' })).toBeNull();
  rerender(<LoadError title="Error loading users: timeout" onRetry={() => undefined} retrying />);
  expect(within(screen.getByRole('button', { name: /Retry/ })).getByRole('img', { name: 'loading' })).toBeInTheDocument();
});
