import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addMoney, type Person, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { storeUpdatedPerson } from '../person/personCache';

export const ADD_SUCCESS_MESSAGE = 'Money added successfully';
export const SUCCESS_TOAST_SECONDS = 3;

/** Adds coins to one person; on success the cached rows take the answered person. */
export function useAddCoins(personId: string, toast: ToastApi, onAdded: (person: Person) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => addMoney(personId, amount),
    onSuccess: (person) => {
      storeUpdatedPerson(queryClient, person);
      toast.success(ADD_SUCCESS_MESSAGE, SUCCESS_TOAST_SECONDS);
      onAdded(person);
    },
    onError: (err) => toast.error(`Failed to add money: ${toApiError(err).message}`),
  });
}
