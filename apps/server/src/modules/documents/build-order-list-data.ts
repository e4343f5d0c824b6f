import { formatMoney, formatServiceCode } from '@medcalc/domain';
import { buildDocumentHeading, groupByCategory, storedAmount } from './document-source';
import type { DocumentHeading, OrderDocumentSource } from './document-source';

/** One service of the прейскурант. */
export interface OrderListRow {
  /** Running number across the whole list. */
  number: number;
  /** The service code (domain `formatServiceCode`), as step 5 and /calculations show it. */
  code: string;
  name: string;
  /** Собівартість: the stored `summary`, UAH. */
  cost: string;
  /** Рентабельність, percent. */
  profitability: string;
  /** Тариф без ПДВ: the stored `summaryWithProfit`, UAH. */
  tariff: string;
  /** The same three as numbers (for the workbook's numeric cells): the stored values, not a recomputation. */
  values: { cost: number; profitability: number; tariff: number };
}

/** A signature line: who signs and their name ('' leaves the name to be written by hand). */
export interface SignatureLine {
  position: string;
  name: string;
}

/** «Перелік послуг, що калькулюються»: the прейскурант of the order, by category, with signatures. */
export interface OrderListData {
  heading: DocumentHeading;
  title: string;
  /** Medical services are VAT-exempt (Tax Code 197.1.5, docs/methodology.md), so tariffs are без ПДВ. */
  note: string;
  categories: Array<{ name: string; rows: OrderListRow[] }>;
  signatures: SignatureLine[];
}

/**
 * Data of «Перелік послуг, що калькулюються» (document `order_list`, the прейскурант): the order's services
 * grouped by category (categories in order of first appearance), each with its running number, code, name, cost,
 * profitability percent and tariff без ПДВ exactly as Calculate stored them, and the signature lines of the head
 * of the institution and the chief accountant.
 */
export function buildOrderListData(source: OrderDocumentSource): OrderListData {
  let number = 0;
  const info = source.order.companyInfo;
  return {
    heading: buildDocumentHeading(source),
    title: 'Перелік послуг, що калькулюються',
    note: 'Ціни (тарифи) на платні медичні послуги, грн, без ПДВ',
    categories: groupByCategory(source.services).map(({ category, services }) => ({
      name: category,
      rows: services.map((service) => ({
        number: (number += 1),
        code: formatServiceCode(service.id),
        name: service.name,
        cost: formatMoney(service.cost.summary),
        profitability: formatMoney(service.content.profit),
        tariff: formatMoney(service.cost.summaryWithProfit),
        values: {
          cost: storedAmount(service.cost.summary),
          profitability: service.content.profit,
          tariff: storedAmount(service.cost.summaryWithProfit),
        },
      })),
    })),
    signatures: [
      { position: 'Керівник закладу', name: info.ceo_name.trim() },
      { position: 'Головний бухгалтер', name: info.counter_name.trim() },
    ],
  };
}
