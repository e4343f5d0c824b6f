import {
  STATUS_AFTER_CALCULATE,
  capExceededMessage,
  capRefusalMessage,
  computeOrderCosts,
  exceedsProfitabilityCap,
  fieldErrorsRecord,
  formatMoney,
  type CalculateCalculationsInput,
  type CalculationsSavedResponse,
  type FieldError,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { CompanyScope } from '../../lib/company-scope';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { RunInTransaction } from '../../lib/transaction';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import type { ApprovalsService } from '../approvals/approvals.service';
import type { OrdersService } from '../orders/orders.service';
import { CALCULATION_MESSAGES } from './calculation-messages';
import type { CalculationsRepository, StoredCalculation } from './calculations.repository';
import type { DraftSaver } from './save-draft';
import {
  assertCurrentRevision,
  assertCurrentVersion,
  assertEditable,
  finalCalculationErrors,
  isUnchangedCalculation,
  servicesOf,
  throwIfAny,
  type ServicePlace,
} from './wizard-checks';

/** The field of a calculated order's activity row: each service's price with profitability, old → new. */
const TARIFF_FIELD = 'Вартість з рентабельністю, грн';

/** Money the stored results can hold: `numeric(14,2)`, so at most twelve digits before the point. */
const fitsStoredMoney = (amount: string) => /^\d{1,12}\.\d{2}$/.test(amount);

/** The wizard's final Calculate (spec §7 `calculate`, §4 "Confirming Calculate produces formed"). */
export function createCalculateCalculations(deps: {
  repo: Pick<CalculationsRepository, 'listOfOrder' | 'storeResults'>;
  drafts: DraftSaver;
  ordersService: Pick<OrdersService, 'lockOwnOrder' | 'changeStatusInTransaction'>;
  /** The company's approval settings (issue 35): the profitability cap Calculate enforces. */
  approvalSettings: Pick<ApprovalsService, 'getSettings'>;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
  now: () => Date;
}) {
  const { repo, drafts, ordersService, approvalSettings, runInTransaction, activityLog, now } =
    deps;
  return {
    /**
     * `POST /api/calculations/calculate` (spec §7, §4 "Confirming Calculate produces formed"). First the draft is
     * saved exactly like Save, in its own transaction, so it is kept even when the final check refuses. Then, in a
     * second transaction with the order locked again: the stored services are checked for the final calculation
     * (422 naming the first thing missing, `errors` under each field path), every service is computed at once
     * with the domain's `computeOrderCosts` from the stored snapshot, each service's results are stored, and the
     * order moves to `formed` with its history row. A failure part-way stores none of the results. A repeat of
     * the Calculate that produced what the order holds (`isUnchangedCalculation`: a double click, a retry) answers
     * the same result and writes nothing: no version, history row or timestamp changes.
     */
    async calculate(
      scope: CompanyScope,
      sent: CalculateCalculationsInput,
    ): Promise<CalculationsSavedResponse> {
      const input = await drafts.withStoredDraft(scope, sent);
      // The draft's transaction. A repeat of the Calculate that stored what the order holds (only a `formed` order
      // can be one, so the others read nothing more) answers that result and writes nothing.
      const first = await runInTransaction(async (tx) => {
        const order = await ordersService.lockOwnOrder(scope.companyId, input.identifier, tx);
        if (
          order.status === STATUS_AFTER_CALCULATE &&
          isUnchangedCalculation(order, await repo.listOfOrder(order.id, tx), input)
        ) {
          return { repeated: order, saved: undefined, tariffsBefore: undefined };
        }
        // The draft is kept even when the final check below refuses, so its changes are logged here.
        const draft = await drafts.saveLoggedDraft(scope, input, tx);
        return { repeated: undefined, saved: draft.order, tariffsBefore: draft.tariffsBefore };
      });
      if (first.saved === undefined) {
        return {
          message: CALCULATION_MESSAGES.calculated,
          status: STATUS_AFTER_CALCULATE,
          version: first.repeated.version,
        };
      }
      const { saved, tariffsBefore } = first;
      const placeById = new Map(servicesOf(input.calculations).map((s) => [s.item.id, s.place]));
      // Every stored row is in this payload (the draft just saved removed the others, and nothing adds rows to a
      // placed order); the fallback only keeps the lookup total.
      const placeOf = (row: StoredCalculation, index: number): ServicePlace =>
        placeById.get(row.id) ?? { category: row.categoryName ?? '', index };
      return runInTransaction(async (tx) => {
        // Locked and checked again: the order may have changed between the two transactions.
        const order = await ordersService.lockOwnOrder(scope.companyId, input.identifier, tx);
        assertCurrentRevision(order, input);
        // The draft the first transaction wrote must still be the order's content (a versioned call only).
        assertCurrentVersion(order, input.version === undefined ? undefined : saved.version);
        assertEditable(order.status);
        const info = parseStoredCompanyInfo(order.companyInfo);
        const rows = await repo.listOfOrder(order.id, tx);
        throwIfAny(
          finalCalculationErrors(
            info,
            rows.map((row, index) => ({
              ...placeOf(row, index),
              name: row.name,
              content: row.content,
            })),
          ),
        );
        const costs = computeOrderCosts(
          info,
          rows.map((row) => row.content),
          order.priceRounding,
        );
        // A result the storage cannot hold is the input's fault (the schemas' caps multiply past it): 422 under
        // the service, not the database's out-of-range error.
        const tooLarge = rows.flatMap((row, index): FieldError[] => {
          const cost = costs[index];
          return cost && !(fitsStoredMoney(cost.summary) && fitsStoredMoney(cost.summaryWithProfit))
            ? [
                {
                  place: { kind: 'service', ...placeOf(row, index) },
                  message: CALCULATION_MESSAGES.tooLarge,
                  subject: { service: row.name },
                },
              ]
            : [];
        });
        throwIfAny(fieldErrorsRecord(tooLarge));
        // Issue 35: the founder's profitability cap; every service above it is named, under its field and in the
        // message, with the cap and its decision. The draft saved above is kept.
        const settings = await approvalSettings.getSettings(scope.companyId, tx);
        const aboveCap = rows.flatMap((row, index) =>
          exceedsProfitabilityCap(row.content.profit, settings.profitabilityCap)
            ? [{ row, place: placeOf(row, index) }]
            : [],
        );
        if (aboveCap.length > 0) {
          throw new AppError(
            'VALIDATION',
            capRefusalMessage(
              aboveCap.map(({ row }) => ({ name: row.name, profit: row.content.profit })),
              settings,
            ),
            {
              fieldErrors: fieldErrorsRecord(
                aboveCap.map(({ row, place }) => ({
                  place: { kind: 'service', ...place, key: 'profit' },
                  message: capExceededMessage(row.content.profit, settings),
                  subject: { service: row.name },
                })),
              ),
            },
          );
        }
        const results = rows.map((row, index) => {
          const cost = costs[index];
          if (!cost) throw new Error('computeOrderCosts answered fewer services than it was given');
          return {
            id: row.id,
            summary: cost.summary,
            summaryWithProfit: cost.summaryWithProfit,
            cost,
          };
        });
        if ((await repo.storeResults(order.id, results, now(), tx)) !== rows.length)
          throw new Error(`calculations of order ${order.id} vanished under its lock`);
        await ordersService.changeStatusInTransaction(order, STATUS_AFTER_CALCULATE, scope, tx);
        // Each service's price before (what the order held when the draft was saved) and after.
        await activityLog.record(tx, scope, {
          kind: 'order-calculated',
          subject: order.identifier,
          orderName: order.name,
          changes: results.flatMap((result, index) => {
            const before = tariffsBefore.get(result.id);
            return changeOf(
              `Послуга «${rows[index]?.name ?? ''}» · ${TARIFF_FIELD}`,
              before === undefined ? null : formatMoney(before),
              formatMoney(result.summaryWithProfit),
            );
          }),
        });
        return {
          message: CALCULATION_MESSAGES.calculated,
          status: STATUS_AFTER_CALCULATE,
          version: saved.version,
        };
      });
    },
  };
}
