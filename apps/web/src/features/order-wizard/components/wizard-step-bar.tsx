import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Button, Flex, Steps } from 'antd';
import type { CSSProperties } from 'react';

import type { WizardStep } from '../utils/error-paths';

/** The five steps of spec §2 "Wizard", in order. */
export const WIZARD_STEPS: readonly { step: WizardStep; title: string }[] = [
  { step: 1, title: 'Дані закладу' },
  { step: 2, title: 'Витрати часу' },
  { step: 3, title: 'Витрати матеріалів' },
  { step: 4, title: 'Прейскурант матеріалів' },
  { step: 5, title: 'Рентабельність' },
];

export const LAST_STEP: WizardStep = 5;

/** The label of a step's panel: «Крок N: title» (the tests and screen readers find a step by it). */
export const stepPanelLabel = (step: WizardStep) =>
  `Крок ${step}: ${WIZARD_STEPS[step - 1]?.title ?? ''}`;

/** Hides a text from sight but not from screen readers. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const NARROW_STEP_TITLE: CSSProperties = {
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * The wizard's step bar: the five steps, the open one current, a step with errors marked. Narrower than `lg`
 * (`isNarrow`) the other steps are only their numbered circles and the open step's title takes the room left.
 */
export function WizardStepBar({
  step,
  errorSteps,
  isNarrow,
  onOpen,
}: {
  step: WizardStep;
  errorSteps: ReadonlySet<number>;
  isNarrow: boolean;
  onOpen: (step: WizardStep) => void;
}) {
  return (
    <Steps
      current={step - 1}
      onChange={(index) => onOpen((index + 1) as WizardStep)}
      orientation="horizontal"
      // antd would turn the steps vertical below 532 px: five rows that push the step's panel off a phone.
      responsive={false}
      size="small"
      // The open step's title on one line, cut short with '…' if it must be; no rails between the steps.
      styles={
        isNarrow ? { itemTitle: NARROW_STEP_TITLE, itemRail: { display: 'none' } } : undefined
      }
      items={WIZARD_STEPS.map(({ step: number, title }) => ({
        key: number,
        // Hidden, not dropped: the step's button keeps its name for screen readers.
        title: isNarrow && number !== step ? <span style={VISUALLY_HIDDEN}>{title}</span> : title,
        status: errorSteps.has(number) ? 'error' : number === step ? 'process' : 'wait',
        // Narrow, the other steps are just their numbered circles, close together, and the open step
        // (the one with a title) takes the room left.
        style: isNarrow
          ? {
              ...(number === step
                ? { flex: '1 1 0', minWidth: 0 }
                : { flex: '0 0 28px', overflow: 'hidden' }),
              marginInlineStart: number === 1 ? 0 : 6,
            }
          : undefined,
      }))}
    />
  );
}

/** Below the open step: after a long step the step bar is a screen away, so the previous and next are here too (issue 23). */
export function WizardStepPager({
  step,
  onOpen,
}: {
  step: WizardStep;
  onOpen: (step: WizardStep) => void;
}) {
  return (
    <Flex justify="space-between" gap={8} wrap role="group" aria-label="Перехід між кроками">
      <Button
        icon={<ArrowLeftOutlined aria-hidden />}
        disabled={step === 1}
        onClick={() => onOpen((step - 1) as WizardStep)}
      >
        Назад
      </Button>
      {step < LAST_STEP ? (
        <Button
          type="primary"
          ghost
          icon={<ArrowRightOutlined aria-hidden />}
          iconPlacement="end"
          onClick={() => onOpen((step + 1) as WizardStep)}
        >
          Далі
        </Button>
      ) : null}
    </Flex>
  );
}
