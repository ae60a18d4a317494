// Keeps Tab and Shift+Tab inside the topmost open modal dialog. antd 6 (rc-component's focus lock)
// pulls the focus back only once it has landed on another element of the page: from a dialog's last
// control, Tab first leaves the page (to the browser's own controls), so a keyboard user loses a stop
// at every wrap. This wraps at the edges instead. And a popconfirm (a delete's "Delete this
// project?") closed from its own buttons hides the button that had the focus: the browser drops the
// focus on the page, out of the dialog around it, where Escape no longer closes that dialog. The
// focus goes back to the control that opened the popconfirm instead. Listeners on the document: the
// shell and each standalone harness install them once; every remote's dialogs are in that document.

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

const POPCONFIRM = '.ant-popconfirm';
/** The control a popover (and so a popconfirm) is open from: antd marks it while it is open. */
const POPOVER_OPENER = '.ant-popover-open';

/** Installs the wrap and the popconfirm's focus return on `doc`; returns the uninstaller. */
export function installDialogFocusWrap(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const inPopconfirm = event.target instanceof Element && event.target.closest(POPCONFIRM);
    opener = inPopconfirm ? (doc.querySelector<HTMLElement>(POPOVER_OPENER) ?? opener) : null;
  };
  const onFocusOut = (event: FocusEvent) => {
    const from = event.target instanceof Element && event.target.closest(POPCONFIRM);
    const element = opener;
    if (event.relatedTarget || !from || !element) return;
    // Once the popconfirm has closed; not where the focus went somewhere on purpose meanwhile, nor
    // to a control that went with it (a deleted row, a closed dialog).
    setTimeout(() => {
      const lost = !doc.activeElement || doc.activeElement === doc.body;
      if (lost && element.isConnected && element.getClientRects().length > 0) element.focus();
    });
  };
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
  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);
  return () => {
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('focusin', onFocusIn, true);
    doc.removeEventListener('focusout', onFocusOut, true);
  };
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
