import { CalculatorOutlined, SaveOutlined } from '@ant-design/icons';
import { isEditable, ORDER_STATUS_LABELS, type OrderDetail } from '@medcalc/domain';
import { Alert, Button, ConfigProvider, Flex, Grid, theme, Typography } from 'antd';
import { lazy, Suspense, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { LoadingBlock } from '@/components/ui/loading-block';
import { paths } from '@/config/paths';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { useMemberCan } from '@/hooks/use-member-can';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { ApiRequestError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';

import { useCalculateCalculations } from '../api/save-calculations';
import { restoreKeptDraft } from '../stores/draft-backup';
import {
  orderDraftFromDetail,
  type OrderDraft,
  type OrderDraftAction,
} from '../stores/order-draft';
import { createWizardEditorState, wizardEditorReducer } from '../stores/wizard-editor';
import {
  firstMessages,
  stepsWithDraftIssues,
  stepsWithErrors,
  type WizardStep,
} from '../utils/error-paths';
import { wizardBanner } from '../utils/wizard-heading';

import { StepInstitution } from './step-institution';
import { StepMaterials } from './step-materials';
import { StepPriceList } from './step-price-list';
import { StepTimeCosts } from './step-time-costs';
import { ServerErrors } from './server-errors';
import { SaveStateText } from './save-state-text';
import { isVersionConflict, useDraftSaving } from './use-draft-saving';
import { VersionConflictModal } from './version-conflict-modal';
import { useWizardStep } from './use-wizard-step';
import { StepPanel, useWhileShown } from './wizard-step-panel';
import { stepPanelLabel, WizardStepBar, WizardStepPager } from './wizard-step-bar';

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

/** The parts of the draft Save stores: an edit replaces one of them (the reducer keeps the others). */
const savedParts = (draft: OrderDraft) => ({
  name: draft.name,
  companyInfo: draft.companyInfo,
  calculations: draft.calculations,
  priceRounding: draft.priceRounding,
});

/** The wizard of a loaded order: the draft, the step bar with Save and Calculate, and the five steps. */
export function WizardEditor({ detail }: { detail: OrderDetail }) {
  const companyIdentifier = useCompanyIdentifier();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  // Unsaved changes this browser kept for this version of the order come back (issue 21), with a note.
  const [opening] = useState(() => restoreKeptDraft(orderDraftFromDetail(detail)));
  const [{ draft, fieldErrors }, dispatchEditor] = useReducer(
    wizardEditorReducer,
    opening.draft,
    createWizardEditorState,
  );
  const dispatch: Dispatch<OrderDraftAction> = dispatchEditor;
  const { step, visited, openStep, stickyTop, navRef, panelRef } = useWizardStep();
  const [saved, setSaved] = useState(() => savedParts(orderDraftFromDetail(detail)));
  const [isCalculateOpen, setCalculateOpen] = useState(false);
  const calculate = useCalculateCalculations();
  // Set once Calculate succeeded: the draft is stored, so going to /orders asks nothing.
  const isLeavingRef = useRef(false);

  // Issue 22: a «Перегляд» member reads every order as one on approval is read (the page says why).
  const canEdit = useMemberCan('edit');
  const readOnly = !isEditable(draft.status) || !canEdit;
  const isDirty =
    !readOnly &&
    (draft.name !== saved.name ||
      draft.companyInfo !== saved.companyInfo ||
      draft.calculations !== saved.calculations ||
      draft.priceRounding !== saved.priceRounding);

  /** A 422 names fields by path: they are marked in their steps; other failures are only the toast. */
  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 422) {
      dispatchEditor({ type: 'setServerErrors', fieldErrors: firstMessages(error.errors) });
    }
  };

  // Save by the button and by itself a few seconds after the last change (issue 21).
  const saving = useDraftSaving({
    draft,
    isDirty,
    isEditable: !readOnly,
    onSaved: (sent, { status, version }) => {
      setSaved(savedParts(sent));
      dispatchEditor({ type: 'setServerErrors', fieldErrors: {} });
      dispatchEditor({ type: 'saved', status, version });
    },
    onRefused: showServerErrors,
  });
  // Edits must not be lost by a click in the menu or a closed tab (issue 33): the draft is saved as the page goes,
  // or, when it cannot be, leaving is asked.
  useUnsavedChanges({
    isDirty: () => isDirty && !isLeavingRef.current,
    flush: saving.flush,
    message: 'Замовлення має незбережені зміни. Якщо піти зі сторінки, їх буде втрачено.',
  });
  /** «Взяти новішу версію»: the order as saved elsewhere replaces the draft. */
  const takeNewer = (newer: OrderDetail) => {
    const next = orderDraftFromDetail(newer);
    setSaved(savedParts(next));
    dispatchEditor({ type: 'replaceDraft', draft: next });
    setCalculateConflict(false);
    saving.resume();
  };
  /** «Залишити мої зміни»: saved over the newer version, or, when «Розрахувати» was refused, calculated over it. */
  const keepMine = (newer: OrderDetail) => {
    if (!isCalculateConflict) return saving.saveOver(newer.version);
    setCalculateConflict(false);
    void calculateFrom({ ...draft, version: newer.version });
  };

  // Issue 33: «Розрахувати» refused for an older version asks the same question as «Зберегти» does.
  const [isCalculateConflict, setCalculateConflict] = useState(false);
  const calculateFrom = async (sent: OrderDraft, stored = false) => {
    try {
      await calculate.mutateAsync({ draft: sent, stored });
      isLeavingRef.current = true;
      setCalculateOpen(false);
      void navigate(paths.orders);
    } catch (error) {
      setCalculateOpen(false);
      if (isVersionConflict(error)) setCalculateConflict(true);
      else showServerErrors(error);
    }
  };
  // Nothing changed since the order was loaded or saved: the server calculates what it stores (issue 34).
  const onCalculate = () => calculateFrom(draft, !isDirty);

  const { companyInfo, calculations } = draft;
  // A step is marked for the server's messages of the last save/calculate and for what its fields say now. By a
  // string key, so the set (and the step bar, which the compiler memoises on it) stays the same object while the
  // marked steps do: a keystroke does not re-render the bar (docs/performance.md "Wizard").
  const errorStepsKey = [
    ...new Set([
      ...stepsWithErrors(fieldErrors),
      ...stepsWithDraftIssues({ companyInfo, calculations }),
    ]),
  ]
    .sort()
    .join(',');
  const errorSteps = new Set(errorStepsKey.split(',').filter(Boolean).map(Number));
  const isNarrow = !screens.lg;
  // What the order's stage means now (issue 33); a «Перегляд» member gets the page's own notice instead.
  const banner = canEdit ? wizardBanner(draft.status, detail.revision) : null;
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
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Замовлення {draft.number} «{draft.name}» · {ORDER_STATUS_LABELS[draft.status]}
        {readOnly ? null : <SaveStateText state={saving.state} isDirty={isDirty} />}
      </Typography.Paragraph>

      {opening.restoredFrom === undefined ? null : (
        <Alert
          type="info"
          showIcon
          closable
          title={`Відновлено незбережені зміни, зроблені в цьому браузері ${formatDateTime(opening.restoredFrom)}. Перевірте їх і збережіть.`}
        />
      )}

      {banner === null ? null : (
        <Alert type={banner.type} showIcon role="status" title={banner.text} />
      )}

      {/*
        Sticks under the app's header, so Save, Calculate and the other steps stay one click away on a long step
        (step 1 is about 3 300 px). Narrower than `lg` it is kept to two short rows: the steps by number with
        only the open step's title, then the buttons.
      */}
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
            errorSteps={errorSteps}
            isNarrow={isNarrow}
            onOpen={openStep}
          />
        </div>
        {readOnly ? null : (
          <Flex gap={8} wrap align="center" justify="end">
            <Button
              icon={<SaveOutlined aria-hidden />}
              loading={saving.isSaving}
              disabled={calculate.isPending}
              onClick={saving.saveNow}
            >
              Зберегти
            </Button>
            <Button
              type="primary"
              icon={<CalculatorOutlined aria-hidden />}
              disabled={saving.isSaving}
              onClick={() => setCalculateOpen(true)}
            >
              Розрахувати
            </Button>
          </Flex>
        )}
      </Flex>

      <ServerErrors fieldErrors={fieldErrors} draft={draft} step={step} onOpen={openStep} />

      <div ref={panelRef}>
        {/* Read-only orders (sent, confirmed): every input of steps 1–4 is disabled. */}
        <ConfigProvider componentDisabled={readOnly}>
          {panel(1, <StepInstitution {...institutionProps} />)}
          {panel(2, <StepTimeCosts {...timeCostsProps} />)}
          {panel(3, <StepMaterials {...materialsProps} />)}
          {panel(4, <StepPriceList {...priceListProps} />)}
        </ConfigProvider>
        {step === 5 ? (
          <section aria-label={stepPanelLabel(5)}>
            <Suspense fallback={<LoadingBlock label="Рентабельність: завантаження…" rows={8} />}>
              <StepResults draft={draft} dispatch={dispatch} readOnly={readOnly} />
            </Suspense>
          </section>
        ) : null}
      </div>

      <WizardStepPager step={step} onOpen={openStep} />

      <ConfirmModal
        open={isCalculateOpen}
        title={CALCULATE_MODAL.title}
        okText={CALCULATE_MODAL.confirm}
        cancelText={CALCULATE_MODAL.cancel}
        onCancel={() => setCalculateOpen(false)}
        onConfirm={onCalculate}
        destroyOnHidden
      >
        {CALCULATE_MODAL.body}
      </ConfirmModal>

      {saving.state.kind === 'conflict' || isCalculateConflict ? (
        <VersionConflictModal
          draft={draft}
          base={saved}
          isSaving={saving.isSaving || calculate.isPending}
          isCalculating={isCalculateConflict}
          onKeepMine={keepMine}
          onTakeNewer={takeNewer}
        />
      ) : null}
    </Flex>
  );
}
