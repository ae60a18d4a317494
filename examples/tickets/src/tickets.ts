// A ticket, in this example, is an order that ended in an error: something a support team follows up.
// Read through shared-client like every remote's data.
import { queryOptions } from '@tanstack/react-query';
import { getOrders } from '@growth-admin/shared-client';

export const ticketQueries = {
  all: (page = 0) => queryOptions({ queryKey: ['example-tickets', 'all', page], queryFn: () => failIfError(getOrders({ status: 'error', page, limit: 10 })) }),
  ofPerson: (personId: string) =>
    queryOptions({ queryKey: ['example-tickets', 'person', personId], queryFn: () => failIfError(getOrders({ status: 'error', personId, limit: 5 })) }),
};

/** The orders call answers an error inside its result (an empty list): a ticket list shows it as an error. */
async function failIfError<T extends { error?: { message: string } }>(result: Promise<T>): Promise<T> {
  const answer = await result;
  if (answer.error) throw new Error(answer.error.message);
  return answer;
}
