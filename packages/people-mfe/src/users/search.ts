// The two ways to search users (spec 2 and 5).
import { formatSort, type ListSort, parseSort, type SearchOption, type UrlCodec } from '@growth-admin/ui-kit';

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

export const USER_SORT_FIELDS = ['money', 'updatedAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** What the Users list shows: the applied search, the page (1-based), the sort and the region. */
export interface UsersView {
  search: UserSearch;
  page: number;
  /** null: newest users first. */
  sort: ListSort<UserSortField> | null;
  /** Exact lastClientRegion ('' any): the dashboard's drill-down. */
  region: string;
}

export const FIRST_VIEW: UsersView = { search: NO_SEARCH, page: 1, sort: null, region: '' };
/** As the API takes it. */
const REGION = /^[A-Za-z]{1,16}$/;

const SEARCH_TYPES: readonly SearchType[] = ['username', 'userId'];
/** Deepest page the API serves (persons/list page ≤ 100,000). */
const MAX_PAGE = 100_000;

/**
 * The Users list in the URL: `?by=userId&q=7000123&region=EU&sort=money.desc&page=2`. Missing or
 * invalid values read as the defaults (Username, no text, any region, newest first, page 1), which
 * the URL leaves out.
 */
export const USERS_URL: UrlCodec<UsersView> = {
  parse(query) {
    const by = query.get('by') as SearchType;
    const page = Number(query.get('page'));
    return {
      search: { type: SEARCH_TYPES.includes(by) ? by : NO_SEARCH.type, text: (query.get('q') ?? '').trim().slice(0, 100) },
      page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
      sort: parseSort(query.get('sort'), USER_SORT_FIELDS),
      region: REGION.test(query.get('region') ?? '') ? query.get('region')! : '',
    };
  },
  format({ search, page, sort, region }) {
    const query = new URLSearchParams();
    if (search.text) {
      query.set('by', search.type);
      query.set('q', search.text);
    }
    if (region) query.set('region', region);
    if (sort) query.set('sort', formatSort(sort));
    if (page !== 1) query.set('page', String(page));
    return query;
  },
};
