// After a balance change, the API answers the updated person; we write it into every cached
// users page and ID lookup instead of refetching, so the row and the open details update at once.
import type { QueryClient } from '@tanstack/react-query';
import { type Person, type PersonsList, queryKeys } from '@growth-admin/shared-client';

// personKeys.list(params) and .query(id) (api/persons.ts) both start with these prefixes.
const LIST_PREFIX = [...queryKeys.persons.all, 'list'] as const;
const LOOKUP_PREFIX = [...queryKeys.persons.all, 'query'] as const;

export function replacePersonInList(page: PersonsList, person: Person): PersonsList {
  if (!page.list.some((p) => p._id === person._id)) return page;
  return { ...page, list: page.list.map((p) => (p._id === person._id ? person : p)) };
}

export function storeUpdatedPerson(queryClient: QueryClient, person: Person): void {
  queryClient.setQueriesData<PersonsList>({ queryKey: LIST_PREFIX }, (page) =>
    page ? replacePersonInList(page, person) : page,
  );
  queryClient.setQueriesData<Person | null>({ queryKey: LOOKUP_PREFIX }, (found) =>
    found && found._id === person._id ? person : found,
  );
}
