import type { Measurement, MeasurementInput, Option } from '@medcalc/domain';
import type { Executor } from '../../db/client';
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
import type { MeasurementsRepository, NamedMeasurement, Owner } from './measurements.repository';

export type { Owner } from './measurements.repository';

export const MEASUREMENT_MESSAGES = {
  created: 'Одиницю виміру додано.',
  updated: 'Одиницю виміру змінено.',
  deleted: 'Одиницю виміру видалено.',
  notFound: 'Одиницю виміру не знайдено.',
  duplicate: 'Одиниця виміру з такою назвою вже існує.',
  duplicateStandard: 'Така одиниця виміру вже є серед стандартних.',
  inUse:
    'Одиницю виміру не можна видалити: її використовують матеріали. Спочатку змініть їм одиницю виміру або видаліть їх.',
} as const;

/**
 * Units of measurement (spec §2 "Measurements", §3 "Measurement"): the provider's standard units (owner `null`,
 * managed by the administrator) and each company's own units. Names are unique per owner, case-insensitively;
 * a company unit may not repeat a standard unit's name either, so a material's unit name always means one unit
 * to the company.
 */
export function createMeasurementsService(deps: {
  measurementsRepository: MeasurementsRepository;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { measurementsRepository: repo, runInTransaction, activityLog } = deps;

  /**
   * Owners whose units `owner` sees: the standard units and, for a company, its own. A new or renamed unit must
   * not repeat their names, and a material may name any of them.
   */
  const visibleOwners = (owner: Owner): Owner[] => (owner === null ? [null] : [null, owner]);

  async function assertNameFree(owner: Owner, name: string, exceptId?: number): Promise<void> {
    const clashes = await repo.findByName(
      visibleOwners(owner),
      name,
      exceptId === undefined ? {} : { exceptId },
    );
    const clash = clashes[0];
    if (!clash) return;
    const message =
      owner !== null && clash.companyId === null
        ? MEASUREMENT_MESSAGES.duplicateStandard
        : MEASUREMENT_MESSAGES.duplicate;
    throw AppError.field('name', message);
  }

  /** Runs a write, turning a unique-index race into the same 422 the check above gives (never a 500). */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueViolationError)
        throw AppError.field('name', MEASUREMENT_MESSAGES.duplicate);
      throw error;
    }
  }

  return {
    /** `GET /api/get-measurements`: the standard units as `{ value: id, label: name }` (spec §7). */
    async listStandardOptions(): Promise<Option[]> {
      const units = await repo.listByOwner(null);
      return units.map((unit) => ({ value: unit.id, label: unit.name }));
    },

    /**
     * An owner's units (`list`), one page of them (`page`), the units companies made (`pageOfCompanies`,
     * the administrator's), and one unit among an owner's or the companies' (`findOwned`, `findOfCompanies`).
     */
    ...referenceDataReads(repo),

    /** A company's unit is logged in its activity log as `actor`'s change; a standard one is not logged. */
    async create(owner: Owner, input: MeasurementInput, actor: Actor): Promise<Measurement> {
      const name = input.name.trim();
      await assertNameFree(owner, name);
      return runInTransaction(async (tx) => {
        const created = await guardUnique(() => repo.insert(owner, name, tx));
        await recordOwned(activityLog, tx, owner, actor, {
          kind: 'unit',
          subject: name,
          changes: changeOf('Назва', null, name),
        });
        return created;
      });
    },

    /** Renames one of the owner's units; another owner's id is 404 (spec §6: nothing of another company). */
    async update(
      owner: Owner,
      id: number,
      input: MeasurementInput,
      actor: Actor,
    ): Promise<Measurement> {
      const name = input.name.trim();
      const before = await repo.findOwned(owner, id);
      if (!before) throw new AppError('NOT_FOUND', MEASUREMENT_MESSAGES.notFound);
      await assertNameFree(owner, name, id);
      const updated = await runInTransaction(async (tx) => {
        const renamed = await guardUnique(() => repo.rename(owner, id, name, tx));
        if (renamed)
          await recordOwned(activityLog, tx, owner, actor, {
            kind: 'unit',
            subject: name,
            changes: changeOf('Назва', before.name, name),
          });
        return renamed;
      });
      if (!updated) throw new AppError('NOT_FOUND', MEASUREMENT_MESSAGES.notFound);
      return updated;
    },

    /**
     * Deletes one of the owner's units. A unit some material still uses is refused with 409 and nothing is
     * deleted (docs/decisions.md "Decisions and departures from the spec and the house guide"): a material must always name an existing unit.
     */
    async remove(owner: Owner, id: number, actor: Actor): Promise<void> {
      try {
        await removeOwnedRecorded(
          { runInTransaction, activityLog, repo },
          { owner, id, actor, kind: 'unit', notFound: MEASUREMENT_MESSAGES.notFound },
          (before) => changeOf('Назва', before.name, null),
        );
      } catch (error) {
        if (error instanceof ForeignKeyViolationError)
          throw new AppError('CONFLICT', MEASUREMENT_MESSAGES.inUse);
        throw error;
      }
    },

    /**
     * The standard (template-level) unit named `name` (case-insensitively), created in the caller's transaction
     * when there is none (admin's add-to-template copies a company unit a template needs to the standard ones).
     */
    async ensureStandardUnit(
      name: string,
      tx?: Executor,
    ): Promise<{ unit: NamedMeasurement; created: boolean }> {
      const trimmed = name.trim();
      const { row, created } = await findOrInsert(
        `standard unit "${trimmed}"`,
        async () => (await repo.findByName([null], trimmed, {}, tx))[0],
        () => repo.insertIfAbsent(null, trimmed, tx),
      );
      return { unit: row, created };
    },

    /**
     * The unit a material of `owner` may name (spec §3 "Material": `measurementType` is the unit's name): a standard
     * unit, or for a company also one of its own, matched case-insensitively. Standard units win a tie.
     */
    async resolveUnit(owner: Owner, name: string): Promise<NamedMeasurement | undefined> {
      const matches = await repo.findByName(visibleOwners(owner), name);
      return matches[0];
    },
  };
}

export type MeasurementsService = ReturnType<typeof createMeasurementsService>;
