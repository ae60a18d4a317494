// The two ways to search users (spec 2 and 5).
import type { SearchOption, UrlCodec } from '@growth-admin/shared-client';

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

/** What the Users list shows: the applied search and the page (1-based). */
export interface UsersView {
  search: UserSearch;
  page: number;
}

export const FIRST_VIEW: UsersView = { search: NO_SEARCH, page: 1 };

const SEARCH_TYPES: readonly SearchType[] = ['username', 'userId'];
/** Deepest page the API serves (persons/list page ≤ 100,000). */
const MAX_PAGE = 100_000;

/**
 * The Users list in the URL: `?by=userId&q=7000123&page=2`. Missing or invalid values read as the
 * defaults (Username, no text, page 1), which the URL leaves out.
 */
export const USERS_URL: UrlCodec<UsersView> = {
  parse(query) {
    const by = query.get('by') as SearchType;
    const page = Number(query.get('page'));
    return {
      search: { type: SEARCH_TYPES.includes(by) ? by : NO_SEARCH.type, text: (query.get('q') ?? '').trim().slice(0, 100) },
      page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    };
  },
  format({ search, page }) {
    const query = new URLSearchParams();
    if (search.text) {
      query.set('by', search.type);
      query.set('q', search.text);
    }
    if (page !== 1) query.set('page', String(page));
    return query;
  },
};
