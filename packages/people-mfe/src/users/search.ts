// The two ways to search users (spec 2 and 5).
import type { SearchOption } from '@growth-admin/shared-client';

export type SearchType = 'username' | 'userId';

export const SEARCH_OPTIONS: ReadonlyArray<SearchOption<SearchType>> = [
  { value: 'username', label: 'Username', placeholder: 'Search by username...' },
  { value: 'userId', label: 'User ID', placeholder: 'Search by user ID...' },
];

/** A search as applied (on Search or Enter), text trimmed. */
export interface UserSearch {
  type: SearchType;
  text: string;
}

export const NO_SEARCH: UserSearch = { type: 'username', text: '' };

/** A user-ID search with text is one lookup; anything else pages through the list. */
export function isIdLookup(search: UserSearch): boolean {
  return search.type === 'userId' && search.text !== '';
}
