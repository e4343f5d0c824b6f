import type { OrderBenchmark } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { TemplateOrigins } from '../calculations/template-origins';
import type { TariffComparisonService } from './tariff-comparison.service';

/**
 * `GET /api/company/{companyIdentifier}/tariff-comparison/orders/{identifier}` (issue 41, the wizard's step 5): the
 * caller's unfiltered comparison (the service's `compare`, so the same figures and the same k rule as the page),
 * matched to the order's services through the template each was made from. The order is looked up first (another
 * company's order: 404); a company not taking part gets no services rather than the comparison's 403.
 */
export function createOrderComparison(deps: {
  service: Pick<TariffComparisonService, 'compare'>;
  /** The calculation ids of the company's order (the orders module; 404 for another company's order). */
  orderCalculationIds: (companyId: number, identifier: string) => Promise<number[]>;
  templateOrigins: TemplateOrigins;
}) {
  return async function orderComparison(
    companyId: number,
    identifier: string,
  ): Promise<OrderBenchmark> {
    const calculationIds = await deps.orderCalculationIds(companyId, identifier);
    const benchmark = await deps.service.compare(companyId, {}).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'FORBIDDEN') return null;
      throw error;
    });
    if (!benchmark) return { services: [] };
    const origins = await deps.templateOrigins.templatesOf(companyId);
    const byTemplate = new Map(benchmark.services.map((service) => [service.templateId, service]));
    return {
      services: calculationIds.flatMap((calculationId) => {
        const templateId = origins.get(calculationId);
        const service = templateId === undefined ? undefined : byTemplate.get(templateId);
        return service ? [{ ...service, calculationId }] : [];
      }),
    };
  };
}

export type OrderComparison = ReturnType<typeof createOrderComparison>;
