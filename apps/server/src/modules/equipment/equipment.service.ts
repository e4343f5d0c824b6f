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
import type { Executor } from '../../db/client';
import type { Owner } from '../../lib/bulk-rows';
import { idSetOf, rowsAmong } from '../../lib/company-row-reads';
import type { CompanyScope, WorkScope } from '../../lib/company-scope';
import { ordersUsingRow, type RowUsageStore } from '../../lib/row-usage';
import type { RunInTransaction } from '../../lib/transaction';
import { changeOf, type ActivityLog, type ActivityRecord } from '../activity/activity-log';
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
  templateNotFound: 'Обладнання не знайдено серед шаблонного обладнання.',
  templateCreated: 'Обладнання додано до шаблонів.',
  templateUpdated: 'Обладнання шаблонів збережено.',
  templateDeleted: 'Обладнання видалено з шаблонів.',
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
 * Whose rows a write changes and how it is recorded: a company's (its activity log, when a person asked) or the
 * administrator's template equipment (owner null, not logged, as template materials).
 */
interface RowOwner {
  owner: Owner;
  companyIdentifier: string | null;
  notFound: string;
  record(tx: Executor, change: ActivityRecord): Promise<void>;
}

/**
 * The equipment register (issue 38, docs/methodology.md "Equipment depreciation"): a company's equipment whose
 * depreciation its services carry per minute of use, and the administrator's template equipment that the provider's
 * templates' lines name (every company's wizard may use a template row, as a template material). A calculation
 * keeps its own copy of each equipment line (V, S, N, T as the line took them), so editing or deleting a row changes
 * no order until it is re-priced.
 */
