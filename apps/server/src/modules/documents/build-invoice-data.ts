import {
  INVOICE_DOCUMENT,
  formatMoney,
  orderFee,
  ORDER_FEE_PER_CALCULATION,
} from '@medcalc/domain';
import { printedProvider, type ProviderRequisites } from '../../lib/provider-requisites';
import { amountInWords } from './amount-in-words';
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

/**
 * The invoice's number: the provider's running number within a calendar year (invoice-numbers.ts), taken when the
 * invoice of the order is first issued and kept with the order, so every reprint carries the same one.
 */
export interface InvoiceNumber {
  number: number;
  year: number;
}

/** «123/2026»: the running number of the year, then the year (the house's form of an invoice number). */
export const formatInvoiceNumber = ({ number, year }: InvoiceNumber) => `${number}/${year}`;

/** Printed above the parties while any requisite of the provider is the demo's. */
export const DEMO_INVOICE_NOTE = 'Демонстраційні реквізити постачальника: рахунок не для оплати.';

/** Printed in the title of an invoice the provider has not issued yet (issue 34): it has no number. */
export const UNISSUED_INVOICE_NOTE = '(номер присвоює постачальник, виставляючи рахунок)';

/** «Рахунок на оплату»: the order fee, from the provider to the institution. */
export interface InvoiceData {
  heading: DocumentHeading;
  /** «Рахунок на оплату № 123/2026 від <date>». */
  title: string;
  /** {@link DEMO_INVOICE_NOTE} while the provider's requisites are the demo's, else null. */
  demoNote: string | null;
  provider: RequisiteLine[];
  payer: RequisiteLine[];
  rows: InvoiceRow[];
  /** The fee of the whole order, UAH (domain `orderFee`). */
  total: string;
  /** The total in words: «Чотириста вісімдесят гривень 00 копійок». */
  totalInWords: string;
  /** The provider's VAT status and why, from configuration: «Без ПДВ (постачальник не є платником …)». */
  vatNote: string;
  /** What the payment is for, to copy into the payment order. */
  purpose: string;
  signature: { position: string; name: string };
}

/**
 * Data of the рахунок на оплату (issue 10 item 7, issue 23): numbered by the provider's running number of the year
 * (`issued`, given by invoice-numbers.ts when the provider issues it) and dated that day; unnumbered until then; the provider's requisites
 * come from configuration (PROVIDER_*), each one still the demo's marked «(демо)» with a note that the invoice is
 * not for payment; the payer's from the order's snapshot of the institution data; one row per service at
 * {@link ORDER_FEE_PER_CALCULATION} UAH, the total by the domain's `orderFee`, in figures and in words, and the VAT
 * row with its reason. It prints no «НЕ ПОГОДЖЕНО» mark: an invoice is not subject to approval.
 */
export function buildInvoiceData(
  source: InvoiceSource,
  provider: ProviderRequisites,
  issued: (InvoiceNumber & { issuedAt: Date }) | undefined,
): InvoiceData {
  const info = source.order.companyInfo;
  // Issue 34: an issued invoice is dated the day the provider issued it; until then it carries no number and the
  // day the order was placed, and its payment refers to the order's number.
  const date = formatDocumentDate(issued?.issuedAt ?? source.order.createdAt);
  const price = formatMoney(ORDER_FEE_PER_CALCULATION);
  const number = issued ? formatInvoiceNumber(issued) : undefined;
  const fee = orderFee(source.services.length);
  const heading: OrderDocumentSource = {
    order: source.order,
    companyName: source.companyName,
    services: [],
  };
  const printed = printedProvider(provider);
  const providerLines = [
    { label: 'Найменування', value: printed.name },
    { label: 'Код ЄДРПОУ', value: printed.code },
    { label: 'IBAN', value: printed.iban },
    { label: 'Банк', value: printed.bank },
    { label: 'Адреса', value: printed.address },
    ...(provider.phone ? [{ label: 'Телефон', value: provider.phone }] : []),
  ];
  return {
    heading: { ...buildDocumentHeading(heading), notApprovedMark: null },
    title: number
      ? `${INVOICE_DOCUMENT.title} № ${number} від ${date}`
      : `${INVOICE_DOCUMENT.title} від ${date} ${UNISSUED_INVOICE_NOTE}`,
    demoNote: printed.isDemo ? DEMO_INVOICE_NOTE : null,
    provider: providerLines,
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
    total: formatMoney(fee),
    totalInWords: amountInWords(fee),
    vatNote: `${provider.vatNote} (${provider.vatReason})`,
    purpose: number
      ? `Оплата за розрахунок собівартості та цін платних медичних послуг згідно з рахунком № ${number} від ${date}`
      : `Оплата за розрахунок собівартості та цін платних медичних послуг згідно із замовленням № ${source.order.number} від ${date}`,
    signature: { position: 'Від постачальника', name: '' },
  };
}
