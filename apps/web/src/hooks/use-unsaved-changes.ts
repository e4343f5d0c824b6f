import { useEffect, useEffectEvent } from 'react';

import { registerEditor } from '@/lib/unsaved-changes';

/**
 * Registers an editor's unsaved input with the page's leave guard (issue 33, `lib/unsaved-changes.ts`) while the
 * component is mounted. `isDirty`: it holds input the server does not have yet (a function when that can change
 * without a render, e.g. a page leaving once it has stored everything). `flush`, for an editor that saves by
 * itself: sends that input now as a keep-alive request and answers whether nothing is at risk any more; without it
 * (a form with a Save button) a dirty editor makes the guard ask before the page goes away. `message` says what would
 * be lost. The guard reads the values of the last render.
 */
export function useUnsavedChanges({
  isDirty,
  flush,
  message,
}: {
  isDirty: boolean | (() => boolean);
  flush?: () => boolean;
  message: string;
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
      }),
    [],
  );
}
