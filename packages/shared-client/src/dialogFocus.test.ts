import { installDialogFocusWrap } from './dialogFocus';

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
