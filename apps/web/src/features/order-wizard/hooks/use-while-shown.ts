import { useState } from 'react';

/**
 * A hidden step's props: those it was last shown with, so its element stays the same object and React skips it
 * while another step is edited (a keystroke in step 2 would otherwise re-render steps 1, 3 and 4 in the
 * background, each with its cards). It renders with the current ones again when it is opened. The state changes
 * only when the step is shown or hidden ("adjusting state while rendering"), not on every edit.
 */
export function useWhileShown<T>(value: T, shown: boolean): T {
  const [kept, setKept] = useState({ value, shown });
  if (kept.shown !== shown) setKept({ value, shown });
  return shown ? value : kept.value;
}
