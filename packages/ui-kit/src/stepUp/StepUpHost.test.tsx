// The step-up dialog with the signed client, the network faked at its edge: a refused refund asks
// for the password, a wrong one is refused with the API's message and the dialog stays, the right one
// (Enter) re-authenticates and the same request goes again with the same Idempotency-Key; Cancel and
// Escape give up with nothing changed, the focus back on the opener.
import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { call, confirmStepUp, setSession, STEP_UP_CANCELLED_MESSAGE, toApiError } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, requestsTo, type FakeRequest } from '@growth-admin/shared-client/testing';
import { STEP_UP_EMPTY_MESSAGE, STEP_UP_TITLE, StepUpHost } from './StepUpHost';

jest.setTimeout(30_000);

const REFUND = 'POST /api/admin/orders/refundOrder';
const REAUTH = 'POST /api/admin/account/reauthenticate';

/** A refund as the orders remote sends it: a money call, with its Idempotency-Key. */
const refundOrder = (orderId: string, idempotencyKey?: string) => call('post', '/api/admin/orders/refundOrder', { body: { orderId }, idempotencyKey });

function Harness() {
  const [outcome, setOutcome] = useState('');
  return (
    <ConfigProvider theme={{ hashed: false, token: { motion: false } }} wave={{ disabled: true }}>
      <StepUpHost />
      <button
        onClick={() =>
          refundOrder('42', 'refund-key-0001').then(
            (o) => setOutcome(`refunded ${o._id}`),
            (e) => setOutcome(`failed: ${toApiError(e).message}`),
          )
        }
      >
        Refund
      </button>
      <p>{outcome}</p>
    </ConfigProvider>
  );
}

let stepUpDone = false;
let requests: FakeRequest[];
beforeEach(() => {
  stepUpDone = false;
  setSession({ token: 't'.repeat(43), username: 'admin', role: 'owner' });
  requests = installFakeApi({
    [REFUND]: () => (stepUpDone ? ok({ _id: '42', isRefund: true }) : fail(403, 'Enter your password again to continue', 'STEP_UP_REQUIRED')),
    [REAUTH]: (r) => {
      if ((r.body as { password: string }).password !== 'right-password') return fail(403, 'The password is wrong', 'WRONG_PASSWORD');
      stepUpDone = true;
      return ok({ reauthenticated: true, validForSeconds: 300 });
    },
  });
});

test('asks for the password; a wrong one is refused with a clear message; the right one (Enter) sends the same refund again', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Refund' }));

  const dialog = await screen.findByRole('dialog', { name: STEP_UP_TITLE });
  const password = screen.getByLabelText('Password');
  await waitFor(() => expect(password).toHaveFocus());

  await user.keyboard('{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(STEP_UP_EMPTY_MESSAGE);
  expect(requestsTo(requests, REAUTH)).toHaveLength(0);

  await user.type(password, 'wrong-password{Enter}');
  expect(await screen.findByText('The password is wrong')).toBeInTheDocument();
  expect(dialog).toBeVisible();
  expect(password).toHaveValue('');

  await user.type(password, 'right-password{Enter}');
  expect(await screen.findByText('refunded 42')).toBeInTheDocument();
  const refunds = requestsTo(requests, REFUND);
  expect(refunds).toHaveLength(2);
  expect(refunds.map((r) => r.headers['Idempotency-Key'])).toEqual(['refund-key-0001', 'refund-key-0001']);
  expect(refunds[1].headers['X-Nonce']).not.toBe(refunds[0].headers['X-Nonce']);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: STEP_UP_TITLE })).not.toBeInTheDocument());
});

test.each([
  ['Cancel', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
  ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
])('%s gives up: the call fails with nothing changed and the focus goes back to the opener', async (_name, giveUp) => {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Refund' });
  await user.click(opener);
  await screen.findByRole('dialog', { name: STEP_UP_TITLE });
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  await giveUp(user);
  expect(await screen.findByText(`failed: ${STEP_UP_CANCELLED_MESSAGE}`)).toBeInTheDocument();
  expect(requestsTo(requests, REFUND)).toHaveLength(1);
  await waitFor(() => expect(opener).toHaveFocus());
});

test('without a host the refusal is the error; several refusals at once share one prompt', async () => {
  await expect(refundOrder('42')).rejects.toMatchObject({ status: 403, code: 'STEP_UP_CANCELLED' });
  render(<Harness />);
  let a!: Promise<boolean>;
  let b!: Promise<boolean>;
  act(() => {
    a = confirmStepUp();
    b = confirmStepUp();
  });
  expect(await screen.findAllByRole('dialog', { name: STEP_UP_TITLE })).toHaveLength(1);
  await userEvent.setup().type(screen.getByLabelText('Password'), 'right-password{Enter}');
  await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
});

test('too many wrong passwords: the dialog says which limit, counts down from Retry-After and Confirm waits; then the right one goes through', async () => {
  let throttled = true;
  requests = installFakeApi({
    [REFUND]: () => (stepUpDone ? ok({ _id: '42', isRefund: true }) : fail(403, 'Enter your password again to continue', 'STEP_UP_REQUIRED')),
    [REAUTH]: () => {
      if (throttled) return { ...fail(429, 'Too many wrong passwords in this session. Try again in 2 s.', 'THROTTLED_SESSION'), headers: { 'Retry-After': '2' } };
      stepUpDone = true;
      return ok({ reauthenticated: true, validForSeconds: 300 });
    },
  });
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByRole('dialog', { name: STEP_UP_TITLE });
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords in this session. Try again in 2 s.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.queryByText(/failed|Invalid/)).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}'); // Enter waits too
    expect(requestsTo(requests, REAUTH)).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 1 s.');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    throttled = false;
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('refunded 42')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
