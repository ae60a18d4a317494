// The shell's keyboard shortcuts: `/` focuses the current list's search box (the one a section
// marks with shared-client's LIST_SEARCH_MARK), unless the administrator is typing in a field;
// Ctrl+K (Cmd+K on a Mac) opens the command palette, from anywhere.
import { useEffect } from 'react';

/** Typing here: `/` is a character, not a shortcut. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.getAttribute('role') === 'combobox' || target.getAttribute('role') === 'textbox';
}

/** Shown: neither it nor an ancestor is hidden or `display: none` (an inactive tab, a closed dialog). */
function isShown(element: Element): boolean {
  for (let el: Element | null = element; el; el = el.parentElement) {
    if ((el as HTMLElement).hidden || getComputedStyle(el).display === 'none') return false;
  }
  return true;
}

/** The shown list search box inside `root`, if its section has one. */
export function listSearchBox(root: ParentNode): HTMLElement | null {
  return [...root.querySelectorAll<HTMLElement>('[data-list-search]')].find(isShown) ?? null;
}

const dialogOpen = () => [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].some(isShown);

export function useShortcuts({ searchRoot, openPalette }: { searchRoot: () => ParentNode | null; openPalette: () => void }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault(); // the browser's own Ctrl+K (search bar)
        openPalette();
        return;
      }
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingIn(event.target)) return;
      // Not behind an open dialog.
      if (dialogOpen()) return;
      const root = searchRoot();
      const box = root && listSearchBox(root);
      if (!box) return;
      event.preventDefault();
      box.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [searchRoot, openPalette]);
}
