import { formatMoney, serviceCodeOf, moneyToString, sumMoney } from '@medcalc/domain';
import { groupByCategory, printedMaterialLines } from './document-source';
import type { OrderDocumentSource, PrintedMaterialLine } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/** One material line of a service. */
export type SpendingLine = PrintedMaterialLine;

/** One service with its material lines and its stored materials total. */
export interface SpendingService {
  code: string;
  name: string;
  lines: SpendingLine[];
  /** The stored `cost.materials`, UAH. */
  total: string;
}

/** «Витрати використаних матеріалів»: per service, every material with quantity, price and sum. */
export interface MaterialsSpendingData {
  heading: PageHeading;
  title: string;
  categories: Array<{ name: string; services: SpendingService[] }>;
  /** The sum of the services' stored totals, UAH. */
  grandTotal: string;
}

/**
 * Data of «Витрати використаних матеріалів» (document `materials_spending`): per category and service, each
 * material line with its quantity, price per unit and sum, and the service's total. Sums and totals are the
 * stored results (`cost.materialLines`, `cost.materials`), never recomputed; the order's total adds the stored
 * service totals exactly (domain `sumMoney`). An empty line (no material chosen, costing 0,00) is left out; a
 * line that costs something is printed whatever its name.
 */
export function buildMaterialsSpendingData(source: OrderDocumentSource): MaterialsSpendingData {
  const categories = groupByCategory(source.services).map(({ category, services }) => ({
    name: category,
    services: services.map((service): SpendingService => {
      const { pills } = service.content;
      const sums = service.cost.materialLines;
      if (sums.length !== pills.length) {
        throw new Error(`stored results of calculation ${service.id} do not match its materials`);
      }
      const lines = printedMaterialLines(service).map(({ printed }) => printed);
      return {
        code: serviceCodeOf(service),
        name: service.name,
        lines,
        total: formatMoney(service.cost.materials),
      };
    }),
  }));
  return {
    heading: buildPageHeading(source),
    title: 'Витрати використаних матеріалів',
    categories,
    grandTotal: formatMoney(
      moneyToString(sumMoney(source.services.map((service) => service.cost.materials))),
    ),
  };
}
