import {
  APPROVAL_SETTINGS_MESSAGES,
  DEFAULT_APPROVAL_SETTINGS,
  ORDER_APPROVAL_MESSAGES,
  REVISION_NOT_FOUND_MESSAGE,
  activityValueText,
  approvalRefusal,
  approvalSettingsSchema,
  approverOf,
  formatIsoDate,
  memberCan,
  type ApprovalSettings,
  type ApprovalSettingsInput,
  type MemberRole,
  type OrderApproval,
  type OrderApprovalInput,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertNotRefused } from '../../lib/order-refusal';
import type { CompanyScope } from '../../lib/company-scope';
import type { RunInTransaction } from '../../lib/transaction';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import type { OrderRecord, OrdersService } from '../orders/orders.service';
import type { ApprovalRow, ApprovalsRepository } from './approvals.repository';

/** The settings' fields as the activity log names them. */
const SETTINGS_LABELS: Readonly<Record<keyof ApprovalSettings, string>> = {
  approver: 'Хто затверджує',
  bodyName: 'Повна назва органу',
  place: 'Місце прийняття',
  legalBasis: 'Правова підстава',
  inForceNumber: 'Номер чинного рішення',
  inForceDate: 'Дата чинного рішення',
  profitabilityCap: 'Граничний норматив рентабельності, %',
  capDecisionNumber: 'Номер рішення про норматив',
  capDecisionDate: 'Дата рішення про норматив',
  economistName: 'Економіст-виконавець',
  economistPhone: 'Телефон економіста',
};

/** A setting as the log shows it: the approver's label, a list joined by «; », a date the uk-UA way. */
function settingText(key: keyof ApprovalSettings, value: unknown): string | null {
  if (key === 'approver') return approverOf(value as ApprovalSettings['approver']).label;
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'string' && key.endsWith('Date')) return formatIsoDate(value);
  return activityValueText(value);
}

/** An approval as the API answers it. */
const approvalOf = (row: ApprovalRow): OrderApproval => ({
  revision: row.revision,
  approver: row.approver,
  decisionNumber: row.decisionNumber,
  decisionDate: row.decisionDate,
  effectiveDate: row.effectiveDate,
  recordedBy: row.recordedBy,
  recordedAt: row.updatedAt.toISOString(),
});

/**
 * Issue 35: the company's approval settings (the /company block «Затвердження тарифів», with the profitability cap
 * Calculate enforces) and the founder's decision recorded on an approved revision of an order. Orders are reached
 * through the orders service.
 */
export function createApprovalsService(deps: {
  approvalsRepository: ApprovalsRepository;
  ordersService: Pick<OrdersService, 'readOwnOrder' | 'lockOwnOrder' | 'findRevision'>;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { approvalsRepository: repo, ordersService, runInTransaction, activityLog } = deps;

  /** The stored settings read through today's schema; an institution that entered none has the defaults. */
  async function getSettings(companyId: number, tx?: Executor): Promise<ApprovalSettings> {
    const stored = await repo.findSettings(companyId, tx);
    return approvalSettingsSchema.safeParse(stored).data ?? DEFAULT_APPROVAL_SETTINGS;
  }

  /** The status revision `number` of the order has: the order's own for the current one, as kept for an earlier. */
  async function revisionStatus(order: OrderRecord, number: number) {
    if (number === order.revision) return order.status;
    const kept =
      number < order.revision ? await ordersService.findRevision(order, number) : undefined;
    if (!kept) throw new AppError('NOT_FOUND', REVISION_NOT_FOUND_MESSAGE);
    return kept.status as OrderRecord['status'];
  }

  return {
    getSettings,

    /** `PUT /api/company/{companyIdentifier}/approval-settings`: stores the settings whole; the change is logged. */
    async updateSettings(scope: CompanyScope, input: ApprovalSettingsInput) {
      const { companyId } = scope;
      const settings = approvalSettingsSchema.parse(input);
      await runInTransaction(async (tx) => {
        const before = await getSettings(companyId, tx);
        await repo.saveSettings(companyId, settings, tx);
        const keys = Object.keys(SETTINGS_LABELS) as Array<keyof ApprovalSettings>;
        await activityLog.record(tx, scope, {
          kind: 'approval-settings',
          subject: 'Затвердження тарифів',
          changes: keys.flatMap((key) =>
            changeOf(
              SETTINGS_LABELS[key],
              settingText(key, before[key]),
              settingText(key, settings[key]),
            ),
          ),
        });
      });
      return { message: APPROVAL_SETTINGS_MESSAGES.saved, data: settings };
    },

    /** The recorded approvals of an order the caller has read, by revision. */
    async approvalsOf(order: Pick<OrderRecord, 'id'>): Promise<OrderApproval[]> {
      return (await repo.listOfOrder(order.id)).map(approvalOf);
    },

    /**
     * `PUT /api/orders/{identifier}/approval`: the founder's decision on an approved revision (409 otherwise), once;
     * a second entry is the owner's correction (409 for an economist), its change written to the activity log.
     * Another company's order is 404.
     */
    async record(
      scope: CompanyScope,
      role: MemberRole | null,
      identifier: string,
      input: OrderApprovalInput,
    ) {
      const read = await ordersService.readOwnOrder(scope.companyId, identifier);
      const status = await revisionStatus(read, input.revision);
      assertNotRefused(approvalRefusal(status));
      const settings = await getSettings(scope.companyId);
      return runInTransaction(async (tx) => {
        // The order's lock serialises two entries of the same decision; its revision may have moved on meanwhile.
        const order = await ordersService.lockOwnOrder(scope.companyId, identifier, tx);
        if (input.revision === order.revision) assertNotRefused(approvalRefusal(order.status));
        const existing = await repo.lockOne(order.id, input.revision, tx);
        if (existing && !memberCan(role, 'correctApproval'))
          throw new AppError('CONFLICT', ORDER_APPROVAL_MESSAGES.alreadyRecorded);
        const approver = existing?.approver ?? settings.approver;
        await repo.upsert(
          { orderId: order.id, approver, ...input, recordedBy: scope.actor.userId },
          tx,
        );
        await activityLog.record(tx, scope, {
          kind: 'order-approval',
          subject: order.identifier,
          orderName: order.name,
          changes: [
            ...changeOf(
              'Редакція',
              existing ? String(existing.revision) : null,
              String(input.revision),
            ),
            ...changeOf('Номер рішення', existing?.decisionNumber, input.decisionNumber),
            ...changeOf(
              'Дата рішення',
              existing && formatIsoDate(existing.decisionDate),
              formatIsoDate(input.decisionDate),
            ),
            ...changeOf(
              'Тарифи чинні з',
              existing && formatIsoDate(existing.effectiveDate),
              formatIsoDate(input.effectiveDate),
            ),
          ],
        });
        const [row] = (await repo.listOfOrder(order.id, tx)).filter(
          (candidate) => candidate.revision === input.revision,
        );
        if (!row) throw new Error(`the approval of order ${order.id} vanished in its transaction`);
        return {
          message: existing ? ORDER_APPROVAL_MESSAGES.corrected : ORDER_APPROVAL_MESSAGES.recorded,
          data: approvalOf(row),
        };
      });
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
