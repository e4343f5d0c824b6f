import type { OrderStatus } from '@medcalc/domain';

import { clearErrorsFor, type FieldErrors } from '../utils/error-paths';

import { orderDraftReducer, type OrderDraft, type OrderDraftAction } from './order-draft';

/**
 * The wizard page's state: the draft (changed only by {@link orderDraftReducer}) and the server's messages of the
 * last save or calculate, by field path. Kept together so an edit clears its field's message in the same update.
 */
export interface WizardEditorState {
  draft: OrderDraft;
  fieldErrors: FieldErrors;
}

/**
 * The draft's editing actions, plus what only the page does: show the server's messages, take a save's answer
 * (the order's status and content version afterwards), and replace the draft (the newer version from the server,
 * or the unsaved changes kept in this browser).
 */
export type WizardEditorAction =
  | OrderDraftAction
  | { type: 'setServerErrors'; fieldErrors: FieldErrors }
  | { type: 'saved'; status: OrderStatus; version: number }
  | { type: 'replaceDraft'; draft: OrderDraft };

export const createWizardEditorState = (draft: OrderDraft): WizardEditorState => ({
  draft,
  fieldErrors: {},
});

export function wizardEditorReducer(
  state: WizardEditorState,
  action: WizardEditorAction,
): WizardEditorState {
  switch (action.type) {
    case 'setServerErrors':
      return { ...state, fieldErrors: action.fieldErrors };
    case 'saved':
      // The answer of save/calculate: the order's status and version afterwards, over whatever was typed
      // meanwhile (the next save sends that with the later edits).
      return {
        ...state,
        draft: { ...state.draft, status: action.status, version: action.version },
      };
    case 'replaceDraft':
      return { draft: action.draft, fieldErrors: {} };
    default: {
      const draft = orderDraftReducer(state.draft, action);
      if (draft === state.draft) return state;
      return { draft, fieldErrors: clearErrorsFor(state.fieldErrors, action, state.draft) };
    }
  }
}
