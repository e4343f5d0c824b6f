import { useRef } from 'react';
import { useSearchParams } from 'react-router';

import { useStickyTop } from '@/hooks/use-sticky-top';

import type { WizardStep } from '../utils/error-paths';

import { LAST_STEP } from '../components/wizard-step-bar';

import { useRenderedSteps } from './use-rendered-steps';

/** The step `?step=` names, 1 when it names none of the five. */
export function stepFromSearch(value: string | null): WizardStep {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= LAST_STEP ? (step as WizardStep) : 1;
}

/**
 * The wizard's open step and how to open another. The open step is in the address (`?step=2`, issue 23), so the
 * browser's Back and Forward move between steps (the leave guard asks only when the page itself changes); the
 * steps rendered so far stay rendered, hidden (useRenderedSteps). A step opened from far down the page starts at
 * its top, under the sticky header and step bar: `navRef` goes on the bar, `panelRef` on the steps' box.
 */
export function useWizardStep() {
  const stickyTop = useStickyTop();
  const [searchParams, setSearchParams] = useSearchParams();
  const step = stepFromSearch(searchParams.get('step'));
  const [visited, markVisited] = useRenderedSteps();
  if (!visited.has(step)) markVisited(step);
  const navRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const openStep = (next: WizardStep) => {
    if (next !== step) {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('step', String(next));
          return params;
        },
        { preventScrollReset: true },
      );
    }
    markVisited(next);
    const panel = panelRef.current;
    if (panel === null) return;
    const panelTop =
      panel.getBoundingClientRect().top +
      window.scrollY -
      stickyTop -
      (navRef.current?.offsetHeight ?? 0) -
      16;
    if (window.scrollY > Math.max(0, panelTop)) window.scrollTo({ top: panelTop });
  };

  return { step, visited, openStep, stickyTop, navRef, panelRef };
}
