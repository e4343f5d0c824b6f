import { useEffect, useEffectEvent } from 'react';

import { registerEditor } from '@/lib/unsaved-changes';

/**
 * Registers an editor's unsaved input with the page's leave guard (issue 33, `lib/unsaved-changes.ts`) while the
 * component is mounted. `isDirty`: it holds input the server does not have yet (a function when that can change
 * without a render, e.g. a page leaving once it has stored everything). `flush`, for an editor that saves by
 * itself: sends that input now as a keep-alive request and answers whether nothing is at risk any more; without it
 * (a form with a Save button) a dirty editor makes the guard ask before the page goes away. `message` says what would
 * be lost. `isKeptInTab`: the input stays in the tab's sessionStorage, so only closing or reloading the tab asks. The
 * guard reads the values of the last render.
 */
export function useUnsavedChanges({
  isDirty,
  flush,
  message,
  isKeptInTab = false,
}: {
  isDirty: boolean | (() => boolean);
  flush?: () => boolean;
  message: string;
  isKeptInTab?: boolean;
}) {
  const isDirtyNow = useEffectEvent(() => (typeof isDirty === 'function' ? isDirty() : isDirty));
  const flushNow = useEffectEvent(() => flush?.() ?? false);
  const messageNow = useEffectEvent(() => message);
  useEffect(
    () =>
      registerEditor({
        isDirty: () => isDirtyNow(),
        flush: () => flushNow(),
        get message() {
          return messageNow();
        },
        isKeptInTab,
      }),
    [isKeptInTab],
  );
}
