import { renderHook } from '@testing-library/react';
import type { ToastApi } from '@growth-admin/shared-client';
import { useFailureToast } from './useFailureToast';

const toastApi = () => ({ success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() }) as unknown as ToastApi & { error: jest.Mock };

it('toasts each new failure once, not on re-renders nor for a new toast object', () => {
  let toast = toastApi();
  const { rerender } = renderHook(({ message, at, t }) => useFailureToast(message, at, t), {
    initialProps: { message: null as string | null, at: 0, t: toast },
  });
  expect(toast.error).not.toHaveBeenCalled();
  rerender({ message: 'Failed to load users: down', at: 1, t: toast });
  rerender({ message: 'Failed to load users: down', at: 1, t: toast });
  const next = toastApi();
  rerender({ message: 'Failed to load users: down', at: 1, t: next });
  expect(toast.error.mock.calls).toEqual([['Failed to load users: down']]);
  expect(next.error).not.toHaveBeenCalled();

  toast = next;
  rerender({ message: 'Failed to load users: still down', at: 2, t: toast });
  expect(toast.error.mock.calls).toEqual([['Failed to load users: still down']]);
  rerender({ message: null, at: 3, t: toast });
  expect(toast.error).toHaveBeenCalledTimes(1);
});

it('does not repeat a failure that was already there when the screen mounted (a cached result)', () => {
  const toast = toastApi();
  renderHook(() => useFailureToast('Failed to load orders: down', 5, toast));
  expect(toast.error).not.toHaveBeenCalled();
});
