import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

import { keepAntdStylesOutOfTheDom } from './antd-styles';
import { memoizeInheritedComputedStyle } from './computed-style-memo';
import { indexLabelControlLookup } from './label-control-lookup';

// A `findBy…`/`waitFor` waits up to 10 s, not 1 s: a lazy page's first import in a cold worker, or a step that
// waits for a mocked call, can take seconds when the whole suite runs in parallel on two cores. A test that
// passes waits only as long as its page needs.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the browser APIs antd relies on for responsive props and measuring.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

// antd's style rules are computed but not put into jsdom, which would match them on every style read (see the function).
keepAntdStylesOutOfTheDom();
// Role queries and user-event read inherited styles of each ancestor: answer each once (see the function).
memoizeInheritedComputedStyle();
// `getByLabelText` reads every label's control: find it by id, not by walking the document (see the function).
indexLabelControlLookup();

// jsdom does not implement pseudo-elements and logs an error for every antd call that asks for one.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

Element.prototype.scrollIntoView ??= () => undefined;

// The web project shares modules and the jsdom window between the files of a worker (vitest.config.ts,
// `isolate: false`): what a test changes outside its own render is put back here after its own hooks have run.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.cookie.split('; ').forEach((cookie) => {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Files that save files replace `URL.createObjectURL` / `revokeObjectURL` (jsdom has none) for all their tests, as a
// URL is revoked after its test ends: they are put back as this file found them once the test file is done. This
// file runs again before each test file, after the previous one's put-back, so what it finds is jsdom's own.
const objectUrlFunctions = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};
afterAll(() => {
  for (const [key, descriptor] of Object.entries(objectUrlFunctions)) {
    if (descriptor) Object.defineProperty(URL, key, descriptor);
    else Reflect.deleteProperty(URL, key);
  }
});
