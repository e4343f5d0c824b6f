import {
  COST_TERMS,
  EMPTY_VALUE_TEXT,
  lowerFirst,
  OVERHEAD_BASE_LABELS,
  PRICE_ROUNDING_LABELS,
  STAFF_LINE_FORMULA,
  VAT_MODE_LABELS,
  VAT_RATE_PERCENT,
  WORKING_DAYS_PER_MONTH,
  equipmentMinuteRate,
  formatMoney,
  serviceCodeOf,
  servicePriceOf,
  type PriceRounding,
} from '@medcalc/domain';
import {
  institutionNameOf,
  NO_CATEGORY,
  plainNumber,
  printedEquipmentLines,
  printedMaterialLines,
  printedPosition,
  storedAmount,
} from './document-source';
import { approvalDateLine } from './approval-line';
import type { DocumentService, OrderDocumentSource, PrintedEquipmentLine } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';
import type { SignatureLine } from './approval-line';

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
  /** The same inputs and stored sum as numbers (the workbook's numeric cells); salary null when not chosen. */
  values: {
    salary: number | null;
    conditionPercent: number;
    workingDay: number;
    minutes: number;
    sum: number;
  };
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
  /** The same as numbers (the workbook's numeric cells). */
  values: { price: number; quantity: number; sum: number };
}

/** One equipment line of the калькуляція (docs/methodology.md "Equipment depreciation", issue 38). */
export interface CostingEquipmentLine extends PrintedEquipmentLine {
  /** V, S, N, T, u and the stored sum as numbers (the workbook's numeric cells and its live formula). */
  values: {
    firstCost: number;
    residualValue: number;
    usefulLifeYears: number;
    hoursPerYear: number;
    /** The exact cost of a minute as a number (the workbook's cached value of its formula). */
    minuteRate: number;
    minutes: number;
    sum: number;
  };
}

/** A coefficient of a row: what it is called (`'K = '`), its percent and the decimals it is printed with. */
export interface CostingRate {
  prefix: string;
  percent: number;
  digits: number;
}

/**
 * What a row of the калькуляція is, for the workbook's live formulas (render-workbook.ts writes each row as the
 * Excel formula of its role over the cells it comes from).
 */
export type CostingRole =
  | 'labour'
  | 'additional'
  | 'esv'
  | 'materials'
  | 'depreciation'
  | 'overhead'
  | 'cost'
  | 'profit'
  | 'tariff'
  | 'vat'
  | 'withVat'
  | 'rounding'
  | 'final';

/** A row of the калькуляція: the article, its formula, its coefficient (or an empty string) and its amount. */
export interface CostingRow {
  role: CostingRole;
  number: number;
  label: string;
  formula: string;
  coefficient: string;
  value: string;
  /** Собівартість and the tariffs (без ПДВ, з ПДВ, the final one): the totals the document exists for. */
  total: boolean;
  /** The stored amount as a number (the workbook's numeric cells). */
  amount: number;
  /** The coefficient `coefficient` prints, as a number with its name; null when the row has none. */
  rate: CostingRate | null;
}

/** «Калькуляція» of one service: what it says, not where it goes. */
export interface ServiceCostingData {
  heading: PageHeading;
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
  /** The service's own inputs: премія b, рентабельність R, D (`amount` the number, for the workbook). */
  parameters: Array<{ label: string; value: string; amount: number }>;
  staff: { formula: string; lines: CostingStaffLine[]; total: string; totalAmount: number };
  materials: {
    formula: string;
    lines: CostingMaterialLine[];
    total: string;
    totalAmount: number;
  };
  /**
   * The equipment lines and D (issue 38); null for a service without equipment, whose калькуляція prints as it did
   * before equipment existed (no table, no «Амортизація обладнання» row).
   */
  equipment: {
    formula: string;
    lines: CostingEquipmentLine[];
    total: string;
    totalAmount: number;
  } | null;
  rows: CostingRow[];
  /** What the workbook's formulas need beyond the rows: the base of a fixed overhead, the rounding step, UAH. */
  formulaBasis: { overheadOnPayroll: boolean; roundingStep: number | null };
  /**
   * The service's VAT status («Режим ПДВ: …», the domain's `VAT_MODE_LABELS`), printed under the rows; null for an
   * exempt, unrounded service, whose калькуляція ends at «Тариф (ціна) без ПДВ» as before VAT existed.
   */
  vatStatus: string | null;
  signatures: SignatureLine[];
}

