import { vi } from 'vitest';

/**
 * Vitest fake timers that Testing Library can live with. Testing Library only recognises Jest's fake
 * timers: with Vitest's it waits for a `setTimeout(0)` that never fires, and `waitFor`/`findBy*` poll on a
 * frozen clock. Its check is `typeof jest !== 'undefined'` plus a faked `setTimeout`, so a `jest` global
 * that advances Vitest's clock lets both move time forward themselves. Undo with `vi.useRealTimers()` and
 * `vi.unstubAllGlobals()`.
 */
export function useFakeTimersWithTestingLibrary(): void {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
