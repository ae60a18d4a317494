// jsdom lacks a few browser APIs that antd and charts rely on.
require('@testing-library/jest-dom');
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
