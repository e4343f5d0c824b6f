import { vi } from 'vitest';

/**
 * A window `width` px wide for antd's breakpoints (`Grid.useBreakpoint`, columns' `responsive`): the test set-up's
 * `matchMedia` matches nothing, which antd reads as a phone. Undone by `vi.unstubAllGlobals()`.
 */
export function emulateWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
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
