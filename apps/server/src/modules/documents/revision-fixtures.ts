import {
  compareRevisions,
  computeOrderCosts,
  type CalculationContent,
  type PriceRounding,
  type RevisionSide,
} from '@medcalc/domain';
import { WORKED_CONTENT, documentSource, workedService } from '../../../test/document-fixtures';
import type { ComparisonSource } from './build-comparison-data';
import type { OrderDocumentSource } from './document-source';

/*
 * Test fixtures of the documents' tests (imported by *.test.ts only, so never bundled): orders whose services are
 * priced (VAT, the order's rounding) as Calculate prices them, and two revisions of an order with the domain's
 * comparison of them (test/document-fixtures.ts holds the rest).
 */

export type ServiceInput = {
  id: number;
  categoryName: string | null;
  name: string;
  content: CalculationContent;
};

/**
 * A revision of an order: its services' costs computed as Calculate computes them (`computeOrderCosts` with the
 * order's rounding and each content's VAT), and that rounding.
 */
export function revision(
  services: ServiceInput[],
  rounding: PriceRounding,
  options: Parameters<typeof documentSource>[1] = {},
) {
  const source = documentSource(services, options);
  const costs = computeOrderCosts(
    source.order.companyInfo,
    services.map((service) => service.content),
    rounding,
  );
  source.services.forEach((service, index) => {
    const cost = costs[index];
    if (cost) service.cost = cost;
  });
  return { source, rounding };
}

export const side = ({
  source,
  rounding,
}: {
  source: OrderDocumentSource;
  rounding: PriceRounding;
}): RevisionSide => ({
  companyInfo: source.order.companyInfo,
  priceRounding: rounding,
  services: source.services.map((service) => ({
    ...service,
    identifier: `calc${service.id}`,
  })),
});

export const WORKED: ServiceInput = workedService();
export const CONSULTATION: ServiceInput = {
  id: 43,
  categoryName: 'Консультації',
  name: 'Консультація лікаря',
  content: WORKED_CONTENT,
};
export const REMOVED: ServiceInput = {
  id: 44,
  categoryName: 'Ультразвукова діагностика',
  name: 'Стара послуга',
  content: WORKED_CONTENT,
};
export const ADDED: ServiceInput = {
  id: 45,
  categoryName: 'Консультації',
  name: 'Нова послуга',
  content: WORKED_CONTENT,
};

/**
 * Revision 1 → 2 of the worked example: the УЗД becomes taxable, the order rounds to 1,00 грн, the consultation
 * stays, one service is removed and one added. Hand-checked: 279,84 → 279,84 + 55,97 = 335,81 → 336,00; the
 * consultation 279,84 → 280,00.
 */
export function comparisonSource(): ComparisonSource {
  const before = revision([WORKED, CONSULTATION, REMOVED], 'none');
  const after = revision(
    [workedService({ ...WORKED_CONTENT, vat: 'vat20' }), CONSULTATION, ADDED],
    '1.00',
    { status: 'sent' },
  );
  after.source.order.revision = 2;
  return {
    after: after.source,
    beforeRevision: 1,
    afterRevision: 2,
    comparison: compareRevisions(side(before), side(after)),
  };
}

/** An order of these services priced with the order's rounding (VAT as each content says). */
export const pricedSource = (
  services: ServiceInput[],
  rounding: PriceRounding,
  options: Parameters<typeof documentSource>[1] = {},
): OrderDocumentSource => revision(services, rounding, options).source;

/** A taxable worked example and an exempt service, in an order rounding to 0,50 грн, of revision 2. */
export function pricedOrder() {
  const source = pricedSource(
    [
      workedService({ ...WORKED_CONTENT, vat: 'vat20' }),
      {
        id: 43,
        categoryName: 'Ультразвукова діагностика',
        name: 'Консультація',
        content: { ...WORKED_CONTENT, profit: 12.3 },
      },
    ],
    '0.50',
  );
  source.order.revision = 2;
  return source;
}

/** The page heading of the worked example's order (not approved) at its revision 2. */
export const REVISION_2_HEADING = {
  institutionName: 'КНП «Міська клінічна лікарня № 1» Київської міської ради',
  institutionCode: '00032129',
  orderName: 'Платні послуги 2027',
  orderNumber: 'З-2026-0001',
  orderDate: '22.11.2026',
  notApprovedMark: 'НЕ ПОГОДЖЕНО',
  revisionLabel: 'Редакція 2',
};
