import '@/i18n';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';

// findBy…/waitFor wait up to 5 s: on a loaded two-core CI machine a screen's first render and its
// mocked round trip can take longer than the library's 1 s default (what they wait for is unchanged).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= RO as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= function () {};

// Toasts live in a module-level store that outlives a test's render: without a clean, one test's
// toasts fill the five visible places and the next test's toast waits in the queue, unseen.
afterEach(() => {
  cleanup();
  notifications.clean();
});
