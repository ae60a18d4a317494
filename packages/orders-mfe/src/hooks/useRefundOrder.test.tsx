import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '@growth-admin/shared-client';
import { orderKeys } from '../api/orders';
import { deferred, fail, type FakeReply, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { makeOrder } from '../test/orders';
import { useRefundOrder } from './useRefundOrder';
import { makeToast } from '@growth-admin/ui-kit/testing';

function setup() {
  const reply = deferred<FakeReply>();
  const api = installFakeApi({ 'POST /api/admin/orders/refundOrder': () => reply.promise });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const toast = makeToast();
  const onRefunded = jest.fn();
  const hook = renderHook(() => useRefundOrder({ toast, onRefunded }), { wrapper });
  return { api, reply, queryClient, toast, onRefunded, hook };
}

describe('useRefundOrder', () => {
  it('sends a refund once even when asked twice before React re-renders', async () => {
    const { api, reply, hook, onRefunded } = setup();
    const order = makeOrder();
    act(() => {
      hook.result.current.refund(order);
      hook.result.current.refund(order);
    });
    await waitFor(() => expect(hook.result.current.pendingOrderId).toBe(order._id));
    expect(requestsTo(api, 'POST /api/admin/orders/refundOrder')).toHaveLength(1);

    reply.resolve(ok({ ...order, isRefund: true }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith({ ...order, isRefund: true }));
    expect(hook.result.current.pendingOrderId).toBeUndefined();
  });

  it('a refund retried after a failure sends the same Idempotency-Key, so it can only happen once', async () => {
    const api = installFakeApi({ 'POST /api/admin/orders/refundOrder': () => fail(503, 'The database cannot be reached right now', 'DATABASE_UNAVAILABLE') });
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const toast = makeToast();
    const hook = renderHook(() => useRefundOrder({ toast, onRefunded: jest.fn() }), { wrapper });
    const order = makeOrder();
    for (let i = 1; i <= 2; i++) {
      act(() => hook.result.current.refund(order));
      await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(i));
    }
    const [first, second] = requestsTo(api, 'POST /api/admin/orders/refundOrder').map((r) => r.headers['Idempotency-Key']);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(second).toBe(first);
  });

  it('invalidates every orders list, recent orders and persons after a refund', async () => {
    const { reply, hook, queryClient } = setup();
    const keys = [
      orderKeys.list('orders', { page: 0 }),
      orderKeys.list('payments', { page: 0 }),
      queryKeys.orders.recent('person-1'),
      [...queryKeys.persons.all, 'list', { page: 1 }],
    ];
    for (const key of keys) queryClient.setQueryData(key, {});
    const order = makeOrder();
    act(() => hook.result.current.refund(order));
    reply.resolve(ok({ ...order, isRefund: true }));
    await waitFor(() =>
      expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true]),
    );
  });
});
