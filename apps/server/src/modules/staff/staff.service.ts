import {
  moneyToString,
  type ChangeSalaryInput,
  type StaffRate,
  type StaffRateInput,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { StaffRepository } from './staff.repository';

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
export function createStaffService(deps: { staffRepository: StaffRepository }) {
  const repo = deps.staffRepository;
  return {
    /** `GET /api/get-stuff/{companyId}`: the company's table, ordered by qualification, then id. */
    async list(companyId: number): Promise<StaffRate[]> {
      return repo.listByCompany(companyId);
    },

    /** `POST /api/change-salary` (spec §7): a row of another company is 404 and nothing changes. */
    async changeSalary(companyId: number, input: ChangeSalaryInput): Promise<void> {
      const updated = await repo.updateSalary(companyId, input.id, moneyToString(input.salary));
      if (!updated) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
    },

    /**
     * `POST /api/company/{companyIdentifier}/stuff` (new call): adds the company's own position. The same
     * qualification, category and degree twice would make the wizard's dropdown ambiguous → 422.
     */
    async create(companyId: number, input: StaffRateInput): Promise<StaffRate> {
      const values = {
        qualification: input.qualification.trim(),
        category: input.category,
        scientific_degree: input.scientific_degree,
        salary: moneyToString(input.salary),
      };
      if (await repo.positionTaken(companyId, values)) {
        throw AppError.field('qualification', STAFF_MESSAGES.duplicate);
      }
      return repo.insert(companyId, values);
    },

    /** `DELETE /api/company/{companyIdentifier}/stuff/{id}` (new call): another company's row is 404. */
    async remove(companyId: number, id: number): Promise<void> {
      if (!(await repo.remove(companyId, id)))
        throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
