import { startTransition, useEffect, useRef, useState } from 'react';

import type { WizardStep } from '../utils/error-paths';

/** Steps rendered ahead, hidden, while the browser is idle after the wizard opens (useRenderedSteps). */
const PRERENDERED_STEPS: readonly WizardStep[] = [2, 3, 4];

/**
 * How long after the last key the user is taken to have paused typing, ms: a step is rendered ahead only then.
 * A step's render ahead takes about a second on a phone-class CPU (a 12-service step 3 at 4× slowdown); started
 * between two keys, it was thrown away and started again after each of the next keys, and once its transition
 * expired (5 s) React finished it in one task that held the next key for up to a second (docs/performance.md
 * "Phone").
 */
const TYPING_PAUSE_MS = 1500;

/**
 * The steps rendered so far (opened, or rendered ahead), and how to add the one being opened. They stay rendered,
 * hidden, while another step is open (StepPanel). Steps 2–4 are rendered ahead, hidden, one per idle moment after
 * the wizard opens (in a transition, which input interrupts) when no key was pressed for {@link TYPING_PAUSE_MS},
 * so opening one for the first time shows what is rendered instead of building its cards then (issue 12: 190–390
 * ms for a 100-service order). Where the browser has no idle callback (Safari, jsdom) a step is rendered when it
 * is first opened.
 */
export function useRenderedSteps(): [ReadonlySet<WizardStep>, (step: WizardStep) => void] {
  const [visited, setVisited] = useState<ReadonlySet<WizardStep>>(() => new Set([1]));
  // When a key was last pressed in the page (performance.now()); written by the listener below, read in its callbacks.
  const lastKeyAt = useRef(Number.NEGATIVE_INFINITY);
  const add = (step: WizardStep) =>
    setVisited((now) => (now.has(step) ? now : new Set([...now, step])));
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const ahead = PRERENDERED_STEPS.find((candidate) => !visited.has(candidate));
    if (ahead === undefined) return;
    const noteKey = () => {
      lastKeyAt.current = performance.now();
    };
    let handle = 0;
    let timer: number | undefined;
    const renderAhead = () => {
      const quietFor = performance.now() - lastKeyAt.current;
      if (quietFor < TYPING_PAUSE_MS) {
        timer = window.setTimeout(schedule, TYPING_PAUSE_MS - quietFor);
        return;
      }
      startTransition(() => setVisited((now) => (now.has(ahead) ? now : new Set([...now, ahead]))));
    };
    const schedule = () => {
      handle = window.requestIdleCallback(renderAhead, { timeout: 3000 });
    };
    document.addEventListener('keydown', noteKey, { capture: true, passive: true });
    schedule();
    return () => {
      document.removeEventListener('keydown', noteKey, { capture: true });
      window.cancelIdleCallback(handle);
      window.clearTimeout(timer);
    };
  }, [visited]);
  return [visited, add];
}
