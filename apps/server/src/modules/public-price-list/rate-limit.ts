/**
 * A fixed one-minute window per address (issue 36's public reads): `take(address)` answers how many seconds the
 * address must wait, or 0 when it may go on. Kept in the process, apart from the sign-in limits (which are rows).
 */
export function createRateLimit(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  const WINDOW_MS = 60_000;
  /** Addresses remembered before the expired ones are dropped. */
  const SWEEP_AT = 10_000;
  return {
    take(address: string): number {
      const at = now();
      if (windows.size >= SWEEP_AT) {
        for (const [key, window] of windows)
          if (at - window.start >= WINDOW_MS) windows.delete(key);
      }
      let window = windows.get(address);
      if (!window || at - window.start >= WINDOW_MS) {
        window = { start: at, count: 0 };
        windows.set(address, window);
      }
      window.count += 1;
      return window.count > perMinute ? Math.ceil((window.start + WINDOW_MS - at) / 1000) : 0;
    },
  };
}
