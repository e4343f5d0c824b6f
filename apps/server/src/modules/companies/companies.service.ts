import { emptyCompanyInfo } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { newIdentifier } from '../../lib/random';
import type { CompaniesRepository } from './companies.repository';

export function createCompaniesService(deps: { companiesRepository: CompaniesRepository }) {
  const { companiesRepository } = deps;
  return {
    /**
     * Creates a company with empty institution data and its own copy of the template staffing table
     * (issue "Foundation": registration gives the company its staffing table). Runs inside the caller's
     * transaction so a failed registration leaves nothing behind.
     */
    async createCompany(input: { name: string; phone: string }, tx: Executor) {
      const company = await companiesRepository.insertCompany(
        { identifier: newIdentifier(), name: input.name, phone: input.phone, info: emptyCompanyInfo() },
        tx,
      );
      await companiesRepository.copyTemplateStaff(company.id, tx);
      return company;
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
