import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ToastApi } from '@growth-admin/shared-client';
import AnalyticsSection from '../Section';

export function makeToast(): jest.Mocked<ToastApi> {
  return { success: jest.fn(), error: jest.fn(), info: jest.fn() };
}

/** Renders the exposed section as the shell would: one fresh QueryClient, a toast API. */
export function renderSection(toast = makeToast()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AnalyticsSection user={{ username: 'admin' }} toast={toast} />
    </QueryClientProvider>,
  );
  return { ...view, toast, queryClient };
}