export function createEquipmentService(deps: {
  equipmentRepository: EquipmentRepository;
  rowUsage: RowUsageStore;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { equipmentRepository: repo, rowUsage, runInTransaction, activityLog } = deps;

  const companyOwner = (owner: { scope: WorkScope; companyIdentifier: string }): RowOwner => ({
    owner: owner.scope.companyId,
    companyIdentifier: owner.companyIdentifier,
    notFound: EQUIPMENT_SERVICE_MESSAGES.notFound,
    // Work no person asked for (the demo account's set-up) has no actor and records nothing.
    record: async (tx, change) => {
      const { scope } = owner;
      if (scope.actor) await activityLog.record(tx, scope, change);
    },
  });
  const TEMPLATE_OWNER: RowOwner = {
    owner: null,
    companyIdentifier: null,
    notFound: EQUIPMENT_SERVICE_MESSAGES.templateNotFound,
    record: async () => {},
  };

  async function createRow(to: RowOwner, input: EquipmentInput): Promise<Equipment> {
    const values = valuesOf(input);
    return runInTransaction(async (tx) => {
      const created = await repo.insert(to.owner, values, tx);
      await to.record(tx, {
        kind: 'equipment',
        subject: created.name,
        changes: equipmentChanges(undefined, created),
      });
      return toEquipment(created, to.companyIdentifier);
    });
  }

  async function updateRow(to: RowOwner, id: number, input: EquipmentInput): Promise<Equipment> {
    const values = valuesOf(input);
    return runInTransaction(async (tx) => {
      const [before] = await repo.findOwned(to.owner, [id], tx);
      const after = before && (await repo.update(to.owner, id, values, tx));
      if (!before || !after) throw new AppError('NOT_FOUND', to.notFound);
      await to.record(tx, {
        kind: 'equipment',
        subject: after.name,
        changes: equipmentChanges(before, after),
      });
      return toEquipment(after, to.companyIdentifier);
    });
  }

  async function removeRow(to: RowOwner, id: number): Promise<void> {
    await runInTransaction(async (tx) => {
      const [before] = await repo.findOwned(to.owner, [id], tx);
      if (!before || !(await repo.remove(to.owner, id, tx)))
        throw new AppError('NOT_FOUND', to.notFound);
      await to.record(tx, {
        kind: 'equipment',
        subject: before.name,
        changes: equipmentChanges(before, undefined),
      });
    });
  }

  const sortedWire = (rows: EquipmentRow[], companyIdentifier: string | null) =>
    rows.sort(compareRows).map((row) => toEquipment(row, companyIdentifier));

  return {
    /** `GET /api/company/{companyIdentifier}/equipment`: the company's register by name. */
    async list(owner: EquipmentOwner): Promise<Equipment[]> {
      return sortedWire(await repo.listByOwner(owner.scope.companyId), owner.companyIdentifier);
    },

    /** `GET /api/equipment` (admin): the template equipment by name. */
    async listTemplates(): Promise<Equipment[]> {
      return sortedWire(await repo.listByOwner(null), null);
    },

    /**
     * `GET …/equipment/all-list`: what the company's wizard lines may name, the template rows by name and then its
     * own by name (`companyIdentifier` null marks a template row).
     */
    async listTemplateAndOwn(owner: EquipmentOwner): Promise<Equipment[]> {
      const rows = await repo.listVisible(owner.scope.companyId);
      return [
        ...sortedWire(
          rows.filter((row) => row.companyId === null),
          null,
        ),
        ...sortedWire(
          rows.filter((row) => row.companyId !== null),
          owner.companyIdentifier,
        ),
      ];
    },

    /** Which of `ids` a wizard line of the company may name: template rows and its own, another company's never. */
    visibleIds: idSetOf(repo.findVisibleIds),

    /** The rows among `ids` a line of the company may name, as they are now (re-pricing takes their values). */
    visibleRowsByIds: rowsAmong(repo.findVisible),

    /** Which of `ids` are template rows (a template's line keeps one; a company's row is copied to the templates). */
    async templateRowsByIds(ids: readonly number[], tx?: Executor): Promise<EquipmentRow[]> {
      return repo.findOwned(null, [...new Set(ids)], tx);
    },

    /**
     * The template row with the name (case-insensitively) and exactly the V, S, N and T of `input`, made when the
     * templates have none, in the caller's transaction (the administrator's add-to-template copies the equipment a
     * calculation uses to the template level; an inventory number is the institution's own and is not copied). A
     * machine of the same name with other values gets a row of its own, so re-pricing a line never takes another
     * machine's values. Under the template rows' lock (held to the end of `tx`), so that two calls at once make one.
     */
    async ensureTemplateEquipment(input: EquipmentInput, tx: Executor): Promise<EquipmentRow> {
      const values = { ...valuesOf(input), inventoryNumber: '' };
      await repo.lockTemplateRows(tx);
      return (await repo.findTemplateLike(values, tx)) ?? repo.insert(null, values, tx);
    },

    /** `POST …/equipment`: a new row of the company's register, recorded in the activity log. */
    async create(
      owner: Omit<EquipmentOwner, 'scope'> & { scope: WorkScope },
      input: EquipmentInput,
    ): Promise<Equipment> {
      return createRow(companyOwner(owner), input);
    },

    /** `PUT …/equipment/{id}`: replaces the company's row; another company's or a template row is 404. */
    async update(owner: EquipmentOwner, id: number, input: EquipmentInput): Promise<Equipment> {
      return updateRow(companyOwner(owner), id, input);
    },

    /**
     * `DELETE …/equipment/{id}`: allowed even when orders use the row (each keeps its own copy of the line; the
     * delete question names them, `usage`). Another company's row or a template row is 404.
     */
    async remove(owner: EquipmentOwner, id: number): Promise<void> {
      await removeRow(companyOwner(owner), id);
    },

    /** `POST /api/equipment` (admin): a new template row. */
    createTemplate: (input: EquipmentInput): Promise<Equipment> => createRow(TEMPLATE_OWNER, input),

    /** `PUT /api/equipment/{id}` (admin): a company's row is 404 here. */
    updateTemplate: (id: number, input: EquipmentInput): Promise<Equipment> =>
      updateRow(TEMPLATE_OWNER, id, input),

    /** `DELETE /api/equipment/{id}` (admin): lines that named the row keep their copy, as for a company's row. */
    removeTemplate: (id: number): Promise<void> => removeRow(TEMPLATE_OWNER, id),

    /** `GET …/equipment/{id}/orders`: the company's orders whose equipment lines point at its own row. */
    async usage(companyId: number, id: number): Promise<RowUsage> {
      const [row] = await repo.findOwned(companyId, [id]);
      if (!row) throw new AppError('NOT_FOUND', EQUIPMENT_SERVICE_MESSAGES.notFound);
      return ordersUsingRow(rowUsage, companyId, { kind: 'equipment', id });
    },
  };
}

export type EquipmentService = ReturnType<typeof createEquipmentService>;
