import { useQuery } from '@tanstack/react-query';
import { type Person, type PersonSort, toApiError } from '@growth-admin/shared-client';
import { isIdLookup, type UsersView } from './search';
import { type PersonsListParams, PERSONS_PAGE_SIZE, queries } from '../api';
import { formatSort } from '@growth-admin/ui-kit';

export interface PersonsPage {
  rows: Person[];
  total: number;
  /** First load of this search: nothing to show yet. */
  isLoading: boolean;
  /** Any request in flight, including a page change that still shows the previous rows. */
  isFetching: boolean;
  errorMessage: string | null;
  /** When the failure happened, so each failed load is reported once. */
  errorUpdatedAt: number;
  refetch: () => void;
}

/** The users list's filters and sort without its page: what an export takes. */
export function toPersonFilters({ search, sort, region }: Omit<UsersView, 'page'>): Omit<PersonsListParams, 'page' | 'pageSize'> {
  return {
    ...(search.type === 'username' && search.text ? { customName: search.text } : {}),
    ...(region ? { lastClientRegion: region } : {}),
    ...(sort ? { sort: formatSort(sort) as PersonSort } : {}),
  };
}

/** One page of users for the applied view: the paged list, or a single lookup by user ID (which ignores the sort and region). */
export function usePersonsPage(view: UsersView): PersonsPage {
  const { search, page } = view;
  const byId = isIdLookup(search);
  const params = { page, pageSize: PERSONS_PAGE_SIZE, ...toPersonFilters(view) };

  // The current rows stay on screen while the next page loads (the factory's placeholderData).
  const list = useQuery({ ...queries.persons(params), enabled: !byId });
  const lookup = useQuery({ ...queries.personById(search.text), enabled: byId });

  if (byId) {
    const found = lookup.data;
    return {
      rows: found ? [found] : [],
      total: found ? 1 : 0,
      isLoading: lookup.isPending,
      isFetching: lookup.isFetching,
      errorMessage: null, // a failed lookup is an empty result (spec 5)
      errorUpdatedAt: 0,
      refetch: () => void lookup.refetch(),
    };
  }
  return {
    rows: list.data?.list ?? [],
    total: list.data?.total ?? 0,
    isLoading: list.isPending,
    isFetching: list.isFetching,
    errorMessage: list.error ? toApiError(list.error).message : null,
    errorUpdatedAt: list.errorUpdatedAt,
    refetch: () => void list.refetch(),
  };
}
