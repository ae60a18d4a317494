// Cheap DOM lookups: role queries walk the accessibility tree of antd's large DOM and are
// slow on a busy machine, so tests find buttons and headers by text instead.
import { screen } from '@testing-library/react';

export function button(name: string, root: HTMLElement = document.body): HTMLButtonElement {
  const match = Array.from(root.querySelectorAll('button')).filter(
    (b) => b.textContent?.trim() === name,
  );
  if (match.length !== 1) throw new Error(`Expected one button "${name}", found ${match.length}`);
  return match[0];
}

export const columnHeaders = (): string[] =>
  Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent ?? '');

export function checkbox(label: string): HTMLInputElement {
  const text = screen.getByText(label, {
    selector: '.ant-checkbox-label, .ant-checkbox-wrapper span',
  });
  const input = text.closest('label')?.querySelector('input');
  if (!input) throw new Error(`No checkbox "${label}"`);
  return input;
}

export function dialog(title: string): HTMLElement {
  const titles = Array.from(document.querySelectorAll('.ant-modal-title')).filter(
    (t) => t.textContent === title,
  );
  const modal = titles.at(-1)?.closest('.ant-modal') as HTMLElement | null;
  if (!modal) throw new Error(`No dialog "${title}"`);
  return modal;
}

export const queryDialog = (title: string): HTMLElement | null => {
  try {
    return dialog(title);
  } catch {
    return null;
  }
};
