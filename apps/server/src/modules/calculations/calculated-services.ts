import {
  CALCULATED_STATUSES,
  serviceCodeOf,
  servicePriceOf,
  type AdminCalculation,
  type CalculatedService,
  type PageQuery,
  type Paged,
} from '@medcalc/domain';
import { pageWindow, toPaged } from '../../lib/paginate';
import type { CalculatedServiceRecord, CalculationsRepository } from './calculations.repository';

/** Storage → wire (domain `calculatedServiceSchema`). */
const toCalculatedService = (row: CalculatedServiceRecord): CalculatedService => ({
  id: row.id,
  identifier: row.identifier,
  code: serviceCodeOf(row),
  name: row.name,
  categoryName: row.categoryName,
  orderIdentifier: row.orderIdentifier,
  orderName: row.orderName,
  orderStatus: row.orderStatus,
  summary: row.summary,
  summaryWithProfit: row.summaryWithProfit,
  // The final tariff (VAT and rounding, issue 18) from the stored price rows; a service calculated before they
  // were stored is exempt and unrounded (`servicePriceOf`), so its tariff is its «Тариф без ПДВ».
  tariff:
    row.summaryWithProfit === null
      ? null
      : servicePriceOf({ summaryWithProfit: row.summaryWithProfit, price: row.price ?? undefined })
          .tariff,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A company's calculations as lists: the /calculations page's calculated services and the admin's list. */
export function createCalculatedServices(deps: {
  repo: Pick<CalculationsRepository, 'pageOfCompany' | 'listOfCompany'>;
}) {
  const { repo } = deps;
  return {
    /**
     * `GET /api/company/{companyIdentifier}/calculated-services?page&perPage&search` (new call, the /calculations
     * page): the company's services from orders at `formed`, `sent` or `confirmed`, newest updated first,
     * filtered by the service name.
     */
    async pageCalculatedServices(
      companyId: number,
      query: PageQuery,
    ): Promise<Paged<CalculatedService>> {
      const { rows, total } = await repo.pageOfCompany({
        companyId,
        statuses: CALCULATED_STATUSES,
        search: query.search,
        ...pageWindow(query),
      });
      return toPaged(rows.map(toCalculatedService), total, query);
    },

    /**
     * `GET /api/company/{companyId}/calculations/calculations-list` (admin, spec §3 "Calculation (list/admin)"):
     * every calculation of the company, whatever its order's status, newest updated first. `companyCode` is the
     * service code step 5 and the documents print.
     */
    async listOfCompany(companyId: number): Promise<AdminCalculation[]> {
      const rows = await repo.listOfCompany(companyId);
      return rows.map((row) => ({
        id: row.id,
        identifier: row.identifier,
        companyCode: serviceCodeOf(row),
        name: row.name,
        orderName: row.orderName,
        orderStatus: row.orderStatus,
        categoryId: row.categoryId,
        categoryName: row.categoryName,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }));
    },
  };
}
