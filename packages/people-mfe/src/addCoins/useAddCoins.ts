import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createActionKeys, type Person, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { storeUpdatedPerson } from '../person/personCache';
import { addMoney } from '../api';

export const ADD_SUCCESS_MESSAGE = 'Money added successfully';
export const SUCCESS_TOAST_SECONDS = 3;

/**
 * Adds coins to one person; on success the cached rows take the answered person. Each top-up
 * carries one Idempotency-Key, reused when the same amount is sent again after a failure (a
 * timeout may have hidden a success): the coins are added once.
 */
export function useAddCoins(personId: string, toast: ToastApi, onAdded: (person: Person) => void) {
  const queryClient = useQueryClient();
  const keys = useRef(createActionKeys());
  return useMutation({
    mutationFn: (amount: number) => addMoney(personId, amount, keys.current.keyFor({ personId, amount })),
    onSuccess: (person) => {
      keys.current.done();
      storeUpdatedPerson(queryClient, person);
      toast.success(ADD_SUCCESS_MESSAGE, SUCCESS_TOAST_SECONDS);
      onAdded(person);
    },
    onError: (err) => toast.error(`Failed to add money: ${toApiError(err).message}`),
  });
}
