import { renderHook } from '@testing-library/react';
import { installDialogFocusWrap, useFocusReturn } from './dialogFocus';

// jsdom lays nothing out: every element counts as rendered here (the real check runs in Chromium, e2e).
beforeAll(() => {
  jest.spyOn(Element.prototype, 'getClientRects').mockImplementation(() => [{}] as unknown as DOMRectList);
});

function setup() {
  document.body.textContent = '';
  const page = document.createElement('button');
  page.textContent = 'page';
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  const [close, input, ok] = ['button', 'input', 'button'].map((tag) => dialog.appendChild(document.createElement(tag)));
  document.body.append(page, dialog);
  const uninstall = installDialogFocusWrap(document);
  const tab = (shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { page, dialog, close, input, ok, tab, uninstall };
}

test('Tab on the last control wraps to the first, Shift+Tab on the first to the last', () => {
  const { close, ok, tab, uninstall } = setup();
  ok.focus();
  expect(tab()).toBe(true);
  expect(document.activeElement).toBe(close);
  expect(tab(true)).toBe(true);
  expect(document.activeElement).toBe(ok);
  uninstall();
});

test('inside the dialog Tab is left to the browser; focus outside it is brought in', () => {
  const { input, page, close, tab, uninstall } = setup();
  input.focus();
  expect(tab()).toBe(false);
  page.focus();
  expect(tab()).toBe(true);
  expect(document.activeElement).toBe(close);
  uninstall();
});

test('without an open modal dialog nothing changes', () => {
  const { dialog, ok, tab, uninstall } = setup();
  dialog.removeAttribute('aria-modal');
  ok.focus();
  expect(tab()).toBe(false);
  expect(document.activeElement).toBe(ok);
  uninstall();
});

describe('a popconfirm in a dialog', () => {
  /** The dialog's Delete button, open with its popconfirm (antd's classes), whose Cancel has the focus. */
  function openPopconfirm() {
    const parts = setup();
    const opener = parts.dialog.appendChild(document.createElement('button'));
    opener.className = 'ant-popover-open';
    const popconfirm = parts.dialog.appendChild(document.createElement('div'));
    popconfirm.className = 'ant-popover ant-popconfirm';
    const cancel = popconfirm.appendChild(document.createElement('button'));
    cancel.focus();
    return { ...parts, opener, cancel };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('closed from its own button, which takes the focus with it: the focus goes back to what opened it', () => {
    const { opener, cancel, uninstall } = openPopconfirm();
    opener.classList.remove('ant-popover-open');
    cancel.blur(); // what the browser does as the popconfirm hides its buttons
    expect(document.activeElement).toBe(document.body);
    jest.runAllTimers();
    expect(document.activeElement).toBe(opener);
    uninstall();
  });

  test('left for another control, or gone with what opened it: the focus stays where it went', () => {
    const { opener, cancel, input, uninstall } = openPopconfirm();
    input.focus();
    jest.runAllTimers();
    expect(document.activeElement).toBe(input);

    cancel.focus();
    opener.remove(); // its row deleted, its dialog closed
    cancel.blur();
    jest.runAllTimers();
    expect(document.activeElement).toBe(document.body);
    uninstall();
  });
});

describe('useFocusReturn', () => {
  test('gives the focus back to what had it when the dialog opened, after the dialog is gone', () => {
    jest.useFakeTimers();
    try {
      document.body.textContent = '';
      const opener = document.createElement('button');
      const inside = document.createElement('input');
      document.body.append(opener, inside);
      const { result, rerender } = renderHook(() => useFocusReturn());
      const first = result.current;
      rerender();
      expect(result.current).toBe(first); // one identity: callbacks built on it stay stable
      opener.focus();
      result.current.remember();
      inside.focus(); // the dialog takes the focus
      inside.remove(); // and unmounts
      result.current.restore();
      jest.runAllTimers();
      expect(document.activeElement).toBe(opener);
    } finally {
      jest.useRealTimers();
    }
  });

  test('skips an opener that is gone (a deleted row) and forgets it after one restore', () => {
    jest.useFakeTimers();
    try {
      document.body.textContent = '';
      const opener = document.createElement('button');
      document.body.append(opener);
      const { result } = renderHook(() => useFocusReturn());
      opener.focus();
      result.current.remember();
      opener.remove();
      result.current.restore();
      jest.runAllTimers();
      expect(document.activeElement).toBe(document.body);
      const other = document.createElement('button');
      document.body.append(other);
      result.current.restore(); // nothing remembered any more
      jest.runAllTimers();
      expect(document.activeElement).toBe(document.body);
    } finally {
      jest.useRealTimers();
    }
  });
});
