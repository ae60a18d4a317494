import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Payments from './Payments';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { makeOrder } from './test/orders';
import { button, chooseOption, findButton, setupUser } from './test/dom';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(60_000);

const LIST = '/api/admin/orders/rechargeOrderList';

describe('Payments section', () => {
  it('lists payments as Payment # rows typed Coins, searches by payment number, and opens one', async () => {
    const payment = makeOrder({ orderSn: '000555', shoppingUser: 'dave', productType: 'heart', paymentMoney: 4.99 });
    const api = installFakeApi({ [`GET ${LIST}`]: () => ok({ orders: [payment], total: 1 }) });
    renderSection(Payments);
    const user = setupUser();

    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByText('View and manage user payments')).toBeInTheDocument();
    const row = (await findButton('Payment #000555')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Coins')).toBeInTheDocument();
    expect(within(row).getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 payments')).toBeInTheDocument();

    await chooseOption('Search by', 'Payment Number');
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: '000555' } });
    await user.click(button('Search'));
    await waitFor(() =>
      expect(requestsTo(api, `GET ${LIST}`).at(-1)?.query.toString()).toBe('page=0&limit=20&orderSn=000555'),
    );

    await user.click(button('Payment #000555'));
    // The dialog speaks of the payment, as its row does.
    const box = within(await screen.findByRole('dialog', { name: 'Payment Details' }));
    expect(box.getByRole('heading', { level: 4, name: 'Payment #000555' })).toBeInTheDocument();
    expect(box.getByText('Type', { selector: 'th, th *' }).closest('th')?.nextElementSibling).toHaveTextContent('Coins');
  });

  it('words its empty list and load failures as payments', async () => {
    installFakeApi({ [`GET ${LIST}`]: () => fail(503, 'Service unavailable') });
    const { toast } = renderSection(Payments);
    expect(await screen.findByText('No payments found matching your criteria')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Failed to load payments: Service unavailable');
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
