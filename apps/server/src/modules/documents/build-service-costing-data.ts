import {
  EMPTY_VALUE_TEXT,
  OVERHEAD_BASE_LABELS,
  WORKING_DAYS_PER_MONTH,
  formatMoney,
  formatServiceCode,
  materialKey,
} from '@medcalc/domain';
import { buildDocumentHeading, institutionNameOf, NO_CATEGORY } from './document-source';
import type { DocumentHeading, DocumentService, OrderDocumentSource } from './document-source';
import type { SignatureLine } from './build-order-list-data';

/** One staff line of the калькуляція (docs/methodology.md "Formulas" 1). */
export interface CostingStaffLine {
  number: number;
  position: string;
  /** Оклад, UAH a month. */
  salary: string;
  /** % за умови праці. */
  conditionPercent: string;
  /** Тривалість робочого дня, hours. */
  workingDay: string;
  minutes: string;
  /** The stored line cost (`cost.staffLines[i]`), UAH. */
  sum: string;
}

/** One material line of the калькуляція (docs/methodology.md "Formulas" 5). */
export interface CostingMaterialLine {
  number: number;
  name: string;
  unit: string;
  price: string;
  quantity: string;
  /** The stored line cost (`cost.materialLines[i]`), UAH. */
  sum: string;
}

/** A row of the калькуляція: the article, its formula, its coefficient (or an empty string) and its amount. */
export interface CostingRow {
  number: number;
  label: string;
  formula: string;
  coefficient: string;
  value: string;
  /** Собівартість and the tariff: the totals the document exists for. */
  total: boolean;
}

/** «Калькуляція» of one service: what it says, not where it goes. */
export interface ServiceCostingData {
  heading: DocumentHeading;
  title: string;
  code: string;
  serviceName: string;
  category: string;
  approval: {
    caption: string;
    position: string;
    institutionName: string;
    name: string;
    dateLine: string;
  };
  notApprovedMark: string | null;
  /** The service's own inputs: премія b, рентабельність R, D. */
  parameters: Array<{ label: string; value: string }>;
  staff: { formula: string; lines: CostingStaffLine[]; total: string };
  materials: { formula: string; lines: CostingMaterialLine[]; total: string };
  rows: CostingRow[];
  signatures: SignatureLine[];
}

/** A number as a person writes it: uk-UA, no trailing zeros (`7,7`, `20`, `12,5`). */
const plainNumber = (value: number | null): string => {
  if (value === null) return EMPTY_VALUE_TEXT;
  const text = formatMoney(value, 4);
  return text.includes(',') ? text.replace(/,?0+$/, '') : text;
};

/** A stored percent (`'33.6897'`) as printed: `33,6897 %`. */
const percent = (value: string | number, digits = 4) => `${formatMoney(value, digits)} %`;

/**
 * Data of the калькуляція of one service (`file: 'calculation'`, issue 10 item 6): the staff lines with their
 * inputs and stored costs, the material lines, then the articles of docs/methodology.md "Formulas" 2–8 each with
 * its formula, its coefficient and its amount, and the signature lines of the head, the chief accountant and the
 * economist. Every amount and coefficient is the stored result (`calculations.cost`), never recomputed.
 */
