import {
  VALIDATION_MESSAGE,
  priceToString,
  type Pill,
  type PillInput,
  formatPrice,
  type RowUsage,
  formatMoney,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { idSetOf } from '../../lib/company-row-reads';
import { ordersUsingRow, type RowUsageStore } from '../../lib/row-usage';
import type { RunInTransaction } from '../../lib/transaction';
import {
  changeOf,
  recordOwned,
  removeOwnedRecorded,
  type ActivityLog,
} from '../activity/activity-log';
import type { Actor } from '../../lib/company-scope';
import { AppError } from '../../lib/app-error';
import { ForeignKeyViolationError, UniqueViolationError } from '../../lib/db-errors';
import { findOrInsert } from '../../lib/find-or-insert';
import { referenceDataReads } from '../../lib/reference-data-reads';
import type { MeasurementsService } from '../measurements/measurements.service';
import type { Owner, PillsRepository, PillValues } from './pills.repository';

export const PILL_MESSAGES = {
  created: 'Матеріал додано.',
  updated: 'Матеріал змінено.',
  deleted: 'Матеріал видалено.',
  notFound: 'Матеріал не знайдено.',
  duplicate: 'Матеріал з такою назвою вже існує.',
  unknownUnit: 'Оберіть одиницю виміру зі списку: стандартну або одну з власних.',
  unknownStandardUnit: 'Оберіть одну зі стандартних одиниць виміру.',
} as const;

/** The 422 message for a unit the owner cannot use: template materials take only standard units. */
const unknownUnitMessage = (owner: Owner) =>
  owner === null ? PILL_MESSAGES.unknownStandardUnit : PILL_MESSAGES.unknownUnit;

/**
 * Materials, the spec's "pills" (spec §2 "Company materials", §3 "Material"): the provider's template materials
 * (owner `null`, managed by the administrator) and each company's own. Names are unique per owner,
 * case-insensitively. `measurementType` names a unit the owner sees: a standard unit, or for a company also one
 * of its own; the material stores the unit's id, so renaming a unit renames it in every material.
 */
export function createPillsService(deps: {
  pillsRepository: PillsRepository;
  measurementsService: Pick<MeasurementsService, 'resolveUnit'>;
  rowUsage: RowUsageStore;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const {
    pillsRepository: repo,
    measurementsService,
    rowUsage,
    runInTransaction,
    activityLog,
  } = deps;

  /** Checks the name and the unit together, so one 422 names every bad field; returns what to store. */
  async function valuesFor(owner: Owner, input: PillInput, exceptId?: number): Promise<PillValues> {
    const name = input.name.trim();
    const [taken, unit] = await Promise.all([
      repo.nameTaken(owner, name, exceptId === undefined ? {} : { exceptId }),
      measurementsService.resolveUnit(owner, input.measurementType),
    ]);
    if (taken || !unit) {
      const fieldErrors: Record<string, string[]> = {};
      if (taken) fieldErrors.name = [PILL_MESSAGES.duplicate];
      if (!unit) {
        fieldErrors.measurementType = [unknownUnitMessage(owner)];
      }
      const messages = Object.values(fieldErrors).flat();
      const message = messages.length === 1 && messages[0] ? messages[0] : VALIDATION_MESSAGE;
      throw new AppError('VALIDATION', message, { fieldErrors });
    }
    // Prices are stored as exact decimal text; the schema has already refused more than two decimals.
    return { name, measurementId: unit.id, price: priceToString(input.price) };
  }

  /**
   * Runs a write, turning the races the checks above cannot see into the same 422 they give (never a 500): a name
   * taken meanwhile (unique index), or the unit deleted between `resolveUnit` and the write (foreign key).
   */
  async function guardWrite<T>(owner: Owner, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueViolationError)
        throw AppError.field('name', PILL_MESSAGES.duplicate);
      if (error instanceof ForeignKeyViolationError)
        throw AppError.field('measurementType', unknownUnitMessage(owner));
      throw error;
    }
  }

  return {
    /**
     * An owner's materials (`list`), one page of them (`page`), the materials companies made (`pageOfCompanies`,
     * the administrator's), and one material among an owner's or the companies' (`findOwned`, `findOfCompanies`).
     */
    ...referenceDataReads(repo),

    /**
     * `GET /api/company/{companyIdentifier}/pills/all-list`: the template materials, then the company's own;
     * `companyIdentifier` null marks the template ones (the wizard's two tabs).
     */
    async listTemplateAndOwn(companyId: number): Promise<Pill[]> {
      return repo.listTemplateAndOwn(companyId);
    },

    /**
     * Which of `ids` the company may put on a material line (spec §3 "pill line"): template materials and its
     * own. Another company's material is not among them.
     */
    visibleIds: idSetOf(repo.findVisibleIds),

    /**
     * The materials among `ids` the company may put on a material line (template materials and its own), as they
     * are now, by id (the re-pricing of an order takes their current name, price and unit, issue 18).
     */
    async visibleByIds(
      companyId: number,
      ids: readonly number[],
      tx?: Executor,
    ): Promise<Map<number, Pill>> {
      const wanted = new Set(ids);
      if (wanted.size === 0) return new Map();
      const visible = await repo.listTemplateAndOwn(companyId, tx);
      return new Map(visible.filter((pill) => wanted.has(pill.id)).map((pill) => [pill.id, pill]));
    },

    /** Which of `ids` are template materials. */
    async templateIds(ids: readonly number[], tx?: Executor): Promise<Set<number>> {
      return new Set(await repo.findTemplateIds([...new Set(ids)], tx));
    },

    /**
     * The template material named `values.name` (case-insensitively), created in the caller's transaction with
     * the given unit and price when there is none (admin's add-to-template copies a company material a template
     * needs to the template level; an existing template material of that name is used as it is).
     */
    async ensureTemplateMaterial(
      values: { name: string; measurementId: number; price: number },
      tx?: Executor,
    ): Promise<{ id: number; created: boolean }> {
      const name = values.name.trim();
      const { row, created } = await findOrInsert(
        `template material "${name}"`,
        () => repo.findIdByName(null, name, tx),
        () =>
          repo.insertIfAbsent(
            null,
            { name, measurementId: values.measurementId, price: priceToString(values.price) },
            tx,
          ),
      );
      return { id: row, created };
    },

    /** A company's material is logged in its activity log as `actor`'s change; a template one is not logged. */
    async create(owner: Owner, input: PillInput, actor: Actor): Promise<Pill> {
      const values = await valuesFor(owner, input);
      return runInTransaction(async (tx) => {
        const created = await guardWrite(owner, () => repo.insert(owner, values, tx));
        await recordOwned(activityLog, tx, owner, actor, {
          kind: 'material',
          subject: created.name,
          changes: [
            ...changeOf('Ціна', null, formatMoney(created.price)),
            ...changeOf('Одиниця виміру', null, created.measurementType),
          ],
        });
        return created;
      });
    },

    /** Replaces one of the owner's materials; another owner's id is 404 (spec §6). */
    async update(owner: Owner, id: number, input: PillInput, actor: Actor): Promise<Pill> {
      const before = await repo.findOwned(owner, id);
      if (!before) throw new AppError('NOT_FOUND', PILL_MESSAGES.notFound);
      const values = await valuesFor(owner, input, id);
      const updated = await runInTransaction(async (tx) => {
        const after = await guardWrite(owner, () => repo.update(owner, id, values, tx));
        if (after)
          await recordOwned(activityLog, tx, owner, actor, {
            kind: 'material',
            subject: after.name,
            changes: [
              ...changeOf('Назва', before.name, after.name),
              ...changeOf('Ціна', formatPrice(before.price), formatPrice(after.price)),
              ...changeOf('Одиниця виміру', before.measurementType, after.measurementType),
            ],
          });
        return after;
      });
      if (!updated) throw new AppError('NOT_FOUND', PILL_MESSAGES.notFound);
      return updated;
    },

    /**
     * Deletes one of the owner's materials. Allowed even when calculations used it: every calculation keeps its
     * own copy of each material line (name, price, unit), so no order changes (docs/decisions.md "Decisions and departures from the spec and the house guide").
     */
    async remove(owner: Owner, id: number, actor: Actor): Promise<void> {
      await removeOwnedRecorded(
        { runInTransaction, activityLog, repo },
        { owner, id, actor, kind: 'material', notFound: PILL_MESSAGES.notFound },
        (before) => [
          ...changeOf('Ціна', formatMoney(before.price), null),
          ...changeOf('Одиниця виміру', before.measurementType, null),
        ],
      );
    },

    /**
     * `GET /api/company/{companyIdentifier}/pills/{id}/orders` (issue 33): the company's orders whose material
     * lines use one of its own materials, for its delete question. A template material or another company's is
     * 404 (the company deletes only its own).
     */
    async usage(companyId: number, id: number): Promise<RowUsage> {
      if (!(await repo.findOwned(companyId, id)))
        throw new AppError('NOT_FOUND', PILL_MESSAGES.notFound);
      return ordersUsingRow(rowUsage, companyId, { kind: 'pill', id });
    },
  };
}

export type PillsService = ReturnType<typeof createPillsService>;
