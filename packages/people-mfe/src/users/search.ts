// The two ways to search users (spec 2 and 5).
import { type Person, queryPerson } from '@growth-admin/shared-client';

export type SearchType = 'username' | 'userId';

export const SEARCH_TYPE_OPTIONS: Array<{ value: SearchType; label: string }> = [
  { value: 'username', label: 'Username' },
  { value: 'userId', label: 'User ID' },
];

export const SEARCH_PLACEHOLDERS: Record<SearchType, string> = {
  username: 'Search by username...',
  userId: 'Search by user ID...',
};

/** A search as applied (on Search or Enter), text trimmed. */
export interface UserSearch {
  type: SearchType;
  text: string;
}

export const NO_SEARCH: UserSearch = { type: 'username', text: '' };

export function toUserSearch(type: SearchType, text: string): UserSearch {
  return { type, text: text.trim() };
}

/** A user-ID search with text is one lookup; anything else pages through the list. */
export function isIdLookup(search: UserSearch): boolean {
  return search.type === 'userId' && search.text !== '';
}

/** One lookup by customId; any failure (404 included) means "no such user" (spec 5). */
export async function findPersonById(customId: string): Promise<Person | null> {
  try {
    return (await queryPerson({ id: customId })) ?? null;
  } catch {
    return null;
  }
}
