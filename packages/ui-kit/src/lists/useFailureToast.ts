import { useEffect, useRef } from 'react';
import type { ToastApi } from '@growth-admin/shared-client';

/**
 * One toast per failed load: `failedAt` changes with each failure (React Query's errorUpdatedAt, or
 * the time of an answer that carries an error). A failure that was already there when the screen
 * mounted (a cached result seen again) is not toasted again, and a new toast object from the host
 * cannot repeat one.
 */
export function useFailureToast(message: string | null | undefined, failedAt: number, toast: ToastApi): void {
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  });
  const lastReported = useRef(message ? failedAt : -1);
  useEffect(() => {
    if (!message || failedAt === lastReported.current) return;
    lastReported.current = failedAt;
    toastRef.current.error(message);
  }, [message, failedAt]);
}