/** «до 0,50 грн»: a rounding step as the rows name it. */
export const roundingStepText = (rounding: Exclude<PriceRounding, 'none'>): string =>
  lowerFirst(PRICE_ROUNDING_LABELS[rounding]);

/** A stored percent (`'33.6897'`) as printed: `33,6897 %`. */
const percent = (value: string | number, digits = 4) => `${formatMoney(value, digits)} %`;

/**
 * The equipment section of a калькуляція (issue 38): the printed lines with their numbers, and D. Null for a service
 * without equipment, so it is printed as before equipment existed, never with a row of zeros (a stored D that is not
 * zero without lines, a broken store, is still shown).
 */
function costingEquipment(
  service: Pick<DocumentService, 'content' | 'cost'>,
): ServiceCostingData['equipment'] {
  const lines = printedEquipmentLines(service).map(
    ({ printed, line, storedSum }): CostingEquipmentLine => ({
      ...printed,
      values: {
        firstCost: line.firstCost,
        residualValue: line.residualValue,
        usefulLifeYears: line.usefulLifeYears,
        hoursPerYear: line.hoursPerYear,
        minuteRate: equipmentMinuteRate(line).toNumber(),
        minutes: line.minutes,
        sum: storedAmount(storedSum),
      },
    }),
  );
  const { depreciation } = service.cost;
  if (lines.length === 0 && storedAmount(depreciation) === 0) return null;
  return {
    formula: 'Сума = (V − S) / N / (T × 60) × хв',
    lines,
    total: formatMoney(depreciation),
    totalAmount: storedAmount(depreciation),
  };
}

