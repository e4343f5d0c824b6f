import { useRef, useState } from 'react';

/**
 * The one rule for a confirmed or money- and data-changing action (issue 23): busy from the first click until
 * the answer. A second click before React re-renders the button as loading (a double click does exactly that)
 * is dropped here, by a ref set in the same event, so it never sends a second request. The action's failure is
 * its own to report (the API client's toast, a caller's `onError`); the guard only lets the next click through.
 */
export function useBusyUntilAnswered<Args extends unknown[]>(
  action: (...args: Args) => unknown,
): { run: (...args: Args) => Promise<void>; isBusy: boolean } {
  const busyRef = useRef(false);
  const [isBusy, setBusy] = useState(false);
  const run = async (...args: Args) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await action(...args);
    } catch {
      // Reported by whoever made the request; the button is free again below.
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  return { run, isBusy };
}
