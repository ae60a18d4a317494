import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys } from '@growth-admin/shared-client';
import { button, dialog, queryDialog } from '../test-utils/dom';
import { deferred, fail, type FakeReply, installFakeApi, ok } from '@growth-admin/shared-client/testing';
import { makeOrder, makePerson } from '../test-utils/people';
import { personsListRoute } from '../test-utils/personsRoutes';
import PeopleSection from '../Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

// Generous: antd in jsdom is CPU-heavy and CI machines are shared.
jest.setTimeout(60_000);

const LIST = 'GET /api/admin/persons/list';
const RECENT = 'GET /api/admin/orders/orderList';

const person = makePerson(1, {
  customName: 'ana_lima',
  isVerified: true,
  isBusiness: true,
  isPrivate: true,
  virtualLevel: 7,
  money: 4200,
  point: 15,
  countryCode: 'BR',
  lastClientRegion: 'sa-east',
  projectStartList: ['Alpha', 'Beta', 'Gamma'],
});

async function openDetails() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByText('ana_lima'));
  return { user, modal: within(dialog('User Details')) };
}

describe('User Details dialog', () => {
  it("shows the user's fields and recent orders", async () => {
    const held = deferred<FakeReply>();
    const calls = installFakeApi({
      [LIST]: personsListRoute([person]),
      [RECENT]: () => held.promise,
    });
    renderSection(PeopleSection);
    const { user, modal } = await openDetails();

    for (const text of [
      'ana_lima',
      'ID: 100001',
      'Verified',
      'Business',
      'Level 7',
      '4,200 coins',
      'Private',
      'BR (sa-east)',
    ]) {
      expect(modal.getByText(text)).toBeInTheDocument();
    }
    for (const label of [
      'Balance',
      'Points',
      'Platform',
      'Account Privacy',
      'Location',
      'Last Updated',
    ]) {
      expect(modal.getByText(label)).toBeInTheDocument();
    }
    for (const label of [
      'Followers',
      'Following',
      'Ad Views',
      'Last Ad View',
      'Used Apps',
      'Recent Orders',
    ]) {
      expect(modal.getByText(label)).toBeInTheDocument();
    }
    expect(modal.getByText('Gamma')).toBeInTheDocument(); // every used app as a chip

    expect(modal.getByText('Loading orders...')).toBeInTheDocument();
    held.resolve(ok({ orders: [makeOrder(1), makeOrder(2, { productType: 'watch' })], total: 2 }));
    expect(await modal.findByText('Order #SN1001')).toBeInTheDocument();
    expect(modal.getByText('Order #SN1002')).toBeInTheDocument();
    expect(modal.getByText('$9.00')).toBeInTheDocument();
    // The type reads as everywhere else: heart → Like, watch → Follow.
    expect(modal.getByText('Follow')).toBeInTheDocument();
    expect(modal.getByText('Like')).toBeInTheDocument();
    expect(modal.queryByText('watch')).not.toBeInTheDocument();
    const recent = calls.filter((c) => c.path === '/api/admin/orders/orderList');
    expect(recent.map((c) => Object.fromEntries(c.query))).toEqual([
      { page: '0', limit: '10', personId: 'p1' },
    ]);

    await user.click(button('Close', dialog('User Details')));
    expect(queryDialog('User Details')).toBeNull();
  });

  it('says when the user has no orders', async () => {
    installFakeApi({
      [LIST]: personsListRoute([person]),
      [RECENT]: () => ok({ orders: [], total: 0 }),
    });
    renderSection(PeopleSection);
    const { modal } = await openDetails();
    expect(await modal.findByText('No orders found')).toBeInTheDocument();
  });

  it('says when the orders cannot be loaded, and reloads them when another section invalidates them', async () => {
    let failing = true;
    installFakeApi({
      [LIST]: personsListRoute([person]),
      [RECENT]: () => (failing ? fail(500, 'boom') : ok({ orders: [makeOrder(3)], total: 1 })),
    });
    const { queryClient } = renderSection(PeopleSection);
    const { modal } = await openDetails();
    expect(await modal.findByText('Failed to load user orders')).toBeInTheDocument();

    failing = false;
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    expect(await modal.findByText('Order #SN1003')).toBeInTheDocument();
  });
});
