import {
  compareStaffRates,
  moneyToString,
  type ChangeSalaryInput,
  type RowUsage,
  type StaffRate,
  type StaffRateInput,
  formatMoney,
  formatStaffRateLabel,
  staffPositionKey,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { ordersUsingRow, type RowUsageStore } from '../../lib/row-usage';
import type { RunInTransaction } from '../../lib/transaction';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import type { CompanyScope, WorkScope } from '../../lib/company-scope';
import { AppError } from '../../lib/app-error';
import { companyRowReads } from '../../lib/company-row-reads';
import { UniqueViolationError } from '../../lib/db-errors';
import type { CompanyStaffRow, StaffPositionRow, StaffRepository } from './staff.repository';

export type { CompanyStaffRow, StaffPositionRow };

export const STAFF_MESSAGES = {
  salarySaved: 'Оклад збережено.',
  created: 'Посаду додано до штатного розпису.',
  deleted: 'Посаду видалено зі штатного розпису.',
  notFound: 'Посаду не знайдено у штатному розписі закладу.',
  duplicate: 'Така посада (кваліфікація, категорія, науковий ступінь) вже є у штатному розписі.',
} as const;

/**
 * The company's staffing table (spec §2 "Staff", §3 "Staff rate"). Every company starts with a copy of the
 * provider's template table (made at registration) and edits only its own rows: salaries, its own positions,
 * deletions. Calculations keep a snapshot of each staff line (quality id and name, salary), so deleting a
 * position never changes an order; the wizard warns about a qualification missing from the table (spec §8).
 */
export function createStaffService(deps: {
  staffRepository: StaffRepository;
  rowUsage: RowUsageStore;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { staffRepository: repo, rowUsage, runInTransaction, activityLog } = deps;
  return {
    /** `GET /api/get-stuff/{companyId}`: the company's table in the order of domain `compareStaffRates`. */
    async list(companyId: number): Promise<StaffRate[]> {
      return (await repo.listByCompany(companyId)).sort(compareStaffRates);
    },

    /**
     * The company's own row for each of the given template rows, by template row id (issue "orders": a template
     * copied into an order names the company's rows). Each company got a copy of every template row at
     * registration (`staff_rates.template_id`); with two copies of one template row, the lowest id wins.
     */
    async companyRowsByTemplateIds(
      companyId: number,
      templateIds: readonly number[],
      tx?: Executor,
    ): Promise<Map<number, CompanyStaffRow>> {
      const rows = await repo.findByTemplateIds(companyId, [...new Set(templateIds)], tx);
      const byTemplateId = new Map<number, CompanyStaffRow>();
      for (const row of rows) {
        if (!byTemplateId.has(row.templateId)) byTemplateId.set(row.templateId, row);
      }
      return byTemplateId;
    },

    /**
     * The company's staffing rows among ids: the wizard's staff lines must name one (spec §3 "stuff line",
     * `quality.id`); admin's add-to-template maps a calculation's staff lines back onto the template table through
     * each row's template id.
     */
    ...companyRowReads(repo),

    /** The provider's template staffing table, in id order. */
    async templateRows(tx?: Executor): Promise<StaffPositionRow[]> {
      return repo.listTemplateRows(tx);
    },

    /**
     * `POST /api/change-salary` (spec §7): a row of another company is 404 and nothing changes. The demo account's
     * set-up sets salaries too, with no actor and so no activity row.
     */
    async changeSalary(scope: WorkScope, input: ChangeSalaryInput): Promise<void> {
      const { companyId } = scope;
      await runInTransaction(async (tx) => {
        const [before] = await repo.findRowsOfCompany(companyId, [input.id], tx);
        const salary = moneyToString(input.salary);
        const updated = await repo.updateSalary(companyId, input.id, salary, tx);
        if (!updated || !before) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
        if (scope.actor)
          await activityLog.record(tx, scope, {
            kind: 'salary',
            subject: formatStaffRateLabel(before),
            changes: changeOf('Оклад', formatMoney(before.salary), formatMoney(salary)),
          });
      });
    },

    /**
     * `POST /api/company/{companyIdentifier}/stuff` (new call): adds the company's own position. The same
     * position twice (`staffPositionKey`, the rule the import uses too) would make the wizard's dropdown ambiguous
     * → 422. The unique index `staff_rates_position_unique` backs the check, so two identical positions posted at
     * once give the same 422.
     */
    async create(scope: CompanyScope, input: StaffRateInput): Promise<StaffRate> {
      const { companyId } = scope;
      const values = {
        qualification: input.qualification.trim(),
        category: input.category,
        scientific_degree: input.scientific_degree,
        salary: moneyToString(input.salary),
      };
      const key = staffPositionKey(values);
      if ((await repo.listByCompany(companyId)).some((row) => staffPositionKey(row) === key)) {
        throw AppError.field('qualification', STAFF_MESSAGES.duplicate);
      }
      try {
        return await runInTransaction(async (tx) => {
          const created = await repo.insert(companyId, values, tx);
          await activityLog.record(tx, scope, {
            kind: 'position',
            subject: formatStaffRateLabel({
              qualification: created.qualification,
              category: created.category,
              scientificDegree: created.scientific_degree,
            }),
            changes: changeOf('Оклад', null, formatMoney(created.salary)),
          });
          return created;
        });
      } catch (error) {
        if (error instanceof UniqueViolationError)
          throw AppError.field('qualification', STAFF_MESSAGES.duplicate);
        throw error;
      }
    },

    /** `DELETE /api/company/{companyIdentifier}/stuff/{id}` (new call): another company's row is 404. */
    async remove(scope: CompanyScope, id: number): Promise<void> {
      const { companyId } = scope;
      await runInTransaction(async (tx) => {
        const [before] = await repo.findRowsOfCompany(companyId, [id], tx);
        if (!before || !(await repo.remove(companyId, id, tx)))
          throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
        await activityLog.record(tx, scope, {
          kind: 'position',
          subject: formatStaffRateLabel(before),
          changes: changeOf('Оклад', formatMoney(before.salary), null),
        });
      });
    },

    /**
     * `GET /api/company/{companyIdentifier}/stuff/{id}/orders` (issue 33): the company's orders whose staff lines
     * point at the row, for its delete question. Another company's row is 404.
     */
    async usage(companyId: number, id: number): Promise<RowUsage> {
      const [row] = await repo.findRowsOfCompany(companyId, [id]);
      if (!row) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
      return ordersUsingRow(rowUsage, companyId, { kind: 'staff', id });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
