import { startTransition, useEffect, useState } from 'react';

import { watchTyping, whenPausedAndIdle } from '@/lib/typing-pause';

import type { WizardStep } from '../utils/error-paths';

/** Steps rendered ahead, hidden, while the browser is idle after the wizard opens (useRenderedSteps). */
const PRERENDERED_STEPS: readonly WizardStep[] = [2, 3, 4];

/**
 * The steps rendered so far (opened, or rendered ahead), and how to add the one being opened. They stay rendered,
 * hidden, while another step is open (StepPanel). Steps 2–4 are rendered ahead, hidden, one per idle moment after
 * the wizard opens (in a transition, which input interrupts) after a pause in typing (lib/typing-pause.ts),
 * so opening one for the first time shows what is rendered instead of building its cards then (issue 12: 190–390
 * ms for a 100-service order). Where the browser has no idle callback (Safari, jsdom) a step is rendered when it
 * is first opened. The pause in typing matters: a step's render ahead takes about a second on a phone-class CPU (a
 * 12-service step 3 at 4× slowdown); started between two keys, it was thrown away after each of the next keys, and
 * once its transition expired (5 s) React finished it in one task that held the next key for up to a second
 * (docs/performance.md "Phone").
 */
export function useRenderedSteps(): [ReadonlySet<WizardStep>, (step: WizardStep) => void] {
  const [visited, setVisited] = useState<ReadonlySet<WizardStep>>(() => new Set([1]));
  const add = (step: WizardStep) =>
    setVisited((now) => (now.has(step) ? now : new Set([...now, step])));
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const ahead = PRERENDERED_STEPS.find((candidate) => !visited.has(candidate));
    if (ahead === undefined) return;
    const typing = watchTyping();
    const cancel = whenPausedAndIdle(
      typing,
      (run) => {
        const handle = window.requestIdleCallback(run, { timeout: 3000 });
        return () => window.cancelIdleCallback(handle);
      },
      () =>
        startTransition(() =>
          setVisited((now) => (now.has(ahead) ? now : new Set([...now, ahead]))),
        ),
    );
    return () => {
      typing.stop();
      cancel();
    };
  }, [visited]);
  return [visited, add];
}