/**
 * Data of the калькуляція of one service (`file: 'calculation'`, issue 10 item 6): the staff lines with their
 * inputs and stored costs, the material lines, the equipment lines of a service that has any (issue 38), then the
 * articles of docs/methodology.md "Formulas" 2–8 (with «Амортизація обладнання» D where the service has equipment)
 * each with its formula, its coefficient and its amount, then the price rows (ПДВ 20 % and «Тариф (ціна) з ПДВ» for a
 * taxable service, the rounding and the final «Тариф (ціна)» for an order that rounds; `servicePriceOf`) with the
 * VAT status, and the signature lines of the head, the chief accountant and the economist (the user who
 * calculated the revision, `source.calculation`). Every amount and
 * coefficient is the stored result (`calculations.cost`), never recomputed.
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
  if (cost.equipmentLines.length !== (content.equipment?.length ?? 0)) {
    throw new Error(`stored results of calculation ${service.id} do not match its equipment`);
  }
  const heading = buildPageHeading(source);

  const staffLines: CostingStaffLine[] = [];
  content.stuff.forEach((line, index) => {
    const sum = cost.staffLines[index] ?? '0.00';
    if (line.quality === null && line.salary === null && Number(sum) === 0) return;
    staffLines.push({
      number: staffLines.length + 1,
      position: printedPosition(line.quality?.name ?? '') || EMPTY_VALUE_TEXT,
      salary: formatMoney(line.salary),
      conditionPercent: plainNumber(line.conditionPercent),
      workingDay: plainNumber(line.workingDay),
      minutes: plainNumber(line.timeSpend),
      sum: formatMoney(sum),
      values: {
        salary: line.salary,
        conditionPercent: line.conditionPercent,
        workingDay: line.workingDay,
        minutes: line.timeSpend,
        sum: storedAmount(sum),
      },
    });
  });

  const materialLines = printedMaterialLines({ content, cost }).map(
    ({ printed, line, storedSum }): CostingMaterialLine => ({
      ...printed,
      values: { price: line.price, quantity: line.spend, sum: storedAmount(storedSum) },
    }),
  );

  const equipment = costingEquipment({ content, cost });
  const hasEquipment = equipment !== null;

  const { rates } = cost;
  const fixed = rates.overheadMethod === 'fixed';
  const onPayroll = fixed && rates.overheadBase === 'payroll';
  const overheadLabel = fixed
    ? `Накладні витрати (фіксований відсоток; база — ${lowerFirst(OVERHEAD_BASE_LABELS[rates.overheadBase])})`
    : 'Накладні витрати';
  const overheadFormula = onPayroll
    ? 'OH = (L + A + E) × K'
    : fixed
      ? 'OH = L × K'
      : `OH = L × K; K = (пул накладних × ${COST_TERMS.medicalAreaShare} + інші прямі витрати) / ФОП медперсоналу`;
  const rate = (prefix: string, value: string | number, digits: number): CostingRate => ({
    prefix,
    percent: typeof value === 'number' ? value : storedAmount(value),
    digits,
  });

  // The price rows after «Тариф без ПДВ» (docs/methodology.md "VAT", "Rounding of the final price"): ПДВ and the
  // tariff with it for a taxable service, the rounding and the final tariff for an order that rounds; stored (an
  // older калькуляція without them reads as exempt and unrounded), so the document still adds up.
  const price = servicePriceOf(cost);
  const taxable = price.vatMode === 'vat20';
  const priceRows: Array<{
    role: CostingRole;
    label: string;
    formula: string;
    rate: CostingRate | null;
    value: string;
    total: boolean;
  }> = [];
  if (taxable) {
    priceRows.push(
      {
        role: 'vat',
        label: `ПДВ ${VAT_RATE_PERCENT} %`,
        formula: `ПДВ = Тариф без ПДВ × ${VAT_RATE_PERCENT} / 100`,
        rate: rate('ставка ', VAT_RATE_PERCENT, 2),
        value: price.vat,
        total: false,
      },
      {
        role: 'withVat',
        label: 'Тариф (ціна) з ПДВ',
        formula: 'Тариф з ПДВ = Тариф без ПДВ + ПДВ',
        rate: null,
        value: price.withVat,
        total: true,
      },
    );
  }
  if (price.rounding !== 'none') {
    const step = roundingStepText(price.rounding);
    const rounded = taxable ? 'Тариф з ПДВ' : 'Тариф без ПДВ';
    priceRows.push(
      {
        role: 'rounding',
        label: `Округлення (${step})`,
        formula: `Округлення = Тариф − ${rounded}`,
        rate: null,
        value: price.roundingAmount,
        total: false,
      },
      {
        role: 'final',
        label: 'Тариф (ціна)',
        formula: `Тариф = ${rounded}, округлений ${step}`,
        rate: null,
        value: price.tariff,
        total: true,
      },
    );
  }

  type ArticleRow = Omit<(typeof priceRows)[number], 'total'>;
  const articles: ArticleRow[] = [
    {
      role: 'labour',
      label: 'Основна заробітна плата',
      formula: 'L = Σ рядків персоналу',
      rate: null,
      value: cost.labour,
    },
    {
      role: 'additional',
      label: 'Додаткова заробітна плата (відпустки)',
      formula: `A = L × ${COST_TERMS.leaveCoefficient}`,
      rate: rate(`${COST_TERMS.leaveCoefficient} `, rates.leavePercent, 4),
      value: cost.additionalLabour,
    },
    {
      role: 'esv',
      label: 'Єдиний соціальний внесок (ЄСВ)',
      formula: 'E = (L + A) × ставка ЄСВ / 100',
      rate: rate('ставка ', rates.esvPercent, 2),
      value: cost.esv,
    },
    {
      role: 'materials',
      label: 'Матеріали, витратні засоби',
      formula: 'M = Σ (ціна × кількість)',
      rate: null,
      value: cost.materials,
    },
    ...(hasEquipment
      ? [
          {
            role: 'depreciation' as const,
            label: 'Амортизація обладнання',
            formula: 'D = Σ рядків обладнання',
            rate: null,
            value: cost.depreciation,
          },
        ]
      : []),
    {
      role: 'overhead',
      label: overheadLabel,
      formula: overheadFormula,
      rate: rate('K = ', rates.overheadPercent, 4),
      value: cost.overhead,
    },
    {
      role: 'cost',
      label: 'Собівартість послуги',
      formula: hasEquipment ? 'C = L + A + E + M + D + OH' : 'C = L + A + E + M + OH',
      rate: null,
      value: cost.summary,
    },
    {
      role: 'profit',
      label: 'Прибуток',
      formula: 'P = C × R / 100',
      rate: rate('R = ', content.profit, 2),
      value: cost.profit,
    },
    {
      role: 'tariff',
      label: 'Тариф (ціна) без ПДВ',
      formula: 'Тариф = C + P',
      rate: null,
      value: cost.summaryWithProfit,
    },
  ];
  const rows: CostingRow[] = articles
    .map((row) => ({ ...row, total: row.role === 'cost' || row.role === 'tariff' }))
    .concat(priceRows)
    .map((row, index) => ({
      ...row,
      number: index + 1,
      coefficient: row.rate
        ? `${row.rate.prefix}${percent(row.rate.percent, row.rate.digits)}`
        : '',
      value: formatMoney(row.value),
      amount: storedAmount(row.value),
    }));

  return {
    heading,
    title: 'Калькуляція вартості платної медичної послуги',
    code: serviceCodeOf(service),
    serviceName: service.name,
    category: service.categoryName?.trim() || NO_CATEGORY,
    approval: {
      caption: 'ЗАТВЕРДЖУЮ',
      position: 'Керівник закладу',
      institutionName: institutionNameOf(source),
      name: info.ceo_name.trim(),
      dateLine: approvalDateLine(source),
    },
    notApprovedMark: heading.notApprovedMark,
    parameters: [
      { label: 'Премія (b)', value: percent(content.bonus, 2), amount: content.bonus },
      { label: 'Рентабельність (R)', value: percent(content.profit, 2), amount: content.profit },
      {
        label: 'Робочих днів на місяць (D)',
        value: String(WORKING_DAYS_PER_MONTH),
        amount: WORKING_DAYS_PER_MONTH,
      },
    ],
    staff: {
      formula: `Вартість рядка = ${STAFF_LINE_FORMULA}`,
      lines: staffLines,
      total: formatMoney(cost.labour),
      totalAmount: storedAmount(cost.labour),
    },
    materials: {
      formula: 'Сума = ціна × кількість',
      lines: materialLines,
      total: formatMoney(cost.materials),
      totalAmount: storedAmount(cost.materials),
    },
    equipment,
    rows,
    formulaBasis: {
      overheadOnPayroll: onPayroll,
      roundingStep: price.rounding === 'none' ? null : Number(price.rounding),
    },
    vatStatus:
      taxable || price.rounding !== 'none' ? `Режим ПДВ: ${VAT_MODE_LABELS[price.vatMode]}` : null,
    signatures: [
      { position: 'Керівник закладу', name: info.ceo_name.trim() },
      { position: 'Головний бухгалтер', name: info.counter_name.trim() },
      // The economist who calculated this revision (issue 33); a blank line when the source does not say.
      { position: 'Економіст', name: source.calculation?.economist?.trim() ?? '' },
    ],
  };
}
