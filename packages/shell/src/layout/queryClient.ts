// The one QueryClient of the whole application (remotes reach it with useQueryClient):
// retry once, no refetch on window focus (spec 7 and 9).
import { QueryClient } from '@tanstack/react-query';
import { adoptDashboardPrefetch } from '../sections/dashboardPrefetch';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// The dashboard's requests started at sign-in, before this client existed (sections/dashboardPrefetch).
adoptDashboardPrefetch(queryClient);
