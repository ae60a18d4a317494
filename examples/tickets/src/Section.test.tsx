// The example's screens against a faked API edge (shared-client's fake), rendered as the shell renders sections.
import { screen } from '@testing-library/react';
import { installFakeApi, ok } from '@growth-admin/shared-client/testing';
import TicketsSection from './Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(30_000);

const order = { _id: 'o1', orderSn: '100000000042', shoppingUser: 'mia', errorMessage: 'Provider timeout', createdAt: '2026-11-20T10:00:00.000Z' };

test('lists the orders that ended in an error, asked of the API with the error status', async () => {
  const calls = installFakeApi({ 'GET /api/admin/orders/orderList': () => ok({ orders: [order], total: 1 }) });
  renderSection(TicketsSection);
  expect(await screen.findByRole('cell', { name: 'Provider timeout' }, { timeout: 15_000 })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '#100000000042' })).toBeInTheDocument();
  expect(calls[0].query.get('status')).toBe('error');
});

test('a failed load says so, with a Retry', async () => {
  installFakeApi({ 'GET /api/admin/orders/orderList': () => ({ status: 503, body: { message: 'Service Unavailable', code: 'OVERLOADED' } }) });
  renderSection(TicketsSection);
  expect(await screen.findByText(/Error loading tickets/, {}, { timeout: 15_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
