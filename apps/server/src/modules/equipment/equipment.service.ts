import {
  EQUIPMENT_FIELD_LABELS,
  compareUkrainian,
  formatMoney,
  moneyToString,
  type ActivityChange,
  type Equipment,
  type EquipmentInput,
  type RowUsage,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { companyRowReads } from '../../lib/company-row-reads';
import type { CompanyScope, WorkScope } from '../../lib/company-scope';
import { ordersUsingRow, type RowUsageStore } from '../../lib/row-usage';
import type { RunInTransaction } from '../../lib/transaction';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import {
  numericRow,
  type EquipmentRepository,
  type EquipmentRow,
  type EquipmentValues,
} from './equipment.repository';

export type { EquipmentRow };

export const EQUIPMENT_SERVICE_MESSAGES = {
  created: 'Обладнання додано до реєстру.',
  updated: 'Обладнання збережено.',
  deleted: 'Обладнання видалено з реєстру.',
  notFound: 'Обладнання не знайдено в реєстрі закладу.',
} as const;

/** The company a register call works for: its scope and its public identifier (the rows' `companyIdentifier`). */
export interface EquipmentOwner {
  scope: CompanyScope;
  companyIdentifier: string;
}

/** Body → stored values: amounts as exact decimal text, the texts trimmed. */
const valuesOf = (input: EquipmentInput): EquipmentValues => ({
  name: input.name.trim(),
  inventoryNumber: input.inventoryNumber.trim(),
  firstCost: moneyToString(input.firstCost),
  residualValue: moneyToString(input.residualValue),
  usefulLifeYears: input.usefulLifeYears,
  hoursPerYear: moneyToString(input.hoursPerYear),
});

/** Storage → wire (domain `equipmentSchema`): numeric text becomes a JSON number. */
export const toEquipment = (row: EquipmentRow, companyIdentifier: string | null): Equipment => ({
  ...numericRow(row),
  companyIdentifier,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The fields of a row as the activity log shows them (money as «1 200 000,00»), in the form's order. */
const shownFields = (row: EquipmentValues | undefined) => ({
  [EQUIPMENT_FIELD_LABELS.name]: row?.name,
  [EQUIPMENT_FIELD_LABELS.inventoryNumber]: row ? row.inventoryNumber || null : undefined,
  [EQUIPMENT_FIELD_LABELS.firstCost]: row && formatMoney(row.firstCost),
  [EQUIPMENT_FIELD_LABELS.residualValue]: row && formatMoney(row.residualValue),
  [EQUIPMENT_FIELD_LABELS.usefulLifeYears]: row && String(row.usefulLifeYears),
  [EQUIPMENT_FIELD_LABELS.hoursPerYear]: row && formatMoney(row.hoursPerYear),
});

/** The changed fields between two states of a row (none → a new row; none after → a deleted one). */
export function equipmentChanges(
  before: EquipmentValues | undefined,
  after: EquipmentValues | undefined,
): ActivityChange[] {
  const from = shownFields(before);
  const to = shownFields(after);
  return Object.keys(from).flatMap((field) =>
    changeOf(field, from[field as keyof typeof from], to[field as keyof typeof to]),
  );
}

/** Register rows in Ukrainian alphabetical order of the name, then inventory number, then id. */
const compareRows = (a: EquipmentRow, b: EquipmentRow) =>
  compareUkrainian(a.name, b.name) ||
  compareUkrainian(a.inventoryNumber, b.inventoryNumber) ||
  a.id - b.id;

/**
 * The equipment register (issue 38, docs/methodology.md "Equipment depreciation"): a company's equipment whose
 * depreciation its services carry per minute of use. A calculation keeps its own copy of each equipment line (V, S,
 * N, T as the line took them), so editing or deleting a row changes no order until it is re-priced.
 */
export function createEquipmentService(deps: {
  equipmentRepository: EquipmentRepository;
  rowUsage: RowUsageStore;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { equipmentRepository: repo, rowUsage, runInTransaction, activityLog } = deps;
  return {
    /** `GET /api/company/{companyIdentifier}/equipment`: the company's register by name. */
    async list(owner: EquipmentOwner): Promise<Equipment[]> {
      const rows = await repo.listByCompany(owner.scope.companyId);
      return rows.sort(compareRows).map((row) => toEquipment(row, owner.companyIdentifier));
    },

    /** The company's register rows among ids: a wizard line must name one; re-pricing reads their current values. */
    ...companyRowReads(repo),

    /**
     * `POST …/equipment`: a new row, recorded in the activity log. Work no person asked for (the demo account's
     * set-up) has no actor and records nothing.
     */
    async create(
      owner: Omit<EquipmentOwner, 'scope'> & { scope: WorkScope },
      input: EquipmentInput,
    ): Promise<Equipment> {
      const { scope } = owner;
      const values = valuesOf(input);
      return runInTransaction(async (tx) => {
        const created = await repo.insert(scope.companyId, values, tx);
        if (scope.actor)
          await activityLog.record(tx, scope, {
            kind: 'equipment',
            subject: created.name,
            changes: equipmentChanges(undefined, created),
          });
        return toEquipment(created, owner.companyIdentifier);
      });
    },

    /** `PUT …/equipment/{id}`: replaces the company's row; another company's row is 404 and nothing changes. */
    async update(owner: EquipmentOwner, id: number, input: EquipmentInput): Promise<Equipment> {
      const { scope } = owner;
      const values = valuesOf(input);
      return runInTransaction(async (tx) => {
        const [before] = await repo.findRowsOfCompany(scope.companyId, [id], tx);
        const after = before && (await repo.update(scope.companyId, id, values, tx));
        if (!before || !after) throw new AppError('NOT_FOUND', EQUIPMENT_SERVICE_MESSAGES.notFound);
        await activityLog.record(tx, scope, {
          kind: 'equipment',
          subject: after.name,
          changes: equipmentChanges(before, after),
        });
        return toEquipment(after, owner.companyIdentifier);
      });
    },

    /**
     * `DELETE …/equipment/{id}`: allowed even when orders use the row (each keeps its own copy of the line; the
     * delete question names them, `usage`). Another company's row is 404.
     */
    async remove(scope: CompanyScope, id: number): Promise<void> {
      await runInTransaction(async (tx) => {
        const [before] = await repo.findRowsOfCompany(scope.companyId, [id], tx);
        if (!before || !(await repo.remove(scope.companyId, id, tx)))
          throw new AppError('NOT_FOUND', EQUIPMENT_SERVICE_MESSAGES.notFound);
        await activityLog.record(tx, scope, {
          kind: 'equipment',
          subject: before.name,
          changes: equipmentChanges(before, undefined),
        });
      });
    },

    /** `GET …/equipment/{id}/orders`: the company's orders whose equipment lines point at the row. */
    async usage(companyId: number, id: number): Promise<RowUsage> {
      const [row] = await repo.findRowsOfCompany(companyId, [id]);
      if (!row) throw new AppError('NOT_FOUND', EQUIPMENT_SERVICE_MESSAGES.notFound);
      return ordersUsingRow(rowUsage, companyId, { kind: 'equipment', id });
    },
  };
}

export type EquipmentService = ReturnType<typeof createEquipmentService>;
