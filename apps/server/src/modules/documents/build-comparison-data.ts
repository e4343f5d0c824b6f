import {
  COMPARISON_DOCUMENT,
  COMPARISON_LABELS,
  amountDelta,
  formatMoney,
  formatSignedAmount,
  formatSignedPercent,
  toDecimal,
  type ComparedAmounts,
  type TariffComparison,
  type TariffComparisonRow,
} from '@medcalc/domain';
import type { SignatureLine } from './approval-line';
import { storedAmount } from './document-source';
import type { OrderDocumentSource } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/**
 * What «Порівняння тарифів» (issue 18) is made of: the later revision's documents source (its heading, its
 * institution data, its status), the two revisions' numbers, and the domain's comparison of the two
 * (`compareRevisions`: per service the cost and tariff on each side, Δ, the totals, the input changes).
 */
export interface ComparisonSource {
  after: OrderDocumentSource;
  beforeRevision: number;
  afterRevision: number;
  comparison: TariffComparison;
}

/** The amounts of one line of the comparison, as printed (uk-UA, '—' for a missing side) and as numbers. */
export interface ComparisonAmounts {
  costBefore: string;
  costAfter: string;
  tariffBefore: string;
  tariffAfter: string;
  /** Tariff after − before, UAH, with its sign (`+13,26`, `−2,00`, `0,00`: domain `formatSignedAmount`). */
  delta: string;
  /** Δ as percent of the tariff before, with its sign (`+4,74 %`); '—' when before is missing or 0. */
  deltaPercent: string;
  /** The same as numbers (the workbook's numeric cells); null where the text is '—'. */
  values: {
    costBefore: number | null;
    costAfter: number | null;
    tariffBefore: number | null;
    tariffAfter: number | null;
    delta: number | null;
    deltaPercent: number | null;
  };
}

/** One service of the comparison. */
export interface ComparisonRow extends ComparisonAmounts {
  /** Running number across the whole comparison. */
  number: number;
  code: string;
  name: string;
}

/** A totals line: its label and the sums of each side. */
export interface ComparisonTotal extends ComparisonAmounts {
  label: string;
}

/** «Порівняння тарифів»: what it says, not where it goes. */
export interface ComparisonData {
  heading: PageHeading;
  /** The document's name (page foot, PDF metadata): «Порівняння тарифів». */
  documentTitle: string;
  /** «Порівняння тарифів: редакція 1 → редакція 2». */
  title: string;
  note: string;
  /** The column titles (both the PDF and the sheet print them); `before`/`after` name the two revisions. */
  columns: {
    number: string;
    code: string;
    service: string;
    cost: string;
    tariff: string;
    delta: string;
    deltaAmount: string;
    deltaPercent: string;
    before: string;
    after: string;
  };
  /** By category, in the later revision's order; `subtotal` only when there is more than one category. */
  categories: Array<{ name: string; rows: ComparisonRow[]; subtotal: ComparisonTotal | null }>;
  total: ComparisonTotal;
  changesTitle: string;
  /** Each input change in words, with the services it touches in parentheses (unless it touches all of them). */
  changes: string[];
  /** Said instead of the list when no input changed; null when there are changes. */
  noChanges: string | null;
  signatures: SignatureLine[];
  /** The workbook's properties and its one sheet's name. */
  workbook: { creator: string; title: string; subject: string; sheetName: string };
}

/** The sheet of the comparison workbook. */
export const COMPARISON_SHEET_NAME = 'Порівняння';

/** The printed and numeric amounts of a line from its two sides and its Δ. */
function amountsOf(
  before: ComparedAmounts | null,
  after: ComparedAmounts | null,
  delta: string | null,
  deltaPercent: string | null,
): ComparisonAmounts {
  const number = (value: string | null | undefined) => (value == null ? null : storedAmount(value));
  /** The four amounts of the two sides, each read by `read` (a missing side stays missing: '—' or null). */
  const sides = <T>(read: (value: string | undefined) => T) => ({
    costBefore: read(before?.summary),
    costAfter: read(after?.summary),
    tariffBefore: read(before?.tariff),
    tariffAfter: read(after?.tariff),
  });
  return {
    ...sides((value) => formatMoney(value)),
    delta: formatSignedAmount(delta),
    deltaPercent: formatSignedPercent(deltaPercent),
    values: { ...sides(number), delta: number(delta), deltaPercent: number(deltaPercent) },
  };
}

/**
 * The sums of one side over a category's services that have a калькуляція on both sides (like the order's totals,
 * domain `compareRevisions`), or null when none has; exact, on the stored two-decimal strings.
 */
