import type { RunInTransaction } from '../../lib/transaction';
import type { ApprovalsService } from '../approvals/approvals.service';
import { createCalculateCalculations } from './calculate-calculations';
import { createCalculateOnline } from './calculate-online';
import { createCalculatedServices } from './calculated-services';
import { createCalculationsAccess } from './calculations-access';
import type {
  CalculationsRepository,
  IdentifiedCalculation,
  StoredCalculationResult,
} from './calculations.repository';
import { createSaveCalculations } from './save-calculations';
import { createDraftSaver, type DraftSaverDeps } from './save-draft';

export type { IdentifiedCalculation, StoredCalculationResult };
export { CALCULATION_MESSAGES } from './calculation-messages';
export { finalCalculationErrors, isUnchangedCalculation } from './wizard-checks';

/**
 * The wizard's calls (spec §7 `calculate-online`, `save`, `calculate`) and the company's calculated services. The
 * maths is the domain's `computeOrderCosts` (docs/methodology.md), so the preview, the stored results and the
 * documents agree to the kopeck. Orders (lock, name and snapshot, status with its history) are reached through
 * the orders service; staffing rows and materials through theirs. The service is its use cases put together,
 * each in its own file: the preview (`calculate-online.ts`), Save (`save-calculations.ts`) and Calculate
 * (`calculate-calculations.ts`) over the shared draft write (`save-draft.ts`) and payload checks
 * (`wizard-checks.ts`), the lists (`calculated-services.ts`) and what other modules read and write
 * (`calculations-access.ts`).
 */
export function createCalculationsService(
  deps: Pick<
    DraftSaverDeps,
    'ordersService' | 'staffService' | 'pillsService' | 'equipmentService' | 'activityLog'
  > & {
    calculationsRepository: CalculationsRepository;
    /** The company's approval settings (issue 35): the profitability cap Calculate enforces. */
    approvalSettings: Pick<ApprovalsService, 'getSettings'>;
    runInTransaction: RunInTransaction;
    now?: () => Date;
  },
) {
  const { calculationsRepository: repo, ordersService, runInTransaction } = deps;
  const now = deps.now ?? (() => new Date());
  const drafts = createDraftSaver({
    repo,
    ordersService,
    staffService: deps.staffService,
    pillsService: deps.pillsService,
    equipmentService: deps.equipmentService,
    activityLog: deps.activityLog,
    now,
  });
  return {
    ...createCalculateOnline({ repo }),
    ...createSaveCalculations({ drafts, runInTransaction }),
    ...createCalculateCalculations({
      repo,
      drafts,
      ordersService,
      approvalSettings: deps.approvalSettings,
      runInTransaction,
      activityLog: deps.activityLog,
      now,
    }),
    ...createCalculationsAccess({ repo, now }),
    ...createCalculatedServices({ repo }),
  };
}

export type CalculationsService = ReturnType<typeof createCalculationsService>;
