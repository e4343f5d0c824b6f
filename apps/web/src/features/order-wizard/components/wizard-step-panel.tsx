import type { ReactNode } from 'react';

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