function sideTotal(
  rows: readonly TariffComparisonRow[],
  side: 'before' | 'after',
): ComparedAmounts | null {
  const present = rows.flatMap((row) => {
    const amounts = row[side];
    return row.before && row.after && amounts ? [amounts] : [];
  });
  if (present.length === 0) return null;
  const sum = (key: keyof ComparedAmounts) =>
    present.reduce((total, amounts) => total.plus(amounts[key]), toDecimal(0)).toFixed(2);
  return { summary: sum('summary'), tariff: sum('tariff') };
}

/** A category's totals line, with Δ of its tariffs like the order's (`amountDelta`). */
function subtotalOf(rows: readonly TariffComparisonRow[]): ComparisonTotal {
  const before = sideTotal(rows, 'before');
  const after = sideTotal(rows, 'after');
  const delta = before && after ? amountDelta(before.tariff, after.tariff) : null;
  return {
    label: COMPARISON_LABELS.categoryTotal,
    ...amountsOf(before, after, delta?.delta ?? null, delta?.deltaPercent ?? null),
  };
}

/**
 * Data of «Порівняння тарифів» (PDF and XLSX, issue 18): the heading of the later revision's documents, the
 * title with the two revisions, per category each service's cost and tariff before and after with Δ грн and Δ %
 * (uk-UA, '—' for a side the service has no калькуляція on), the category subtotals (when there are several
 * categories) and the order's totals, the input changes that made the difference («Що змінилося»), and the
 * signature lines of the head and the chief accountant. The amounts are the domain comparison's, never recomputed
 * (a category subtotal is the exact sum of its rows).
 */
export function buildComparisonData(source: ComparisonSource): ComparisonData {
  const { comparison, beforeRevision, afterRevision } = source;
  const info = source.after.order.companyInfo;
  const several = comparison.categories.length > 1;
  let number = 0;
  const categories = comparison.categories.map(({ category, services }) => ({
    name: category,
    rows: services.map((row): ComparisonRow => ({
      number: (number += 1),
      code: row.code,
      name: row.name,
      ...amountsOf(row.before, row.after, row.delta, row.deltaPercent),
    })),
    subtotal: several ? subtotalOf(services) : null,
  }));

  const everyService = new Set(
    comparison.categories.flatMap(({ services }) => services.map((row) => row.name)),
  );
  const changes = comparison.changes.map((change) => {
    const named = new Set(change.services);
    const all = [...everyService].every((name) => named.has(name));
    return change.services.length === 0 || all
      ? change.text
      : `${change.text} (${change.services.join(', ')})`;
  });

  const { totals } = comparison;
  const title = `${COMPARISON_DOCUMENT.title}: редакція ${beforeRevision} → редакція ${afterRevision}`;
  const orderName = source.after.order.name.trim();
  return {
    heading: buildPageHeading(source.after),
    documentTitle: COMPARISON_DOCUMENT.title,
    title,
    note: `Собівартість і тарифи, грн; зміна тарифу — редакція ${afterRevision} мінус редакція ${beforeRevision}, у відсотках — від тарифу редакції ${beforeRevision}`,
    columns: {
      number: '№',
      code: COMPARISON_LABELS.code,
      service: COMPARISON_LABELS.service,
      cost: COMPARISON_LABELS.cost,
      tariff: COMPARISON_LABELS.tariff,
      delta: COMPARISON_LABELS.delta,
      deltaAmount: COMPARISON_LABELS.deltaAmount,
      deltaPercent: COMPARISON_LABELS.deltaPercent,
      before: `Редакція ${beforeRevision}`,
      after: `Редакція ${afterRevision}`,
    },
    categories,
    total: {
      label: COMPARISON_LABELS.orderTotal,
      ...amountsOf(totals.before, totals.after, totals.delta, totals.deltaPercent),
    },
    changesTitle: 'Що змінилося',
    changes,
    noChanges: changes.length === 0 ? 'Вхідні дані калькуляцій не змінилися.' : null,
    signatures: [
      { position: 'Керівник закладу', name: info.ceo_name.trim() },
      { position: 'Головний бухгалтер', name: info.counter_name.trim() },
    ],
    workbook: {
      creator: 'medcalc',
      title:
        orderName === ''
          ? COMPARISON_DOCUMENT.title
          : `${COMPARISON_DOCUMENT.title} — ${orderName}`,
      subject: title,
      sheetName: COMPARISON_SHEET_NAME,
    },
  };
}
