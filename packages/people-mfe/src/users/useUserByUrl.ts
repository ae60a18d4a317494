import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type Person, type ToastApi } from '@growth-admin/shared-client';
import { queries } from '../api';

/**
 * The user whose details the URL names (`/users/<customId>`): their row on the page when it is
 * there, else looked up by ID (a pasted link, a reload). An ID that names nobody is said once in a
 * toast and the details close.
 */
export function useUserByUrl(customId: string | null, rows: Person[], toast: ToastApi, onMissing: () => void): Person | null {
  const row = customId === null ? null : (rows.find((person) => person.customId === customId) ?? null);
  const lookup = useQuery({ ...queries.personById(customId ?? ''), enabled: customId !== null && row === null });
  const missing = customId !== null && row === null && lookup.isSuccess && lookup.data === null;
  useEffect(() => {
    if (!missing) return;
    toast.error(`No user with ID ${customId}`);
    onMissing();
  }, [missing, customId, toast, onMissing]);
  return row ?? (customId !== null ? (lookup.data ?? null) : null);
}
