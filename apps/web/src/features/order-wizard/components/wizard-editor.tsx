import { CalculatorOutlined, SaveOutlined } from '@ant-design/icons';
import { ORDER_STATUS_LABELS, type OrderDetail } from '@medcalc/domain';
import { Alert, Button, ConfigProvider, Flex, theme, Typography } from 'antd';
import { lazy, Suspense, type ReactNode, type Ref } from 'react';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useBreakpoints } from '@/hooks/use-breakpoints';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { formatDateTime } from '@/utils/format';

import { useWhileShown } from '../hooks/use-while-shown';
import { useWizardEditor, type WizardEditor } from '../hooks/use-wizard-editor';
import { useWizardStep } from '../hooks/use-wizard-step';
import type { WizardStep } from '../utils/error-paths';

import { StepInstitution } from './step-institution';
import { StepMaterials } from './step-materials';
import { StepTimeCosts } from './step-time-costs';
import { ServerErrors } from './server-errors';
import { SaveStateText } from './save-state-text';
import { VersionConflictModal } from './version-conflict-modal';
import { StepPanel } from './wizard-step-panel';
import { stepPanelLabel, WizardStepBar, WizardStepPager } from './wizard-step-bar';

// Step 4's price list brings antd's Table (and its pagination's Select): the step is rendered ahead once the browser is
// idle, so its code comes after the wizard's first screen instead of in it (issue 39).
const StepPriceList = lazy(() =>
  import('./step-price-list').then((module) => ({ default: module.StepPriceList })),
);

// Step 5 brings the chart library: it loads only when the step is opened (issue 9).
const StepResults = lazy(() =>
  import('./step-results').then((module) => ({ default: module.StepResults })),
);

/** Spec §2 "Calculate modal". */
export const CALCULATE_MODAL = {
  title: 'Розрахувати?',
  body: 'Після підтвердження ви одразу отримаєте результати, які зможете скоригувати та надіслати на підпис.',
  cancel: 'Ні, я ще відкоригую',
  confirm: 'Так, підтверджую',
} as const;

/** The order's number, name and stage above the wizard, with what its last save did and the notes of its opening. */
function WizardHeading({ editor }: { editor: WizardEditor }) {
  const { draft, readOnly, isDirty, restoredFrom, banner } = editor;
  // The state alone, not `saving`: that object is new with each change of the draft, and the line would then render
  // again on every keystroke (docs/performance.md "Phone").
  const saveState = editor.saving.state;
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Замовлення {draft.number} «{draft.name}» · {ORDER_STATUS_LABELS[draft.status]}
        {readOnly ? null : <SaveStateText state={saveState} isDirty={isDirty} />}
      </Typography.Paragraph>

      {restoredFrom === undefined ? null : (
        <Alert
          type="info"
          showIcon
          closable
          title={`Відновлено незбережені зміни, зроблені в цьому браузері ${formatDateTime(restoredFrom)}. Перевірте їх і збережіть.`}
        />
      )}

      {banner === null ? null : (
        <Alert type={banner.type} showIcon role="status" title={banner.text} />
      )}
    </>
  );
}

/** «Зберегти» and «Розрахувати» beside the step bar. */
function WizardActions({ editor }: { editor: WizardEditor }) {
  const { saving, isCalculating, openCalculate } = editor;
  return (
    <Flex gap={8} wrap align="center" justify="end">
      <Button
        icon={<SaveOutlined aria-hidden />}
        loading={saving.isSaving}
        disabled={isCalculating}
        onClick={saving.saveNow}
      >
        Зберегти
      </Button>
      {/* Not disabled while a save is on its way: a disabled button drops a keyboard user's focus to the page, and
          Calculate waits for that save anyway (`settledDraft`). */}
      <Button type="primary" icon={<CalculatorOutlined aria-hidden />} onClick={openCalculate}>
        Розрахувати
      </Button>
    </Flex>
  );
}

/**
 * Sticks under the app's header, so Save, Calculate and the other steps stay one click away on a long step
 * (step 1 is about 3 300 px). Narrower than `lg` it is kept to two short rows: the steps by number with only the
 * open step's title, then the buttons.
 */
