// The dashboard's three data requests start at sign-in (and on a load with a stored session on the
// dashboard), beside the layout's code and the analytics remote, instead of once the remote has
// arrived and mounted: one round trip after the other otherwise. React Query is in the layout's
// chunk, not here (the login screen ships none), so the answers wait as promises and are handed to
// the one QueryClient when it exists, under shared-client's keys (dashboardLoads), the ones the
// remote reads: it finds them in the cache, or on their way, and asks for nothing again.
import type { QueryClient } from '@tanstack/react-query';
import { dashboardLoads, getToken } from '@growth-admin/shared-client';

interface Started {
  queryKey: readonly unknown[];
  answer: Promise<unknown>;
}

let waiting: Started[] = [];
let client: QueryClient | null = null;
/** The session the requests were started for: sign-in asks twice (the click and the signed-in render). */
let startedFor: string | null = null;

function hand(queryClient: QueryClient, started: Started[]) {
  // A failed request leaves the query in error; the remote's own useQuery then tries again on mount.
  for (const { queryKey, answer } of started) void queryClient.prefetchQuery({ queryKey, queryFn: () => answer });
}

/** Starts the dashboard's default loads (the opening period over the last 30 days), once a session. */
export function prefetchDashboard(): void {
  const token = getToken();
  if (!token || token === startedFor) return;
  startedFor = token;
  const started = Object.values(dashboardLoads()).map(({ queryKey, queryFn }) => {
    const answer = queryFn();
    answer.catch(() => undefined); // reported through the query, not as an unhandled rejection
    return { queryKey, answer };
  });
  if (client) hand(client, started);
  else waiting = started;
}

/** Gives the QueryClient the requests already started, and later ones as they start. */
export function adoptDashboardPrefetch(queryClient: QueryClient): void {
  client = queryClient;
  hand(queryClient, waiting);
  waiting = [];
}
