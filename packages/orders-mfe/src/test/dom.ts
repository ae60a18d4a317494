// DOM helpers for this package's tests (sections render through renderSection of
// @growth-admin/shared-client/testing).
import { fireEvent, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

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
