// The users calls of the people remote, over shared-client's typed call, with their React Query keys
// beside them: under shared-client's `queryKeys.persons.all`, which the orders remote invalidates
// after a refund.
import { call, queryKeys, type Person, type PersonSort, type PersonsList } from '@growth-admin/shared-client';

export const PERSONS_PAGE_SIZE = 20;

export interface PersonsListParams {
  page?: number;
  pageSize?: number;
  customName?: string;
  /** Exact region code (the dashboard's drill-down). */
  lastClientRegion?: string;
  /** Newest users first without one. */
  sort?: PersonSort;
}

export function getPersons({ page = 1, pageSize = PERSONS_PAGE_SIZE, ...filters }: PersonsListParams = {}): Promise<PersonsList> {
  return call('get', '/api/admin/persons/list', { query: { page, pageSize, ...filters } });
}

/** GET /persons/query: one lookup by id (customId) or by customName. */
export function queryPerson(params: { id?: string; customName?: string }): Promise<Person> {
  return call('get', '/api/admin/persons/query', { query: params });
}

/** POST /persons/add-money; answers the person with the new balance. Pass one key per user action (createActionKeys). */
export function addMoney(personId: string, amount: number, idempotencyKey?: string): Promise<Person> {
  return call('post', '/api/admin/persons/add-money', { body: { personId, amount }, idempotencyKey });
}

/**
 * A user by the ID the screens show (customId); any failure, 404 included, is "no such user" (spec 5).
 * The API also finds a user by its internal record number: '123' would answer some user whose ID is
 * 7000000974037, a stranger an administrator might then credit coins to. Only that ID itself counts.
 */
export async function findPersonById(customId: string): Promise<Person | null> {
  const wanted = customId.trim();
  try {
    const person = await queryPerson({ id: wanted });
    return person && person.customId === wanted ? person : null;
  } catch {
    return null;
  }
}

export const personKeys = {
  all: queryKeys.persons.all,
  list: (params: PersonsListParams) => [...queryKeys.persons.all, 'list', params] as const,
  query: (id: string) => [...queryKeys.persons.all, 'query', id] as const,
};
