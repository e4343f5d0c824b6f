import type { CalculationsSavedResponse, SaveCalculationsInput } from '@medcalc/domain';
import type { CompanyScope } from '../../lib/company-scope';
import type { RunInTransaction } from '../../lib/transaction';
import { CALCULATION_MESSAGES } from './calculation-messages';
import type { DraftSaver } from './save-draft';

/** The wizard's Save (spec §7 `save`). */
export function createSaveCalculations(deps: {
  drafts: DraftSaver;
  runInTransaction: RunInTransaction;
}) {
  const { drafts, runInTransaction } = deps;
  return {
    /** `POST /api/calculations/save` (spec §7): the draft in one transaction; answers the status afterwards. */
    async save(
      scope: CompanyScope,
      input: SaveCalculationsInput,
    ): Promise<CalculationsSavedResponse> {
      const order = await runInTransaction(
        async (tx) => (await drafts.saveLoggedDraft(scope, input, tx)).order,
      );
      return { message: CALCULATION_MESSAGES.saved, status: order.status, version: order.version };
    },
  };
}
