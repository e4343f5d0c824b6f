import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useRenderedSteps } from './use-rendered-steps';

/** An idle browser: the idle callback runs on the next turn of the (fake) clock. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => window.setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => window.clearTimeout(handle));
});

afterEach(() => {
  // Unmounted while the fake idle callbacks are still there (Testing Library's own cleanup runs later).
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rendered = (result: { current: [ReadonlySet<number>, unknown] }) => [...result.current[0]];
const pressKey = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: '5' }));

describe('useRenderedSteps', () => {
  it('renders steps 2–4 ahead, one per idle moment', async () => {
    const { result } = renderHook(() => useRenderedSteps());
    expect(rendered(result)).toEqual([1]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(rendered(result)).toEqual([1, 2, 3, 4]);
  });

  // Issue 39: a render ahead started between two keys was thrown away at each key and then held one key for a second.
  it('waits while the user types, and renders ahead after a pause of 1.5 s', async () => {
    const { result } = renderHook(() => useRenderedSteps());
    for (let key = 0; key < 10; key += 1) {
      pressKey();
      await act(() => vi.advanceTimersByTimeAsync(400));
    }
    expect(rendered(result)).toEqual([1]);
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(rendered(result)).toEqual([1, 2]);
  });

  it('adds a step when it is opened, typing or not', () => {
    const { result } = renderHook(() => useRenderedSteps());
    pressKey();
    act(() => result.current[1](3));
    expect(rendered(result)).toEqual([1, 3]);
  });
});
