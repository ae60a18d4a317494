import { render, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '@growth-admin/shared-client';
import Orders from './Orders';
import { OrderDetailsDialog } from './components/OrderDetailsDialog';
import { KIND_TEXT } from './lib/kindText';
import { deferred, fail, type FakeReply, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { makeOrder } from './test/orders';
import { button, findButton, setupUser } from './test/dom';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(60_000);

const LIST = '/api/admin/orders/orderList';
const REFUND = '/api/admin/orders/refundOrder';

const dialog = () => screen.getByRole('dialog', { name: 'Order Details' });
const queryButton = (name: string) => screen.queryByRole('button', { name });

describe('Order Details dialog', () => {
  it('shows the order, its promo code and its error details', async () => {
    const order = makeOrder({
      orderSn: '000777',
      shoppingUser: 'bob',
      shoppingText: 'https://social.test/bob/post/1',
      productType: 'heart',
      count: 500,
      startCount: 42,
      paymentMoney: 19.9,
      paymentType: 'Google Pay',
      promCode: 'SPRING10',
      platform: 'android',
      createdAt: '2026-11-20T10:30:00',
      isComplete: false,
      isError: true,
      stateStr: 'Error',
      errorMessage: 'The account is private',
    });
    installFakeApi({ [`GET ${LIST}`]: () => ok({ orders: [order], total: 1 }) });
    renderSection(Orders);
    const user = setupUser();

    await user.click(await findButton('Order #000777'));
    const box = within(await waitFor(dialog)); // (named by its title, 'Order Details')
    expect(box.getByRole('heading', { level: 4, name: 'Order #000777' })).toBeInTheDocument();
    expect(box.getByText('https://social.test/bob/post/1')).toBeInTheDocument();
    const pairs: Array<[string, string]> = [
      ['Customer', 'bob'],
      ['Order Date', 'Nov 20, 2026 10:30'],
      ['Payment Amount', '$19.90'],
      ['Platform', 'android'],
      ['Type', 'Like'],
      ['Quantity', '500'],
      ['Start Count', '42'],
      ['Payment Type', 'Google Pay'],
      ['Promo Code', 'SPRING10'],
    ];
    for (const [label, value] of pairs) {
      const cell = box.getByText(label, { selector: 'th, th *' }).closest('th')?.nextElementSibling;
      expect(cell).toHaveTextContent(value);
    }
    expect(box.getByText('Error Details')).toBeInTheDocument();
    expect(box.getByText('The account is private')).toBeInTheDocument();
    // An errored order cannot be refunded.
    expect(queryButton('Refund Order')).toBeNull();
  });

  it('offers a refund only for a complete, not-refunded order, and hides absent promo codes and errors', () => {
    const cases = [
      { flags: { isComplete: true, isRefund: false, isError: false }, refundable: true },
      { flags: { isComplete: true, isRefund: true, isError: false }, refundable: false },
      { flags: { isComplete: false, isRefund: false, isError: false }, refundable: false },
      { flags: { isComplete: false, isRefund: false, isError: true }, refundable: false },
    ];
    for (const { flags, refundable } of cases) {
      const { unmount } = render(
        <OrderDetailsDialog
          order={makeOrder({ ...flags, promCode: null, errorMessage: null })}
          text={KIND_TEXT.orders}
          refundPending={false}
          onRefund={jest.fn()}
          onClose={jest.fn()}
        />,
      );
      expect({ flags, refundable: queryButton('Refund Order') !== null }).toEqual({ flags, refundable });
      expect(screen.queryByText('Promo Code')).toBeNull();
      expect(screen.queryByText('Error Details')).toBeNull();
      unmount();
    }
  });
});

describe('Refund', () => {
  function setup(refundReply: () => FakeReply | Promise<FakeReply>) {
    const order = makeOrder({ orderSn: '000900', shoppingUser: 'carol' });
    const refunded = { ...order, isRefund: true, stateStr: 'Refunded', stateColor: '#EF4444' };
    const api = installFakeApi({
      [`GET ${LIST}`]: () => ok({ orders: [order], total: 1 }),
      [`POST ${REFUND}`]: refundReply,
    });
    const view = renderSection(Orders);
    return { ...view, api, order, refunded, user: setupUser() };
  }

  it('confirms, sends one refund even on double clicks, then shows the refunded order and reloads what it changed', async () => {
    const reply = deferred<FakeReply>();
    const { api, order, refunded, toast, user, queryClient } = setup(() => reply.promise);
    // A user's balance and recent orders cached by the people section, to be refreshed too.
    queryClient.setQueryData([...queryKeys.persons.all, 'list', { page: 1 }], { total: 0, page: 1, pageSize: 20, list: [] });

    await user.click(await findButton('Order #000900'));
    await user.dblClick(await findButton('Refund Order'));
    expect(await screen.findAllByText('Are you sure you want to refund this order?')).toHaveLength(1);
    await user.dblClick(button('Yes, refund'));

    expect(await findButton('Processing Refund...')).toBeDisabled();
    expect(requestsTo(api, `POST ${REFUND}`)).toHaveLength(1);
    expect(requestsTo(api, `POST ${REFUND}`)[0].body).toEqual({ orderId: order._id });
    const listCallsBefore = requestsTo(api, `GET ${LIST}`).length;

    reply.resolve(ok(refunded));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order refunded successfully', 3));
    const box = within(dialog());
    expect(await box.findByText('Refunded')).toBeInTheDocument();
    expect(queryButton('Refund Order')).toBeNull();
    await waitFor(() => expect(requestsTo(api, `GET ${LIST}`).length).toBeGreaterThan(listCallsBefore));
    expect(queryClient.getQueryState([...queryKeys.persons.all, 'list', { page: 1 }])?.isInvalidated).toBe(true);
    expect(requestsTo(api, `POST ${REFUND}`)).toHaveLength(1);
  });

  it('a click beside the confirmation does not dismiss it (where the second click of a double click lands); Cancel does', async () => {
    const { user } = setup(() => ok({}));
    await user.click(await findButton('Order #000900'));
    await user.click(await findButton('Refund Order'));
    const question = await screen.findByText('Are you sure you want to refund this order?');
    // The mask: the wrapper around the confirmation, outside its box (it has no role or name: antd's class is the only handle).
    await user.click(question.closest('.ant-modal-wrap')!);
    expect(screen.getByText('Are you sure you want to refund this order?')).toBeInTheDocument();
    await user.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to refund this order?')).toBeNull());
  });

  it('reports a failed refund and leaves the dialog open to try again', async () => {
    const { toast, user } = setup(() => fail(409, 'Order is already refunded', 'ALREADY_REFUNDED'));

    await user.click(await findButton('Order #000900'));
    await user.click(await findButton('Refund Order'));
    await user.click(await findButton('Yes, refund'));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to refund order: Order is already refunded'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(await findButton('Refund Order')).toBeEnabled();
    expect(within(dialog()).getByRole('heading', { level: 4, name: 'Order #000900' })).toBeInTheDocument();
  });
});

test('a viewer sees a complete order but is offered no Refund Order', async () => {
  const order = makeOrder({ orderSn: '000901', isComplete: true, isRefund: false, stateStr: 'Completed' });
  installFakeApi({ [`GET ${LIST}`]: () => ok({ orders: [order], total: 1 }) });
  renderSection(Orders, undefined, { username: 'vera', role: 'viewer' });
  const user = setupUser();
  await user.click(await findButton('Order #000901'));
  expect(await screen.findByRole('dialog', { name: 'Order Details' })).toBeInTheDocument();
  expect(queryButton('Refund Order')).toBeNull();
});
