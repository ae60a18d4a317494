import { render, screen } from '@testing-library/react';
import { PageHeader } from './PageHeader';

it('gives the section its one level-one heading, the subtitle and the actions', () => {
  render(<PageHeader title="Orders" subtitle="View and manage customer orders" actions={<button type="button">Export</button>} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  expect(screen.getByText('View and manage customer orders')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading')).toHaveLength(1);
});