export function buildServiceCostingData(
  source: OrderDocumentSource,
  service: DocumentService,
): ServiceCostingData {
  const { content, cost } = service;
  const info = source.order.companyInfo;
  if (cost.staffLines.length !== content.stuff.length) {
    throw new Error(`stored results of calculation ${service.id} do not match its staff lines`);
  }
  if (cost.materialLines.length !== content.pills.length) {
    throw new Error(`stored results of calculation ${service.id} do not match its materials`);
  }
  const heading = buildDocumentHeading(source);

  const staffLines: CostingStaffLine[] = [];
  content.stuff.forEach((line, index) => {
    const sum = cost.staffLines[index] ?? '0.00';
    if (line.quality === null && line.salary === null && Number(sum) === 0) return;
    staffLines.push({
      number: staffLines.length + 1,
      position: line.quality?.name.trim() || EMPTY_VALUE_TEXT,
      salary: formatMoney(line.salary),
      conditionPercent: plainNumber(line.conditionPercent),
      workingDay: plainNumber(line.workingDay),
      minutes: plainNumber(line.timeSpend),
      sum: formatMoney(sum),
    });
  });

  const materialLines: CostingMaterialLine[] = [];
  content.pills.forEach((line, index) => {
    const sum = cost.materialLines[index] ?? '0.00';
    if (materialKey(line) === null && Number(sum) === 0) return;
    materialLines.push({
      number: materialLines.length + 1,
      name: line.name.trim() || EMPTY_VALUE_TEXT,
      unit: line.measurement_type.trim() || EMPTY_VALUE_TEXT,
      price: formatMoney(line.price),
      quantity: plainNumber(line.spend),
      sum: formatMoney(sum),
    });
  });

  const { rates } = cost;
  const fixed = rates.overheadMethod === 'fixed';
  const onPayroll = fixed && rates.overheadBase === 'payroll';
  const overheadLabel = fixed
    ? `Накладні витрати (фіксований відсоток; база — ${OVERHEAD_BASE_LABELS[rates.overheadBase].toLowerCase()})`
    : 'Накладні витрати';
  const overheadFormula = onPayroll
    ? 'OH = (L + A + E) × K'
    : fixed
      ? 'OH = L × K'
      : 'OH = L × K; K = (пул накладних × share_med + інші прямі витрати) / ФОП медперсоналу';
  const overheadCoefficient = `K = ${percent(rates.overheadPercent)}`;

  const rows: CostingRow[] = [
    {
      label: 'Основна заробітна плата',
      formula: 'L = Σ рядків персоналу',
      coefficient: '',
      value: cost.labour,
    },
    {
      label: 'Додаткова заробітна плата (відпустки)',
      formula: 'A = L × k_відп',
      coefficient: `k_відп = ${percent(rates.leavePercent)}`,
      value: cost.additionalLabour,
    },
    {
      label: 'Єдиний соціальний внесок (ЄСВ)',
      formula: 'E = (L + A) × ставка ЄСВ / 100',
      coefficient: `ставка ${percent(rates.esvPercent, 2)}`,
      value: cost.esv,
    },
    {
      label: 'Матеріали, витратні засоби',
      formula: 'M = Σ (ціна × кількість)',
      coefficient: '',
      value: cost.materials,
    },
    {
      label: overheadLabel,
      formula: overheadFormula,
      coefficient: overheadCoefficient,
      value: cost.overhead,
    },
    {
      label: 'Собівартість послуги',
      formula: 'C = L + A + E + M + OH',
      coefficient: '',
      value: cost.summary,
    },
    {
      label: 'Прибуток',
      formula: 'P = C × R / 100',
      coefficient: `R = ${percent(content.profit, 2)}`,
      value: cost.profit,
    },
    {
      label: 'Тариф (ціна) без ПДВ',
      formula: 'Тариф = C + P',
      coefficient: '',
      value: cost.summaryWithProfit,
    },
  ].map((row, index) => ({
    ...row,
    number: index + 1,
    value: formatMoney(row.value),
    total: index === 5 || index === 7,
  }));

  return {
    heading,
    title: 'Калькуляція вартості платної медичної послуги',
    code: formatServiceCode(service.id),
    serviceName: service.name,
    category: service.categoryName?.trim() || NO_CATEGORY,
    approval: {
      caption: 'ЗАТВЕРДЖУЮ',
      position: 'Керівник закладу',
      institutionName: institutionNameOf(source),
      name: info.ceo_name.trim(),
      dateLine: '«____» ______________ 20____ р.',
    },
    notApprovedMark: heading.notApprovedMark,
    parameters: [
      { label: 'Премія (b)', value: percent(content.bonus, 2) },
      { label: 'Рентабельність (R)', value: percent(content.profit, 2) },
      { label: 'Робочих днів на місяць (D)', value: String(WORKING_DAYS_PER_MONTH) },
    ],
    staff: {
      formula: `Вартість рядка = оклад × (1 + умови праці/100) × (1 + b/100) / D / (год × 60) × хв`,
      lines: staffLines,
      total: formatMoney(cost.labour),
    },
    materials: {
      formula: 'Сума = ціна × кількість',
      lines: materialLines,
      total: formatMoney(cost.materials),
    },
    rows,
    signatures: [
      { position: 'Керівник закладу', name: info.ceo_name.trim() },
      { position: 'Головний бухгалтер', name: info.counter_name.trim() },
      { position: 'Економіст', name: '' },
    ],
  };
}
