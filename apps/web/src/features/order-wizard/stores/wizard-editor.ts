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

/** The draft's editing actions, plus what only the page does: show the server's messages, take a new status. */
export type WizardEditorAction =
  | OrderDraftAction
  | { type: 'setServerErrors'; fieldErrors: FieldErrors }
  | { type: 'setStatus'; status: OrderStatus };

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
    case 'setStatus':
      // The answer of save/calculate: the order's status afterwards, over whatever was typed meanwhile.
      return action.status === state.draft.status
        ? state
        : { ...state, draft: { ...state.draft, status: action.status } };
    default: {
      const draft = orderDraftReducer(state.draft, action);
      if (draft === state.draft) return state;
      return { draft, fieldErrors: clearErrorsFor(state.fieldErrors, action, state.draft) };
    }
  }
}
