import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after it last changed. Search boxes apply their text through it after a pause
 * in typing (spec §4 "Client state", §9: 1000 ms), so a word typed letter by letter costs one request.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  return debounced;
}