function WizardNavigation({
  editor,
  step,
  openStep,
  stickyTop,
  navRef,
}: {
  editor: WizardEditor;
  step: WizardStep;
  openStep: (step: WizardStep) => void;
  stickyTop: number;
  navRef: Ref<HTMLDivElement>;
}) {
  const screens = useBreakpoints();
  const { token } = theme.useToken();
  const isNarrow = !screens.lg;
  return (
    <Flex
      wrap
      gap={isNarrow ? 8 : 16}
      align="center"
      justify="space-between"
      ref={navRef}
      role="navigation"
      aria-label="Кроки розрахунку"
      style={{
        position: 'sticky',
        top: stickyTop,
        zIndex: 9,
        margin: '0 -8px',
        padding: 8,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {/* The five titles need about 880 px on one line; narrower, the buttons go below rather than squeeze them. */}
      <div style={{ flex: isNarrow ? '1 1 100%' : '1 1 880px', minWidth: 0 }}>
        <WizardStepBar
          step={step}
          errorSteps={editor.errorSteps}
          isNarrow={isNarrow}
          onOpen={openStep}
        />
      </div>
      {editor.readOnly ? null : <WizardActions editor={editor} />}
    </Flex>
  );
}

/** The five steps: 1–4 kept in the page once opened (StepPanel), 5 loaded when it is opened. */
function WizardSteps({
  editor,
  step,
  visited,
}: {
  editor: WizardEditor;
  step: WizardStep;
  visited: ReadonlySet<WizardStep>;
}) {
  const companyIdentifier = useCompanyIdentifier();
  const { draft, dispatch, readOnly, fieldErrors } = editor;
  const stepProps = { draft, dispatch, readOnly, companyIdentifier, fieldErrors };
  const institutionProps = useWhileShown(
    { draft, dispatch, companyIdentifier, fieldErrors },
    step === 1,
  );
  const timeCostsProps = useWhileShown(stepProps, step === 2);
  const materialsProps = useWhileShown(stepProps, step === 3);
  const priceListProps = useWhileShown(stepProps, step === 4);
  const panel = (panelStep: WizardStep, content: ReactNode) => (
    <StepPanel step={panelStep} openStep={step} visited={visited}>
      {content}
    </StepPanel>
  );
  return (
    <>
      {/* Read-only orders (sent, confirmed): every input of steps 1–4 is disabled. */}
      <ConfigProvider componentDisabled={readOnly}>
        {panel(1, <StepInstitution {...institutionProps} />)}
        {panel(2, <StepTimeCosts {...timeCostsProps} />)}
        {panel(3, <StepMaterials {...materialsProps} />)}
        {panel(
          4,
          <Suspense fallback={<LoadingBlock label="Прейскурант: завантаження…" rows={8} />}>
            <StepPriceList {...priceListProps} />
          </Suspense>,
        )}
      </ConfigProvider>
      {step === 5 ? (
        <section aria-label={stepPanelLabel(5)}>
          <Suspense fallback={<LoadingBlock label="Рентабельність: завантаження…" rows={8} />}>
            <StepResults draft={draft} dispatch={dispatch} readOnly={readOnly} />
          </Suspense>
        </section>
      ) : null}
    </>
  );
}

/** The wizard of a loaded order: the draft, the step bar with Save and Calculate, and the five steps. */
export function WizardEditor({
  detail,
  autosaveDelayMs,
}: {
  detail: OrderDetail;
  /** How long after the last change the draft is saved by itself. */
  autosaveDelayMs: number;
}) {
  const editor = useWizardEditor(detail, { autosaveDelayMs });
  const { step, visited, openStep, stickyTop, navRef, panelRef } = useWizardStep();
  const { draft, fieldErrors } = editor;

  return (
    <Flex vertical gap={16}>
      <WizardHeading editor={editor} />
      <WizardNavigation
        editor={editor}
        step={step}
        openStep={openStep}
        stickyTop={stickyTop}
        navRef={navRef}
      />

      <ServerErrors fieldErrors={fieldErrors} draft={draft} step={step} onOpen={openStep} />

      <div ref={panelRef}>
        <WizardSteps editor={editor} step={step} visited={visited} />
      </div>

      <WizardStepPager step={step} onOpen={openStep} />

      <ConfirmModal
        open={editor.isCalculateOpen}
        title={CALCULATE_MODAL.title}
        okText={CALCULATE_MODAL.confirm}
        cancelText={CALCULATE_MODAL.cancel}
        onCancel={editor.closeCalculate}
        onConfirm={editor.calculate}
        destroyOnHidden
      >
        {CALCULATE_MODAL.body}
      </ConfirmModal>

      {editor.hasConflict ? (
        <VersionConflictModal
          draft={draft}
          base={editor.saved}
          isSaving={editor.saving.isSaving || editor.isCalculating}
          isCalculating={editor.isCalculateConflict}
          onKeepMine={editor.keepMine}
          onTakeNewer={editor.takeNewer}
        />
      ) : null}
    </Flex>
  );
}
