// Renders a remote's section as the shell would, for the remotes' jest tests: one fresh
// QueryClient (no retries unless asked, no refetch on focus), a toast spy as the `toast` prop, and antd without
// motion or click waves (the same behaviour, far less work for jsdom), and the step-up dialog the
// shell mounts. antd's CSS-in-JS keeps its styles to itself (cssinjs' server mode) instead of adding
// hundreds of <style> rules to the document: jsdom reads every rule on each getComputedStyle, which
// every role query calls for every element, and a test ran ten times slower with them. Nothing a
// test asserts comes from antd's stylesheets (jsdom lays nothing out); what hides a closed dialog or
// a collapsed panel is antd's inline style or markup, kept.
import type { ComponentType, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { StepUpHost } from '../stepUp/StepUpHost';
import type { SectionProps, ToastApi } from '@growth-admin/shared-client';

/** antd's own copy of its CSS-in-JS (resolved from antd, so the provider is the one antd reads). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cssinjs = require(require.resolve('@ant-design/cssinjs', { paths: [require.resolve('antd/package.json')] })) as {
  StyleProvider: ComponentType<{ mock: 'server'; cache: unknown; children: ReactNode }>;
  createCache: () => unknown;
};

export function makeToast(): jest.Mocked<ToastApi> {
  return { success: jest.fn(), error: jest.fn(), info: jest.fn() };
}

/** `Section` may be an exposed section or any component taking SectionProps (a dialog in a wrapper). */
/**
 * Renders a section as the shell does; an owner by default (pass a viewer to check what is not
 * offered). `queryRetry`: the shell's retry of a failed load (`{ retry: 1, retryDelay: 0 }`), to test
 * what a screen does with it; none by default.
 */
export function renderSection(
  Section: ComponentType<SectionProps>,
  toast = makeToast(),
  user: SectionProps['user'] = { username: 'admin', role: 'owner' },
  queryRetry: { retry: number; retryDelay: number } = { retry: 0, retryDelay: 0 },
): RenderResult & { toast: typeof toast; queryClient: QueryClient } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...queryRetry, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const view = render(
    <cssinjs.StyleProvider mock="server" cache={cssinjs.createCache()}>
      <ConfigProvider theme={{ hashed: false, token: { motion: false } }} wave={{ disabled: true }}>
        <QueryClientProvider client={queryClient}>
          <Section user={user} toast={toast} />
          <StepUpHost />
        </QueryClientProvider>
      </ConfigProvider>
    </cssinjs.StyleProvider>,
  );
  return { ...view, toast, queryClient };
}
