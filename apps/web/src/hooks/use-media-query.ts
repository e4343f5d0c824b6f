import { useSyncExternalStore } from 'react';

/**
 * A hook answering whether the CSS media `query` matches now, and following it as it changes (a tablet's keyboard
 * attached, the system's «reduce motion» switched on). Made once per query at module level, so the store's
 * functions keep their identity between renders. Outside a browser (server rendering) it answers false.
 */
export function mediaQueryHook(query: string): () => boolean {
  const subscribe = (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
  const matches = () => window.matchMedia(query).matches;
  return function useMediaQuery() {
    return useSyncExternalStore(subscribe, matches, () => false);
  };
}
