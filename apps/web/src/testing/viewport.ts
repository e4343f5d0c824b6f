import { vi } from 'vitest';

/**
 * A window `width` px wide for antd's breakpoints (`Grid.useBreakpoint`, columns' `responsive`): the test set-up's
 * `matchMedia` matches nothing, which antd reads as a phone. Undone by `vi.unstubAllGlobals()`.
 */
export function emulateWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    // A mouse and a keyboard: the hover and pointer queries of a touch screen do not match.
    const touch = /hover:\s*none|pointer:\s*coarse/.test(query);
    return {
      matches: !touch && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

/**
 * A phone's touch screen (no hover, a coarse pointer) `width` px wide: `matchMedia` also matches the hover and
 * pointer queries of `hooks/use-touch-screen.ts`. Undone by `vi.unstubAllGlobals()`.
 */
export function emulateTouchScreen(width = 390) {
  emulateWidth(width);
  const byWidth = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = byWidth(query);
    const touch = /hover:\s*none|pointer:\s*coarse/.test(query);
    return touch ? { ...list, matches: true } : list;
  });
}
