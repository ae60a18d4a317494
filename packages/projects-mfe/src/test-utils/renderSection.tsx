import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SectionProps, ToastApi } from '@growth-admin/shared-client';

export interface ToastMock extends ToastApi {
  success: jest.Mock;
  error: jest.Mock;
  info: jest.Mock;
}

export function makeToast(): ToastMock {
  return { success: jest.fn(), error: jest.fn(), info: jest.fn() };
}

/** Renders a section as the shell would: one fresh QueryClient (no retries) and a toast. */
export function renderWithClient(ui: (props: SectionProps) => ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const toast = makeToast();
  const props: SectionProps = { user: { username: 'admin' }, toast };
  const result = render(<QueryClientProvider client={queryClient}>{ui(props)}</QueryClientProvider>);
  return { ...result, toast, queryClient };
}
