import {
  compareUkrainian,
  COMPANY_INFO_LABELS,
  VALIDATION_MESSAGE,
  activityValueText,
  companyInfoSchema,
  companyRequisiteIssues,
  emptyCompanyInfo,
  type CompanyInfo,
  type CompanyInfoUpdate,
  type CompanyOption,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import type { ActivityLog, ActivityRecord } from '../activity/activity-log';
import type { WorkScope } from '../../lib/company-scope';
import { AppError } from '../../lib/app-error';
import { newIdentifier } from '../../lib/random';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesRepository } from './companies.repository';
import type { StaffTemplateCopier } from '../staff/staff-ports';

export const COMPANY_MESSAGES = {
  notFound: 'Заклад не знайдено.',
  infoSaved: 'Дані закладу збережено.',
} as const;

/** The activity row of an institution-data change: one change per field whose value differs (old → new). */
function companyInfoActivity(before: CompanyInfo, after: CompanyInfo): ActivityRecord {
  const labels: Readonly<Record<string, string>> = COMPANY_INFO_LABELS;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes = [...keys].flatMap((key) => {
    const from = activityValueText((before as Record<string, unknown>)[key]);
    const to = activityValueText((after as Record<string, unknown>)[key]);
    return from === to ? [] : [{ field: labels[key] ?? key, from, to }];
  });
  return { kind: 'company-info', subject: after.name || before.name, changes };
}
/**
 * The stored institution data with the keys of a partial update laid over it (`PUT /api/company-info`): a key
 * that is missing or undefined keeps its stored value; every other key, an explicit clear included, replaces it.
 */
export function mergeCompanyInfo(stored: CompanyInfo, changes: CompanyInfoUpdate): CompanyInfo {
  const sent = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<CompanyInfo>;
  return companyInfoSchema.parse({ ...stored, ...sent });
}

export function createCompaniesService(deps: {
  companiesRepository: CompaniesRepository;
  /** The staff module's port: a new company's copy of the template staffing table. */
  staffTemplate: StaffTemplateCopier;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { companiesRepository, staffTemplate, runInTransaction, activityLog } = deps;
  return {
    /**
     * `GET /api/get-companies-list` (spec §3 "Company list option"): every company as `{ value: identifier,
     * label: name }`, by name in Ukrainian alphabetical order (sorted here: SQL's order follows the collation).
     */
    async listOptions(): Promise<CompanyOption[]> {
      const rows = await companiesRepository.listNames();
      return rows
        .map((row) => ({ value: row.identifier, label: row.name }))
        .sort((a, b) => compareUkrainian(a.label, b.label) || a.value.localeCompare(b.value));
    },

    /**
     * The internal id of the company a URL or a body names by its public identifier (admin calls: any company);
     * 404 when there is none.
     */
    async idOfIdentifier(identifier: string, tx?: Executor): Promise<number> {
      const id = await companiesRepository.findIdByIdentifier(identifier, tx);
      if (id === undefined) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
      return id;
    },

    /**
     * Creates a company with empty institution data but for its full name, the one given at registration (issue
     * 23: /company opens with it filled in), and its own copy of the template staffing table (issue "Foundation":
     * registration gives the company its staffing table). Runs inside the caller's transaction so a failed
     * registration leaves nothing behind.
     */
    async createCompany(input: { name: string; phone: string }, tx: Executor) {
      const company = await companiesRepository.insertCompany(
        {
          identifier: newIdentifier(),
          name: input.name,
          phone: input.phone,
          info: { ...emptyCompanyInfo(), name: input.name },
        },
        tx,
      );
      await staffTemplate.copyTemplateTo(company.id, tx);
      return company;
    },

    /**
     * The company's institution data (spec §3 "Company info"), with defaults for fields older rows lack. Callers
     * pass the internal id they took from the session (company scoping is theirs to check first).
     */
    async getCompanyInfo(companyId: number, tx?: Executor): Promise<CompanyInfo> {
      const stored = await companiesRepository.findInfo(companyId, tx);
      if (stored === undefined) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
      return parseStoredCompanyInfo(stored);
    },

    /**
     * `PUT /api/company-info/{companyId}` (spec §7): lays the sent keys over the stored data and stores the
     * result, after `companyRequisiteIssues` (a 422 under the field for a changed invalid requisite); keys not sent keep their stored values, so a client sending only `{ name }` blanks nothing. The row
     * is locked while it is read and written, so two concurrent saves of different fields both survive. Returns
     * the whole institution data as stored. The demo account's set-up stores its data too, with no actor and so no
     * activity row.
     */
    async updateCompanyInfo(scope: WorkScope, changes: CompanyInfoUpdate): Promise<CompanyInfo> {
      const { companyId } = scope;
      return runInTransaction(async (tx) => {
        const stored = await companiesRepository.findInfo(companyId, tx, { forUpdate: true });
        if (stored === undefined) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
        const current = parseStoredCompanyInfo(stored);
        const merged = mergeCompanyInfo(current, changes);
        // A changed code, account or phone must be valid; a stored legacy value may stay (issue 13).
        const issues = companyRequisiteIssues(merged, current);
        if (Object.keys(issues).length > 0) {
          throw new AppError('VALIDATION', VALIDATION_MESSAGE, {
            fieldErrors: Object.fromEntries(
              Object.entries(issues).map(([field, message]) => [field, [message]]),
            ),
          });
        }
        if (!(await companiesRepository.updateInfo(companyId, merged, tx)))
          throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
        if (scope.actor) await activityLog.record(tx, scope, companyInfoActivity(current, merged));
        return merged;
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
