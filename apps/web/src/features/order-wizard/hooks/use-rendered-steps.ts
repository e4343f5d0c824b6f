import { startTransition, useEffect, useState } from 'react';

import type { WizardStep } from '../utils/error-paths';

/** Steps rendered ahead, hidden, while the browser is idle after the wizard opens (useRenderedSteps). */
const PRERENDERED_STEPS: readonly WizardStep[] = [2, 3, 4];

/**
 * The steps rendered so far (opened, or rendered ahead), and how to add the one being opened. They stay rendered,
 * hidden, while another step is open (StepPanel). Steps 2–4 are rendered ahead, hidden, one per idle moment after
 * the wizard opens (in a transition, which input interrupts), so opening one for the first time shows what is
 * rendered instead of building its cards then (issue 12: 190–390 ms for a 100-service order). Where the browser
 * has no idle callback (Safari, jsdom) a step is rendered when it is first opened.
 */
export function useRenderedSteps(): [ReadonlySet<WizardStep>, (step: WizardStep) => void] {
  const [visited, setVisited] = useState<ReadonlySet<WizardStep>>(() => new Set([1]));
  const add = (step: WizardStep) =>
    setVisited((now) => (now.has(step) ? now : new Set([...now, step])));
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const ahead = PRERENDERED_STEPS.find((candidate) => !visited.has(candidate));
    if (ahead === undefined) return;
    const handle = window.requestIdleCallback(
      () =>
        startTransition(() =>
          setVisited((now) => (now.has(ahead) ? now : new Set([...now, ahead]))),
        ),
      { timeout: 3000 },
    );
    return () => window.cancelIdleCallback(handle);
  }, [visited]);
  return [visited, add];
}
