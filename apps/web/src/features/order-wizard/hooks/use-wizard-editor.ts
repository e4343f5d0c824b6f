import { isEditable, type OrderDetail } from '@medcalc/domain';
import { useReducer, useRef, useState, type Dispatch } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useMemberCan } from '@/hooks/use-member-can';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { ApiRequestError } from '@/lib/api-client';

import { useCalculateCalculations } from '../api/calculate-calculations';
import { restoreKeptDraft } from '../stores/draft-backup';
import {
  orderDraftFromDetail,
  type OrderDraft,
  type OrderDraftAction,
} from '../stores/order-draft';
import { createWizardEditorState, wizardEditorReducer } from '../stores/wizard-editor';
import { firstMessages, stepsWithDraftIssues, stepsWithErrors } from '../utils/error-paths';
import { wizardBanner } from '../utils/wizard-heading';

import { isVersionConflict, useDraftSaving } from './use-draft-saving';

/** The parts of the draft Save stores: an edit replaces one of them (the reducer keeps the others). */
const savedParts = (draft: OrderDraft) => ({
  name: draft.name,
  companyInfo: draft.companyInfo,
  calculations: draft.calculations,
  priceRounding: draft.priceRounding,
});

/**
 * One set per combination of marked steps (at most 2⁵), so the set handed to the step bar stays the same object
 * while the marked steps do: a keystroke does not re-render the bar, antd's Steps (docs/performance.md "Phone").
 * Not left to the compiler: it memoises the set in one block with the key's computation, keyed on the draft, so
 * each keystroke made a new set.
 */
const stepSets = new Map<string, ReadonlySet<number>>();
const stepSetOf = (key: string): ReadonlySet<number> => {
  let steps = stepSets.get(key);
  if (steps === undefined) {
    steps = new Set(key.split(',').filter(Boolean).map(Number));
    stepSets.set(key, steps);
  }
  return steps;
};

/**
 * A step is marked for the server's messages of the last save/calculate and for what its fields say now, as a
 * string key of the marked steps (see {@link stepSetOf}).
 */
function errorStepsKeyOf(
  fieldErrors: Parameters<typeof stepsWithErrors>[0],
  { companyInfo, calculations }: OrderDraft,
): string {
  return [
    ...new Set([
      ...stepsWithErrors(fieldErrors),
      ...stepsWithDraftIssues({ companyInfo, calculations }),
    ]),
  ]
    .sort()
    .join(',');
}

/**
 * The wizard of a loaded order, without its layout: the draft and its edits, what is saved, Save by the button and by
 * itself (useDraftSaving), «Розрахувати» with its question, the version conflict of either, the steps marked for
 * errors, and the banner of the order's stage.
 */
export function useWizardEditor(
  detail: OrderDetail,
  { autosaveDelayMs }: { autosaveDelayMs: number },
) {
  const navigate = useNavigate();
  // Unsaved changes this browser kept for this version of the order come back (issue 21), with a note.
  const [opening] = useState(() => restoreKeptDraft(orderDraftFromDetail(detail)));
  const [{ draft, fieldErrors }, dispatchEditor] = useReducer(
    wizardEditorReducer,
    opening.draft,
    createWizardEditorState,
  );
  const dispatch: Dispatch<OrderDraftAction> = dispatchEditor;
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
    autosaveDelayMs,
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

  // Issue 33: «Розрахувати» refused for an older version asks the same question as «Зберегти» does.
  const [isCalculateConflict, setCalculateConflict] = useState(false);
  // «Розрахувати» waits for a save on its way before it is sent: the question's button spins meanwhile.
  const [isAwaitingSave, setAwaitingSave] = useState(false);
  const calculateFrom = async (draft: OrderDraft, stored = false) => {
    try {
      setAwaitingSave(true);
      const sent = await saving.settledDraft(draft).finally(() => setAwaitingSave(false));
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

  const errorSteps = stepSetOf(errorStepsKeyOf(fieldErrors, draft));

  return {
    draft,
    dispatch,
    fieldErrors,
    /** The draft as last loaded or saved (the conflict's «мої зміни» are measured against it). */
    saved,
    canEdit,
    readOnly,
    isDirty,
    saving,
    /** When this browser's unsaved changes were restored on opening, if they were. */
    restoredFrom: opening.restoredFrom,
    /** What the order's stage means now (issue 33); a «Перегляд» member gets the page's own notice instead. */
    banner: canEdit ? wizardBanner(draft.status, detail.revision) : null,
    /** The steps marked for errors: the same set while the marked steps stay the same. */
    errorSteps,
    isCalculating: calculate.isPending || isAwaitingSave,
    isCalculateOpen,
    openCalculate: () => setCalculateOpen(true),
    closeCalculate: () => setCalculateOpen(false),
    /** Nothing changed since the order was loaded or saved: the server calculates what it stores (issue 34). */
    calculate: () => calculateFrom(draft, !isDirty),
    /** «Розрахувати» or «Зберегти» was refused for an older version: the conflict's question is open. */
    hasConflict: saving.state.kind === 'conflict' || isCalculateConflict,
    isCalculateConflict,
    /** «Взяти новішу версію»: the order as saved elsewhere replaces the draft. */
    takeNewer: (newer: OrderDetail) => {
      const next = orderDraftFromDetail(newer);
      setSaved(savedParts(next));
      dispatchEditor({ type: 'replaceDraft', draft: next });
      setCalculateConflict(false);
      saving.resume();
    },
    /** «Залишити мої зміни»: saved over the newer version, or, when «Розрахувати» was refused, calculated over it. */
    keepMine: (newer: OrderDetail) => {
      if (!isCalculateConflict) return saving.saveOver(newer.version);
      setCalculateConflict(false);
      void calculateFrom({ ...draft, version: newer.version });
    },
  };
}

export type WizardEditor = ReturnType<typeof useWizardEditor>;
