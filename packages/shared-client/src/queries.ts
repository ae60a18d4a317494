// React Query options of the calls the shell itself makes: the key and the fetcher together. Each
// remote keeps its own calls' options beside its calls (its `src/api/`), under keys that start with
// the namespaces of queryKeys.ts, so one section can still invalidate what another shows.
import { queryOptions } from '@tanstack/react-query';
import { getMe } from './api';
import { queryKeys } from './queryKeys';

export const queries = {
  /** The signed-in administrator and their role now (a role changed since sign-in shows here). */
  me: () => queryOptions({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: 60_000 }),
};
