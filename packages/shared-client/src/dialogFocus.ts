// Keeps Tab and Shift+Tab inside the topmost open modal dialog. antd 6 (rc-component's focus lock)
// pulls the focus back only once it has landed on another element of the page: from a dialog's last
// control, Tab first leaves the page (to the browser's own controls), so a keyboard user loses a stop
// at every wrap. This wraps at the edges instead. One listener for the document: the shell and each
// standalone harness install it once; every remote's dialogs are in that document.

import { useMemo, useRef } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `root`, in order (visible, enabled, not negative tabindex). */
export function tabStops(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/** The open modal dialog on top, if any. */
function topDialog(doc: Document): Element | null {
  const open = [...doc.querySelectorAll('[role="dialog"][aria-modal="true"]')].filter((d) => d.getClientRects().length > 0);
  return open[open.length - 1] ?? null;
}

/** Installs the wrap on `doc`; returns the uninstaller. */
export function installDialogFocusWrap(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const dialog = topDialog(doc);
    if (!dialog) return;
    const stops = tabStops(dialog);
    if (stops.length === 0) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const active = doc.activeElement;
    const outside = !active || !dialog.contains(active);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}

/**
 * Gives the focus back to what opened a dialog that unmounts when it closes (antd cannot, as its
 * dialog is gone): `remember()` when opening, `restore()` when closed. Keyboard users land where
 * they were; an opener that is gone meanwhile (a deleted row) is skipped. One identity per mount,
 * so callbacks built on it stay stable.
 */
export function useFocusReturn(): { remember(): void; restore(): void } {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember() {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      restore() {
        const element = opener.current;
        opener.current = null;
        // After the dialog's own focus handling has run.
        if (element) setTimeout(() => element.isConnected && element.focus());
      },
    }),
    [],
  );
}
