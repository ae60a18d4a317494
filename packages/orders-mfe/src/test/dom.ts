// DOM helpers for this package's tests (sections render through renderSection of
// @growth-admin/shared-client/testing).
import { fireEvent, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/** The button whose accessible name is `name` (its text, or its aria-label). */
export function button(name: string | RegExp): HTMLButtonElement {
  return screen.getByRole('button', { name });
}

/** The button named `name`, once it is shown. */
export function findButton(name: string | RegExp): Promise<HTMLButtonElement> {
  return screen.findByRole('button', { name });
}

/** Picks `option` in the antd Select labelled `label` (antd opens on mousedown). */
export async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  // antd gives each option its label as title; the last match is the open dropdown's. Its virtual
  // list's options have no role (only three hidden copies do): its class is the only handle.
  const matches = (await screen.findAllByTitle(option)).filter((el) => el.matches('.ant-select-item-option'));
  fireEvent.click(matches[matches.length - 1]);
}

/** What the antd Select labelled `label` shows (beside its combobox, which has no value of its own). */
export function shownIn(label: string): string | null {
  return screen.getByRole('combobox', { name: label }).closest('[title]')?.getAttribute('title') ?? null;
}

/**
 * userEvent without its pointer-events check: that check calls getComputedStyle up the tree for
 * every event, which jsdom answers slowly under antd's injected styles (seconds per click).
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
