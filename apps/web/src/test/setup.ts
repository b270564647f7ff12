import { cleanup, configure } from '@testing-library/react';
import { StyleSheet } from '@emotion/sheet';
import { afterEach, vi } from 'vitest';

// Screens are lazy chunks; the first import of each can take several seconds in jsdom on a busy
// machine (the test timeout, 20 s, leaves room for it).
configure({ asyncUtilTimeout: 15_000 });

// A file may run in Node instead (`@vitest-environment node`: the page renderer), with no DOM.
const dom = typeof window !== 'undefined';

afterEach(() => {
  if (dom) {
    cleanup();
    localStorage.clear();
  }
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
if (dom && !('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
}

// Emotion's rules are never written into the document: jsdom matches every rule in the document
// against an element each time a query asks for its computed style (accessible names, roles),
// and the rules a test file's renders add up to make each query slower than the last.
StyleSheet.prototype.insert = () => undefined;
