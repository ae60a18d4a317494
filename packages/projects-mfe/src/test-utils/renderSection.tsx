import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SectionProps, ToastApi } from '@growth-admin/shared-client';

// antd's Select schedules its open/close through a MessageChannel macrotask, which jsdom lacks.
if (typeof globalThis.MessageChannel === 'undefined') {
  type Port = { onmessage: ((event: { data: unknown }) => void) | null; postMessage(data: unknown): void; close(): void };
  class TimeoutMessageChannel {
    port1: Port;
    port2: Port;
    constructor() {
      const port = (target: () => Port): Port => ({
        onmessage: null,
        postMessage: (data) => setTimeout(() => target().onmessage?.({ data }), 0),
        close: () => undefined,
      });
      this.port1 = port(() => this.port2);
      this.port2 = port(() => this.port1);
    }
  }
  globalThis.MessageChannel = TimeoutMessageChannel as unknown as typeof MessageChannel;
}

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
