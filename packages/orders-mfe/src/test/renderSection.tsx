import type { ComponentType } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { SectionProps, ToastApi } from '@growth-admin/shared-client';

export function makeToast(): jest.Mocked<ToastApi> {
  return { success: jest.fn(), error: jest.fn(), info: jest.fn() };
}

/** Renders an exposed section as the shell would: one fresh QueryClient (no retries) and a toast spy. */
export function renderSection(Section: ComponentType<SectionProps>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const toast = makeToast();
  const utils = render(
    // No motion or click waves: the same behaviour, far less work for jsdom.
    <ConfigProvider theme={{ token: { motion: false } }} wave={{ disabled: true }}>
      <QueryClientProvider client={queryClient}>
        <Section user={{ username: 'admin' }} toast={toast} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...utils, queryClient, toast };
}

/**
 * The button whose text is `text`. (Found by text, not by role: getByRole walks the whole antd
 * tree computing accessible names and costs seconds per call in jsdom.)
 */
export function buttonByText(text: string | RegExp): HTMLButtonElement {
  const button = screen.getByText(text, { selector: 'button, button *' }).closest('button');
  if (!button) throw new Error(`No button reads ${String(text)}`);
  return button;
}

export async function findButtonByText(text: string | RegExp): Promise<HTMLButtonElement> {
  await screen.findByText(text, { selector: 'button, button *' });
  return buttonByText(text);
}

/** Picks `option` in the antd Select labelled `label` (antd opens on mousedown). */
export async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  // antd gives each option its label as title; the last match is the open dropdown's.
  const matches = (await screen.findAllByTitle(option)).filter((el) => el.matches('.ant-select-item-option'));
  fireEvent.click(matches[matches.length - 1]);
}

/**
 * userEvent without its pointer-events check: that check calls getComputedStyle up the tree for
 * every event, which jsdom answers slowly under antd's injected styles (seconds per click).
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
