// The jsdom setup of the remote kit's jest preset (preset.cjs), and so of every package of this
// repository (jest.base.cjs): jest-dom's matchers, and the few browser APIs jsdom lacks that antd and charts rely on.
/* global window, beforeEach */
require('@testing-library/jest-dom');
// A find or waitFor gives up after 1 s by default: the first antd render of a file, or one
// whole-page role query, can take longer on a busy CI machine, and a screen that did appear would be
// reported missing. 10 s stays under the test's own timeout, so a real miss still says what it missed.
// (The remote's own @testing-library/dom, the one its @testing-library/react renders with.)
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });
// (A test file may pick the node environment with a docblock: it has no window to patch.)
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (!global.ResizeObserver) {
    global.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // antd's CSS-in-JS calls getComputedStyle with a pseudo-element, which jsdom does not implement.
  const realGetComputedStyle = window.getComputedStyle;
  window.getComputedStyle = (elt) => realGetComputedStyle(elt);
}
// antd's Select schedules its open/close through a MessageChannel macrotask, which jsdom lacks.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimeoutMessageChannel {
    constructor() {
      const port = (target) => ({
        onmessage: null,
        postMessage: (data) => setTimeout(() => target().onmessage?.({ data }), 0),
        close: () => undefined,
      });
      this.port1 = port(() => this.port2);
      this.port2 = port(() => this.port1);
    }
  }
  globalThis.MessageChannel = TimeoutMessageChannel;
}
// React's duplicate-key warning means siblings can lose their identity (one person's dialog reused
// for another, or rendered twice): fail the test rather than print a warning nobody reads.
const consoleError = console.error;
console.error = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('Encountered two children with the same key')) {
    throw new Error(`React: ${args[0]} (${args.slice(1).join(', ')})`);
  }
  consoleError(...args);
};
// Lists keep their state in the URL: each test starts at the root, as a fresh page would.
if (typeof window !== 'undefined') {
  beforeEach(() => window.history.replaceState(null, '', '/'));
}
