import {
  PAYMENT_PENDING_MESSAGE,
  articleSharesOf,
  comparedTariffOf,
  isOpenForWork,
  type OrderBenchmark,
  type OrderStatus,
  type ServiceCost,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { TemplateOrigins } from '../calculations/template-origins';
import type { TariffComparisonService } from './tariff-comparison.service';

/** A service of the order as stored: its calculation id and its калькуляція (null until the order is calculated). */
export interface OrderCalculationCost {
  id: number;
  cost: ServiceCost | null;
}

/**
 * `GET /api/company/{companyIdentifier}/tariff-comparison/orders/{identifier}` (issue 41, the wizard's step 5): for
 * each of the order's services made from a template, the tariff of the order on screen — its stored калькуляція's
 * final tariff, the domain engine's result step 5 shows — placed in the template's unfiltered stored group among the
 * other institutions (the service's `compareOrder`: the same k rule as the page). A service not calculated places
 * nothing (`ourTariff` null). The order is looked up first as the wizard reads it (another company's order: 404, one
 * not yet paid: 403); a company not taking part gets no services rather than the comparison's 403.
 */
export function createOrderComparison(deps: {
  service: Pick<TariffComparisonService, 'compareOrder'>;
  /** The company's order: its status and its services' stored калькуляції (404 for another company's order). */
  orderCalculations: (
    companyId: number,
    identifier: string,
  ) => Promise<{ status: OrderStatus; calculations: OrderCalculationCost[] }>;
  templateOrigins: TemplateOrigins;
}) {
  return async function orderComparison(
    companyId: number,
    identifier: string,
  ): Promise<OrderBenchmark> {
    const { status, calculations } = await deps.orderCalculations(companyId, identifier);
    if (!isOpenForWork(status)) throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
    const origins = await deps.templateOrigins.templatesOf(companyId);
    return deps.service.compareOrder(
      companyId,
      calculations.flatMap(({ id, cost }) => {
        const templateId = origins.get(id);
        if (templateId === undefined) return [];
        const placed = cost && { tariff: comparedTariffOf(cost), shares: articleSharesOf(cost) };
        return [{ calculationId: id, templateId, placed }];
      }),
    );
  };
}

export type OrderComparison = ReturnType<typeof createOrderComparison>;
