import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';

// jsdom lacks what Mantine measures with (media queries, element sizes, scrolling into view).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
window.scrollBy = () => {};

// The app's portals render into #overlays (web/index.html), which a test page must have too.
beforeEach(() => {
  if (!document.getElementById('overlays')) {
    const overlays = document.createElement('div');
    overlays.id = 'overlays';
    document.body.appendChild(overlays);
  }
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The address is the view's state (web/lib/address.ts): every test starts at the root.
  window.history.replaceState(null, '', '/');
});
