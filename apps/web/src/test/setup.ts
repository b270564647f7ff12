import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens are lazy chunks; the first import of each can take a few seconds in jsdom.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// jsdom has no layout: the APIs the app uses for scrolling and observing are stubbed inert.
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
}
