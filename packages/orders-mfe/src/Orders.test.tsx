import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { navigateTo } from '@growth-admin/ui-kit';
import Orders from './Orders';
import { fail, type FakeRequest, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { makeOrder, makeOrders } from './test/orders';
import { button, chooseOption, findButton, setupUser, shownIn } from './test/dom';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(60_000);

const LIST = '/api/admin/orders/orderList';

/** 45 orders on the server; each page answers two rows (enough to tell pages apart, cheap to render). */
function fortyFiveOrders({ query }: FakeRequest) {
  const page = Number(query.get('page'));
  return ok({ orders: makeOrders(2, { shoppingUser: `page${page}-customer` }), total: 45 });
}

const lastQuery = (api: FakeRequest[]) => requestsTo(api, `GET ${LIST}`).at(-1)?.query.toString();

describe('Orders section', () => {
  it('shows each order as a row with its number, customer, type, count, payment, status and platform', async () => {
    const order = makeOrder({
      orderSn: '000123',
      shoppingUser: 'alice',
      productType: 'watch',
      count: 250,
      paymentMoney: 12.5,
      stateStr: 'Processing',
      platform: 'android',
    });
    const api = installFakeApi({ [`GET ${LIST}`]: () => ok({ orders: [order], total: 1 }) });
    renderSection(Orders);

    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('View and manage customer orders')).toBeInTheDocument();
    const row = (await findButton('Order #000123')).closest('tr') as HTMLElement;
    for (const text of ['alice', 'Follow', '250', '$12.50', 'Processing', 'android']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Order Details', 'Type', 'Count', 'Payment', 'Status', 'Platform']);
    expect(screen.getByText('Showing 1 to 1 of 1 orders')).toBeInTheDocument();
    expect(requestsTo(api, `GET ${LIST}`)[0].query.toString()).toBe('page=0&limit=20');
  });

  it('pages 20 at a time, sending the page zero-based', async () => {
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    const user = setupUser();

    expect(await screen.findByText('Showing 1 to 20 of 45 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(button('Previous')).toBeDisabled();

    await user.click(button('Next'));
    expect(await screen.findByText('Showing 21 to 40 of 45 orders')).toBeInTheDocument();
    expect(screen.getAllByText('page1-customer')).toHaveLength(2);
    await user.click(button('Next'));
    expect(await screen.findByText('Showing 41 to 45 of 45 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    await user.click(button('Previous'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(requestsTo(api, `GET ${LIST}`).map((r) => r.query.get('page'))).toEqual(['0', '1', '2', '1']);
  });

  it('searches the chosen field on Enter and on Search, from the first page, not while typing', async () => {
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    const user = setupUser();
    await screen.findByText('Showing 1 to 20 of 45 orders');
    await user.click(button('Next'));
    await screen.findByText('Showing 21 to 40 of 45 orders');

    await chooseOption('Search by', 'Order Number');
    expect(screen.getByLabelText('Search text')).toHaveAttribute('placeholder', 'Search by order number...');
    await user.type(screen.getByLabelText('Search text'), ' SN42 ');
    expect(lastQuery(api)).toBe('page=1&limit=20');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20&orderSn=SN42'));

    await user.clear(screen.getByLabelText('Search text'));
    await user.type(screen.getByLabelText('Search text'), 'SN43');
    await user.click(button('Search'));
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20&orderSn=SN43'));
  });

  it('sends the status filter to the server at once, from the first page', async () => {
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    const user = setupUser();
    await screen.findByText('Showing 1 to 20 of 45 orders');
    await user.click(button('Next'));
    await screen.findByText('Showing 21 to 40 of 45 orders');

    await chooseOption('Status', 'Refunded');
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20&status=refunded'));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    installFakeApi({ [`GET ${LIST}`]: () => ok({ orders: [], total: 0 }) });
    renderSection(Orders);
    expect(await screen.findByText('No orders found matching your criteria')).toBeInTheDocument();
    // The same paging line as every list (Users showed it, Orders hid it).
    expect(screen.getByText('Showing 0 to 0 of 0 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('toasts a load failure once per failed fetch, shows the empty list, and keeps the typed search', async () => {
    installFakeApi({ [`GET ${LIST}`]: () => fail(500, 'Database unavailable') });
    const { toast } = renderSection(Orders);
    const user = setupUser();

    expect(await screen.findByText('No orders found matching your criteria')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Failed to load orders: Database unavailable');
    // Re-renders (typing) do not repeat it; the next failed fetch does.
    await user.type(screen.getByLabelText('Search text'), 'bob');
    expect(toast.error).toHaveBeenCalledTimes(1);
    await user.click(button('Search'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Search text')).toHaveValue('bob');
  });
});

/** Back or forward in the history, as the browser's buttons do, waiting for its popstate. */
async function traverse(move: () => void) {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  await act(async () => {
    move();
    await popped;
  });
}

describe('Orders in the URL', () => {
  it('a pasted link shows its search, status and page, in the inputs and in the request', async () => {
    window.history.replaceState(null, '', '/orders?by=personId&q=7000123&status=completed&page=2');
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    expect(await screen.findByText('Showing 21 to 40 of 45 orders')).toBeInTheDocument();
    expect(lastQuery(api)).toBe('page=1&limit=20&personId=7000123&status=completed');
    expect(screen.getByLabelText('Search text')).toHaveValue('7000123');
    expect(screen.getByText('Person ID')).toBeInTheDocument();
    expect([shownIn('Search by'), shownIn('Status')]).toEqual(['Person ID', 'Completed']);
  });

  it('a search, a status and a page are written to the URL, and back/forward show them again', async () => {
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    const user = setupUser();
    await screen.findByText('Showing 1 to 20 of 45 orders');
    await user.type(screen.getByLabelText('Search text'), 'mia{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?by=shoppingUser&q=mia'));
    await user.click(button('Next'));
    await waitFor(() => expect(window.location.search).toBe('?by=shoppingUser&q=mia&page=2'));

    await screen.findByText('Showing 21 to 40 of 45 orders');
    expect(lastQuery(api)).toBe('page=1&limit=20&shoppingUser=mia');

    await traverse(() => window.history.back());
    expect(window.location.search).toBe('?by=shoppingUser&q=mia');
    expect(await screen.findByText('Showing 1 to 20 of 45 orders')).toBeInTheDocument();
    expect(screen.getByLabelText('Search text')).toHaveValue('mia');
    await traverse(() => window.history.back());
    expect(window.location.search).toBe('');
    await waitFor(() => expect(screen.getByLabelText('Search text')).toHaveValue(''));
    await traverse(() => window.history.forward());
    await waitFor(() => expect(screen.getByLabelText('Search text')).toHaveValue('mia')); // the inputs follow the entry
  });

  it('an invalid link shows the default list, and the address bar says so', async () => {
    window.history.replaceState(null, '', '/orders?status=done&page=-4&by=nothing');
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    await screen.findByText('Showing 1 to 20 of 45 orders');
    expect(lastQuery(api)).toBe('page=0&limit=20');
    expect(window.location.pathname + window.location.search).toBe('/orders');
  });

  it('an order opens by its URL, closing it leaves the list URL, and an unknown number says so', async () => {
    const order = makeOrder({ orderSn: 'SN-77', shoppingUser: 'zoe' });
    window.history.replaceState(null, '', '/orders/SN-77?status=completed');
    const api = installFakeApi({
      [`GET ${LIST}`]: ({ query }) =>
        query.get('orderSn') === 'SN-77' ? ok({ orders: [order], total: 1 }) : query.get('orderSn') ? ok({ orders: [], total: 0 }) : ok({ orders: makeOrders(2), total: 2 }),
    });
    const { toast } = renderSection(Orders);
    const user = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(dialog).getByText('zoe')).toBeInTheDocument();
    expect(requestsTo(api, `GET ${LIST}`).some((r) => r.query.get('orderSn') === 'SN-77')).toBe(true);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/orders?status=completed'));

    act(() => navigateTo('/orders/NOPE'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Order #NOPE was not found'));
    await waitFor(() => expect(window.location.pathname).toBe('/orders'));
  });

  it('opening a row puts its number in the path', async () => {
    window.history.replaceState(null, '', '/orders');
    const order = makeOrder({ orderSn: 'SN-9' });
    installFakeApi({ [`GET ${LIST}`]: () => ok({ orders: [order], total: 1 }) });
    renderSection(Orders);
    const user = setupUser();
    await user.click(await findButton('Order #SN-9'));
    await screen.findByRole('dialog', { name: 'Order Details' });
    expect(window.location.pathname).toBe('/orders/SN-9');
  });

  it('a pasted link with a sort, a type and a created range asks the server for exactly that, and shows it', async () => {
    window.history.replaceState(null, '', '/orders?status=completed&type=heart&from=2026-11-17&to=2026-11-20&sort=paymentMoney.asc&page=2');
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    expect(await screen.findByText('Showing 21 to 40 of 45 orders')).toBeInTheDocument();
    const query = requestsTo(api, `GET ${LIST}`).at(-1)!.query;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      limit: '20',
      status: 'completed',
      productType: 'heart',
      createdFrom: new Date(2026, 10, 17).toISOString(),
      createdTo: new Date(2026, 10, 21).toISOString(),
      sort: 'paymentMoney.asc',
    });
    expect(headerCell('Payment')).toHaveAttribute('aria-sort', 'ascending');
    expect(headerCell('Order Details')).not.toHaveAttribute('aria-sort');
    expect(screen.getByText('Type: Like')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Start date')).toHaveValue('2026-11-17');
    expect(screen.getByPlaceholderText('End date')).toHaveValue('2026-11-20');
  });

  it('sorts from the headers (newest first shown by default), back to the default after ascending', async () => {
    window.history.replaceState(null, '', '/orders?page=3');
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    await screen.findByText('Showing 41 to 45 of 45 orders');
    expect(headerCell('Order Details')).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(headerCell('Payment'));
    await waitFor(() => expect(window.location.search).toBe('?sort=paymentMoney.desc'));
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20&sort=paymentMoney.desc'));
    fireEvent.keyDown(headerCell('Payment'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(window.location.search).toBe('?sort=paymentMoney.asc'));
    fireEvent.click(headerCell('Order Details'));
    await waitFor(() => expect(window.location.search).toBe(''));
    fireEvent.click(headerCell('Order Details'));
    await waitFor(() => expect(window.location.search).toBe('?sort=createdAt.asc'));
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20&sort=createdAt.asc'));
    fireEvent.click(headerCell('Order Details'));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(headerCell('Order Details')).toHaveAttribute('aria-sort', 'descending');
  });

  it('the type chip says why the list is narrowed, and removing it widens the list', async () => {
    window.history.replaceState(null, '', '/orders?type=watch');
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    await screen.findByText('Type: Follow');
    expect(lastQuery(api)).toBe('page=0&limit=20&productType=watch');
    fireEvent.click(screen.getByLabelText('Remove filter Type: Follow'));
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20'));
    expect(window.location.search).toBe('');
    expect(screen.queryByText('Type: Follow')).not.toBeInTheDocument();
  });

  it('clearing the created range widens the list', async () => {
    window.history.replaceState(null, '', '/orders?from=2026-11-17');
    const api = installFakeApi({ [`GET ${LIST}`]: fortyFiveOrders });
    renderSection(Orders);
    await screen.findByText('Showing 1 to 20 of 45 orders');
    expect(lastQuery(api)).toBe(`page=0&limit=20&createdFrom=${encodeURIComponent(new Date(2026, 10, 17).toISOString())}`);
    const clear = button('Clear'); // the created range's clear button
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(lastQuery(api)).toBe('page=0&limit=20'));
  });
});

test('Export CSV asks for exactly the filtered, sorted list (no page) and saves the file', async () => {
  window.history.replaceState(null, '', '/orders?status=error&type=heart&from=2026-11-17&sort=paymentMoney.desc&page=2');
  URL.createObjectURL = jest.fn(() => 'blob:x');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const api = installFakeApi({
    [`GET ${LIST}`]: fortyFiveOrders,
    'GET /api/admin/orders/exportOrders': () => ({ text: 'Order Number\r\nSN1\r\nSN2\r\n', headers: { 'X-Total-Count': '2' } }),
  });
  const { toast } = renderSection(Orders);
  await screen.findByText('Showing 21 to 40 of 45 orders');
  fireEvent.click(button('Export CSV'));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Exported 2 orders'));
  expect(Object.fromEntries(requestsTo(api, 'GET /api/admin/orders/exportOrders')[0].query)).toEqual({
    status: 'error',
    productType: 'heart',
    createdFrom: new Date(2026, 10, 17).toISOString(),
    sort: 'paymentMoney.desc',
  });
  expect(click).toHaveBeenCalledTimes(1);
  click.mockRestore();
});

function headerCell(name: string): HTMLElement {
  return screen.getAllByRole('columnheader').find((th) => th.textContent?.startsWith(name))!;
}

describe('a failed load, with the shell’s one retry', () => {
  const SHELL_RETRY = { retry: 1, retryDelay: 0 };

  it('is retried once: a load that fails then succeeds shows the orders, no error', async () => {
    let calls = 0;
    const api = installFakeApi({
      [`GET ${LIST}`]: () => (++calls === 1 ? fail(503, 'Database unavailable') : ok({ orders: [makeOrder({ orderSn: 'AFTER-RETRY' })], total: 1 })),
    });
    const { toast } = renderSection(Orders, undefined, undefined, SHELL_RETRY);
    expect(await findButton('Order #AFTER-RETRY')).toBeInTheDocument();
    expect(requestsTo(api, `GET ${LIST}`)).toHaveLength(2);
    expect(screen.queryByText('The orders could not be loaded.')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('failing twice shows the error with Retry and, as spec 8 says, the list empty with total 0; Retry loads it', async () => {
    let down = true;
    const api = installFakeApi({
      [`GET ${LIST}`]: () => (down ? fail(500, 'Database unavailable') : ok({ orders: [makeOrder({ orderSn: 'BACK' })], total: 1 })),
    });
    const { toast } = renderSection(Orders, undefined, undefined, SHELL_RETRY);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The orders could not be loaded.');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(requestsTo(api, `GET ${LIST}`)).toHaveLength(2); // the first try and its one retry
    expect(screen.getByText('No orders found matching your criteria')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 orders')).toBeInTheDocument();
    expect(toast.error.mock.calls).toEqual([['Failed to load orders: Database unavailable']]);

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findButton('Order #BACK')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 orders')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
