import {
  INVOICE_DOCUMENT,
  formatMoney,
  orderFee,
  ORDER_FEE_PER_CALCULATION,
} from '@medcalc/domain';
import type { ProviderRequisites } from '../../config/env';
import {
  buildDocumentHeading,
  formatDocumentDate,
  institutionNameOf,
  textOrDash,
} from './document-source';
import type { DocumentHeading, OrderDocumentSource } from './document-source';

/** What the invoice is built from: the order with its snapshot, and the names of its services (any status). */
export interface InvoiceSource {
  order: OrderDocumentSource['order'];
  companyName: string;
  services: ReadonlyArray<{ name: string }>;
}

/** A labelled line of a party's requisites. */
export interface RequisiteLine {
  label: string;
  value: string;
}

/** One row of the invoice: one service's калькуляція, at the fee per calculation. */
export interface InvoiceRow {
  number: number;
  name: string;
  unit: string;
  quantity: string;
  price: string;
  amount: string;
}

/** «Рахунок на оплату»: the order fee, from the provider to the institution. */
export interface InvoiceData {
  heading: DocumentHeading;
  /** «Рахунок на оплату № <order identifier> від <date>». */
  title: string;
  provider: RequisiteLine[];
  payer: RequisiteLine[];
  rows: InvoiceRow[];
  /** The fee of the whole order, UAH (domain `orderFee`). */
  total: string;
  /** The provider's VAT status from configuration, e.g. «Без ПДВ». */
  vatNote: string;
  /** What the payment is for, to copy into the payment order. */
  purpose: string;
  signature: { position: string; name: string };
}

/**
 * Data of the рахунок на оплату (issue 10 item 7): numbered by the order's identifier and dated the day the order
 * was placed; the provider's requisites come from configuration (PROVIDER_*), the payer's from the order's
 * snapshot of the institution data; one row per service at {@link ORDER_FEE_PER_CALCULATION} UAH, the total by
 * the domain's `orderFee`. It prints no «НЕ ЗАТВЕРДЖЕНО» mark: an invoice is not subject to approval.
 */
export function buildInvoiceData(source: InvoiceSource, provider: ProviderRequisites): InvoiceData {
  const info = source.order.companyInfo;
  const date = formatDocumentDate(source.order.createdAt);
  const price = formatMoney(ORDER_FEE_PER_CALCULATION);
  const number = source.order.identifier;
  const heading: OrderDocumentSource = {
    order: source.order,
    companyName: source.companyName,
    services: [],
  };
  return {
    heading: { ...buildDocumentHeading(heading), notApprovedMark: null },
    title: `${INVOICE_DOCUMENT.title} № ${number} від ${date}`,
    provider: [
      { label: 'Найменування', value: provider.name },
      { label: 'Код ЄДРПОУ', value: provider.code },
      { label: 'IBAN', value: provider.iban },
      { label: 'Банк', value: provider.bank },
      { label: 'Адреса', value: provider.address },
      ...(provider.phone ? [{ label: 'Телефон', value: provider.phone }] : []),
    ],
    payer: [
      { label: 'Найменування', value: institutionNameOf(heading) },
      { label: 'Код ЄДРПОУ', value: textOrDash(info.code) },
      { label: 'Адреса', value: textOrDash(info.address) },
    ],
    rows: source.services.map((service, index) => ({
      number: index + 1,
      name: `Розрахунок собівартості та ціни платної медичної послуги «${service.name.trim()}»`,
      unit: 'послуга',
      quantity: '1',
      price,
      amount: price,
    })),
    total: formatMoney(orderFee(source.services.length)),
    vatNote: provider.vatNote,
    purpose: `Оплата за розрахунок собівартості та цін платних медичних послуг згідно з рахунком № ${number} від ${date}`,
    signature: { position: 'Від постачальника', name: '' },
  };
}
