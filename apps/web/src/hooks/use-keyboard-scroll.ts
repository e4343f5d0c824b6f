import { useCallback } from 'react';

/** antd's scroll containers of a table: the one of `scroll.x` (and of a fixed header's body). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/** Whether `element` can be scrolled (sideways or down): 1 px of rounding aside. */
const scrolls = (element: HTMLElement) =>
  element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;

/**
 * Issue 21 (WCAG 2.1 2.1.1, axe `scrollable-region-focusable`): a table wider than the screen scrolls sideways
 * inside antd's container, which a keyboard user cannot reach when no cell holds a control. While it scrolls, the
 * container becomes a tab stop (the arrow keys then scroll it) named `label` as a group; a table that fits is left
 * out of the tab order. antd gives no prop for that container, so this marks it after each render and resize.
 *
 * Put the returned callback ref on an element around the table (the shared tables' region does it for every
 * list); it watches that element while it is in the page, also when it appears only after a loading state.
 */
export function useKeyboardScroll(label: string) {
  // A callback ref of a new identity is detached and attached again (its observers too): by hand, not left to the
  // React Compiler, whose memoisation is an optimisation it may skip, while this identity is behaviour.
  return useCallback(
    (root: HTMLElement | null) => {
      if (!root) return;
      const mark = () => {
        for (const element of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
          if (scrolls(element)) {
            element.tabIndex = 0;
            element.setAttribute('role', 'group');
            element.setAttribute('aria-label', label);
          } else if (element.hasAttribute('tabindex')) {
            element.removeAttribute('tabindex');
            element.removeAttribute('role');
            element.removeAttribute('aria-label');
          }
        }
      };
      mark();
      // Rows arrive, columns show or hide at a breakpoint, the window narrows: each may start or end the scrolling.
      const mutations = new MutationObserver(mark);
      mutations.observe(root, { childList: true, subtree: true });
      const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
      resizes?.observe(root);
      return () => {
        mutations.disconnect();
        resizes?.disconnect();
      };
    },
    [label],
  );
}
