import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ToastApi } from '@growth-admin/shared-client';
import PeopleSection from '../Section';

export function makeToast(): jest.Mocked<ToastApi> {
  return { success: jest.fn(), error: jest.fn(), info: jest.fn() };
}

/** Renders the exposed section as the shell would: one fresh QueryClient, a toast API. */
export function renderSection(toast = makeToast()) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const view = render(
    // No motion or click waves: same behaviour, far less work for jsdom.
    <ConfigProvider theme={{ hashed: false, token: { motion: false } }} wave={{ disabled: true }}>
      <QueryClientProvider client={queryClient}>
        <PeopleSection user={{ username: 'admin' }} toast={toast} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...view, toast, queryClient };
}
