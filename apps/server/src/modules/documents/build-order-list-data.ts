import {
  VAT_RATE_PERCENT,
  formatMoney,
  serviceCodeOf,
  servicePriceOf,
  type ServicePrice,
} from '@medcalc/domain';
import { roundingStepText } from './build-service-costing-data';
import { groupByCategory, storedAmount } from './document-source';
import type { OrderDocumentSource } from './document-source';
import type { SignatureLine } from './approval-line';
import { buildPageHeading, type PageHeading } from './page-heading';

/** A price column the прейскурант has after «Тариф без ПДВ» when the order has VAT or rounds. */
export type OrderListPriceColumn = 'vat' | 'rounding' | 'final';

/** A service's amounts in the price columns, as printed and as numbers (the workbook's numeric cells). */
export interface OrderListPrice {
  /** ПДВ, UAH; {@link VAT_EXEMPT_TEXT} for an exempt service of a list with VAT. */
  vat: string;
  /** Округлення, UAH: the final tariff minus the tariff with VAT (negative when rounded down). */
  rounding: string;
  /** The final tariff (the stored `price.tariff`): Тариф без ПДВ + ПДВ + Округлення. */
  final: string;
  /** The same as numbers; `vat` null for an exempt service. */
  values: { vat: number | null; rounding: number; final: number };
}

/** One service of the прейскурант. */
export interface OrderListRow {
  /** Running number across the whole list. */
  number: number;
  /** The service code (domain `serviceCodeOf`), as step 5 and /calculations show it. */
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
  /** The price columns' amounts; present only when the list has price columns ({@link OrderListData}). */
  price?: OrderListPrice;
}

/** «Перелік послуг, що калькулюються»: the прейскурант of the order, by category, with signatures. */
export interface OrderListData {
  heading: PageHeading;
  title: string;
  /**
   * What the prices are: без ПДВ (medical services are VAT-exempt, Tax Code 197.1.5), or with ПДВ 20 % for the
   * taxable services; and the rounding step when the order rounds.
   */
  note: string;
  /**
   * The columns after «Тариф без ПДВ», in order, with their titles: none for an order without VAT or rounding
   * (the list as it always was); ПДВ when a service is taxable; Округлення when the order rounds; and then the
   * final tariff, so each row adds up (Тариф без ПДВ + ПДВ + Округлення = the final tariff).
   */
  priceColumns: Array<{ key: OrderListPriceColumn; title: string }>;
  categories: Array<{ name: string; rows: OrderListRow[] }>;
  signatures: SignatureLine[];
}

/** Written in the ПДВ column for an exempt service of a прейскурант with VAT. */
export const VAT_EXEMPT_TEXT = 'без ПДВ';

/** The price columns of a list of services with these prices (see {@link OrderListData.priceColumns}). */
function priceColumnsOf(prices: readonly ServicePrice[]): OrderListData['priceColumns'] {
  const taxable = prices.some((price) => price.vatMode === 'vat20');
  const rounds = prices.some((price) => price.rounding !== 'none');
  if (!taxable && !rounds) return [];
  return [
    ...(taxable ? [{ key: 'vat' as const, title: `ПДВ ${VAT_RATE_PERCENT} %, грн` }] : []),
    ...(rounds ? [{ key: 'rounding' as const, title: 'Округлення, грн' }] : []),
    { key: 'final', title: taxable ? 'Тариф з ПДВ, грн' : 'Тариф, грн' },
  ];
}

/** What the note under the title says of VAT and rounding. */
function noteOf(prices: readonly ServicePrice[]): string {
  const taxable = prices.some((price) => price.vatMode === 'vat20');
  const rounding = prices.find((price) => price.rounding !== 'none')?.rounding;
  const base = taxable
    ? `Ціни (тарифи) на платні медичні послуги, грн; ПДВ ${VAT_RATE_PERCENT} % — для послуг, що не звільнені від оподаткування (п. 197.1.5 ПКУ)`
    : 'Ціни (тарифи) на платні медичні послуги, грн, без ПДВ';
  return rounding && rounding !== 'none'
    ? `${base}; тарифи округлено ${roundingStepText(rounding)}`
    : base;
}

/** A service's amounts in the price columns. */
function priceOf(price: ServicePrice): OrderListPrice {
  const exempt = price.vatMode !== 'vat20';
  return {
    vat: exempt ? VAT_EXEMPT_TEXT : formatMoney(price.vat),
    rounding: formatMoney(price.roundingAmount),
    final: formatMoney(price.tariff),
    values: {
      vat: exempt ? null : storedAmount(price.vat),
      rounding: storedAmount(price.roundingAmount),
      final: storedAmount(price.tariff),
    },
  };
}

/**
 * Data of «Перелік послуг, що калькулюються» (document `order_list`, the прейскурант): the order's services
 * grouped by category (categories in order of first appearance), each with its running number, code, name, cost,
 * profitability percent and tariff без ПДВ exactly as Calculate stored them, then, when a service is taxable or
 * the order rounds, its ПДВ, rounding and final tariff (the stored `price`, `servicePriceOf`), and the signature
 * lines of the head of the institution and the chief accountant.
 */
export function buildOrderListData(source: OrderDocumentSource): OrderListData {
  let number = 0;
  const info = source.order.companyInfo;
  const prices = new Map(source.services.map((service) => [service, servicePriceOf(service.cost)]));
  const priceColumns = priceColumnsOf([...prices.values()]);
  return {
    heading: buildPageHeading(source),
    title: 'Перелік послуг, що калькулюються',
    note: noteOf([...prices.values()]),
    priceColumns,
    categories: groupByCategory(source.services).map(({ category, services }) => ({
      name: category,
      rows: services.map((service) => {
        const price = prices.get(service);
        return {
          number: (number += 1),
          code: serviceCodeOf(service),
          name: service.name,
          cost: formatMoney(service.cost.summary),
          profitability: formatMoney(service.content.profit),
          tariff: formatMoney(service.cost.summaryWithProfit),
          values: {
            cost: storedAmount(service.cost.summary),
            profitability: service.content.profit,
            tariff: storedAmount(service.cost.summaryWithProfit),
          },
          ...(priceColumns.length > 0 && price ? { price: priceOf(price) } : {}),
        };
      }),
    })),
    signatures: [
      { position: 'Керівник закладу', name: info.ceo_name.trim() },
      { position: 'Головний бухгалтер', name: info.counter_name.trim() },
    ],
  };
}
