import { startTransition, useEffect, useState, type ReactNode } from 'react';

import type { WizardStep } from '../utils/error-paths';

import { stepPanelLabel } from './wizard-step-bar';

/**
 * A step of 1–4 once it has been opened: kept in the tree, hidden while another step is open, so going back to it
 * does not mount its fields again (antd's inputs cost about 10–50 ms a service card, and step 1 has some 60 fields:
 * docs/performance.md "Wizard"); steps 2–4 are rendered ahead while the browser is idle (useRenderedSteps). A
 * hidden step keeps the browser's styles and layout too (`.wizard-step-panel[hidden]` in index.css: `content-visibility: hidden`) and its effects stay mounted; React's
 * `<Activity mode="hidden">` was measured in their place (issue 19) and costs a 100-service step switch 130–190 ms
 * instead of < 50 ms: it hides with `display: none`, so a reveal styles and lays out the whole step again, and
 * re-runs every effect of its antd inputs. A hidden step gets the props it was last shown with (useWhileShown), so
 * React skips it while another step is edited. A step neither opened nor rendered ahead yet is not rendered.
 */
export function StepPanel({
  step,
  openStep,
  visited,
  children,
}: {
  step: WizardStep;
  openStep: WizardStep;
  visited: ReadonlySet<WizardStep>;
  children: ReactNode;
}) {
  if (!visited.has(step)) return null;
  const isOpen = step === openStep;
  return (
    <section
      className="wizard-step-panel"
      hidden={!isOpen}
      // Shown as a block (index.css), a hidden step would stay an empty landmark for screen readers.
      aria-hidden={isOpen ? undefined : true}
      aria-label={stepPanelLabel(step)}
    >
      {children}
    </section>
  );
}

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
