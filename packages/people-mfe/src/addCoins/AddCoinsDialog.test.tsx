import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person } from '@growth-admin/shared-client';
import { button, dialog, queryDialog } from '../test-utils/dom';
import { deferred, type FakeReply, fail, installFakeApi, ok } from '@growth-admin/shared-client/testing';
import { makePeople } from '../test-utils/people';
import { personsListRoute } from '../test-utils/personsRoutes';
import PeopleSection from '../Section';
import { renderSection } from '@growth-admin/ui-kit/testing';

// Generous: antd in jsdom is CPU-heavy and CI machines are shared.
jest.setTimeout(60_000);

const LIST = 'GET /api/admin/persons/list';
const ADD = 'POST /api/admin/persons/add-money';
const RECENT = 'GET /api/admin/orders/orderList';

const setup = () => userEvent.setup({ delay: null });
const rowOf = (personId: string) =>
  within(document.querySelector(`tr[data-row-key="${personId}"]`) as HTMLElement);
const amountInput = () => screen.getByLabelText('Amount to Add') as HTMLInputElement;

async function openAddCoinsFor(name: string, user: ReturnType<typeof setup>) {
  await user.click(button('Add Coins', screen.getByText(name).closest('tr') as HTMLElement));
  return dialog('Add Coins');
}

/** Answers add-money like the API: the person with the amount added. */
function addMoneyRoute(people: Person[]) {
  return (req: { body: unknown }): FakeReply => {
    const { personId, amount } = req.body as { personId: string; amount: number };
    const person = people.find((p) => p._id === personId);
    return person ? ok({ ...person, money: person.money + amount }) : fail(404, 'User not found');
  };
}

describe('Add Coins dialog', () => {
  it('validates the amount and sends nothing until it is valid', async () => {
    const calls = installFakeApi({
      [LIST]: personsListRoute(makePeople(2)),
      [ADD]: addMoneyRoute(makePeople(2)),
    });
    const user = setup();
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    const modal = await openAddCoinsFor('user_1', user);

    expect(within(modal).getByText('user_1')).toBeInTheDocument();
    expect(within(modal).getByTestId('add-coins-balance')).toHaveTextContent('100');
    const input = amountInput();
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('step', '1');

    await user.click(button('Add Coins', modal));
    expect(within(modal).getByRole('alert')).toHaveTextContent(
      'Please enter a valid amount greater than 0',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, '0{Enter}');
    expect(within(modal).getByRole('alert')).toHaveTextContent(
      'Please enter a valid amount greater than 0',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Editing clears the message.
    await user.type(input, '5');
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds coins, updates the row and the open details without reloading the list', async () => {
    const people = makePeople(2);
    const calls = installFakeApi({
      [LIST]: personsListRoute(people),
      [ADD]: addMoneyRoute(people),
      [RECENT]: () => ok({ orders: [], total: 0 }),
    });
    const user = setup();
    const { toast } = renderSection(PeopleSection);
    await screen.findByText('user_2');
    expect(rowOf('p2').getByText('200 coins')).toBeInTheDocument();

    // Open the details first, then top up from there.
    await user.click(screen.getByText('user_2'));
    const details = dialog('User Details');
    expect(within(details).getByTestId('details-balance')).toHaveTextContent('200 coins');
    await user.click(button('Add Coins', details));
    const modal = dialog('Add Coins');
    // On top of the details, the amount field gets the focus (the details let go of theirs).
    await waitFor(() => expect(amountInput()).toHaveFocus());
    await user.keyboard('25{Enter}');

    await waitFor(() => expect(queryDialog('Add Coins')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Money added successfully', 3);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { personId: 'p2', amount: 25 },
    ]);
    expect(rowOf('p2').getByText('225 coins')).toBeInTheDocument();
    expect(within(dialog('User Details')).getByTestId('details-balance')).toHaveTextContent(
      '225 coins',
    );
    expect(calls.filter((c) => c.path === '/api/admin/persons/list')).toHaveLength(1);
    expect(modal).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the amount when adding fails', async () => {
    installFakeApi({
      [LIST]: personsListRoute(makePeople(1)),
      [ADD]: () => fail(400, 'amount must be at most 1000000', 'VALIDATION'),
    });
    const user = setup();
    const { toast } = renderSection(PeopleSection);
    await screen.findByText('user_1');
    const modal = await openAddCoinsFor('user_1', user);
    await user.type(amountInput(), '40');
    await user.click(button('Add Coins', modal));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Failed to add money: amount must be at most 1000000',
      ),
    );
    expect(dialog('Add Coins')).toBe(modal);
    expect(amountInput()).toHaveValue(40);
    expect(button('Add Coins', modal)).toBeEnabled();
    expect(rowOf('p1').getByText('100 coins')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a retry of the same top-up after a failure sends the same Idempotency-Key; another amount a new one', async () => {
    const calls = installFakeApi({
      [LIST]: personsListRoute(makePeople(1)),
      [ADD]: () => fail(503, 'The server is busy: try again in a moment', 'OVERLOADED'),
    });
    const user = setup();
    const { toast } = renderSection(PeopleSection);
    await screen.findByText('user_1');
    const modal = await openAddCoinsFor('user_1', user);
    await user.type(amountInput(), '40');
    for (let i = 0; i < 2; i++) {
      await user.click(button('Add Coins', modal));
      await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(i + 1));
    }
    await user.clear(amountInput());
    await user.type(amountInput(), '45');
    await user.click(button('Add Coins', modal));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(3));
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('cannot be sent twice while the request runs', async () => {
    const held = deferred<FakeReply>();
    const people = makePeople(1);
    const calls = installFakeApi({ [LIST]: personsListRoute(people), [ADD]: () => held.promise });
    const user = setup();
    renderSection(PeopleSection);
    await screen.findByText('user_1');
    const modal = await openAddCoinsFor('user_1', user);
    await user.type(amountInput(), '10{Enter}');

    const sending = await within(modal).findByText('Adding...');
    expect(sending.closest('button')).toBeDisabled();
    expect(amountInput()).toBeDisabled();
    expect(button('Cancel', modal)).toBeDisabled();
    fireEvent.submit(amountInput().closest('form') as HTMLFormElement);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    held.resolve(ok({ ...people[0], money: 110 }));
    await waitFor(() => expect(queryDialog('Add Coins')).toBeNull());
    expect(rowOf('p1').getByText('110 coins')).toBeInTheDocument();
  });
});
