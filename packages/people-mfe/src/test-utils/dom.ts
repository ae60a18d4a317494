// DOM lookups by what a user (and a screen reader) sees: roles, labels and accessible names. Kept
// cheap: testing-library's *ByRole walks the accessibility tree of antd's large DOM and is slow on a
// busy machine, so these read the ARIA attributes of the few candidates directly.
import { fireEvent, screen, waitFor } from '@testing-library/react';

export function button(name: string, root: HTMLElement = document.body): HTMLButtonElement {
  const match = Array.from(root.querySelectorAll('button')).filter(
    (b) => b.textContent?.trim() === name,
  );
  if (match.length !== 1) throw new Error(`Expected one button "${name}", found ${match.length}`);
  return match[0];
}

export const columnHeaders = (): string[] =>
  Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent ?? '');

/** The checkbox whose label reads `label`. */
export function checkbox(label: string): HTMLInputElement {
  const input = screen.getByLabelText(label);
  if (!(input instanceof HTMLInputElement) || input.type !== 'checkbox') throw new Error(`"${label}" labels no checkbox`);
  return input;
}

/** The open dialog named `title` (role dialog, named by its aria-labelledby title); the newest if several. */
export function dialog(title: string): HTMLElement {
  // The title is looked up inside the dialog first: under test, antd gives every dialog's title the
  // same id, so the document's first element with it may be another dialog's.
  const labelled = (d: HTMLElement, id: string) => Array.from(d.querySelectorAll('[id]')).find((e) => e.id === id) ?? document.getElementById(id);
  const named = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).filter((d) =>
    (d.getAttribute('aria-labelledby') ?? '').split(/\s+/).some((id) => labelled(d, id)?.textContent === title),
  );
  const modal = named.at(-1);
  if (!modal) throw new Error(`No dialog "${title}"`);
  return modal;
}

/**
 * Picks `option` in the select (role combobox) labelled `label` as the keyboard does: opens it, moves
 * the active option (aria-activedescendant) down to the one named `option`, and presses Enter.
 */
export async function chooseOption(label: string, option: string): Promise<void> {
  const box = screen.getByLabelText(label);
  if (box.getAttribute('role') !== 'combobox') throw new Error(`"${label}" labels no combobox`);
  fireEvent.mouseDown(box);
  await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
  const activeName = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.getAttribute('aria-label');
  for (let moves = 0; moves < 50 && activeName() !== option; moves++) fireEvent.keyDown(box, { key: 'ArrowDown', keyCode: 40, which: 40 });
  if (activeName() !== option) throw new Error(`"${label}" offers no option "${option}"`);
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
  await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
}

export const queryDialog = (title: string): HTMLElement | null => {
  try {
    return dialog(title);
  } catch {
    return null;
  }
};
