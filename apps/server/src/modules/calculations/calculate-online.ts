import {
  computeOrderCosts,
  formatServiceCode,
  type CalculateOnlineInput,
  type ProfitabilityResult,
} from '@medcalc/domain';
import { profitabilityService } from './calculate-online-answer';
import type { CalculationsRepository } from './calculations.repository';

/** A service's code from its number in the company; none (empty) for a service the company does not have. */
const codeOf = (serviceNumber: number | undefined) =>
  serviceNumber === undefined ? '' : formatServiceCode(serviceNumber);

/** The wizard's preview (spec §7 `calculate-online`, wizard step 5), which stores nothing. */
export function createCalculateOnline(deps: {
  repo: Pick<CalculationsRepository, 'serviceNumbersOf'>;
}) {
  const { repo } = deps;
  return {
    /**
     * `POST /api/calculations/calculate-online` (spec §7, wizard step 5): the калькуляція of every service with
     * the institution data as sent, in the order the categories and services arrived. Stores nothing; missing
     * institution data count as 0. `companyId` is the service code (`formatServiceCode`): the number of the
     * company's service with that id (issue 23), empty for an id that is not one of the company's services.
     */
    async calculateOnline(
      companyId: number,
      input: CalculateOnlineInput,
    ): Promise<ProfitabilityResult> {
      const groups = Object.entries(input.calculations);
      const numbers = await repo.serviceNumbersOf(
        companyId,
        groups.flatMap(([, items]) => items.map((item) => item.id)),
      );
      const costs = computeOrderCosts(
        input.companyInfo,
        groups.flatMap(([, items]) => items.map((item) => item.calculation)),
        input.priceRounding,
      );
      let next = 0;
      return groups.map(([category, items]) => ({
        category,
        calculations: items.map((item) => {
          const costing = costs[next++];
          if (!costing)
            throw new Error('computeOrderCosts answered fewer services than it was given');
          return profitabilityService(item.id, item.name, costing, codeOf(numbers.get(item.id)));
        }),
      }));
    },
  };
}
