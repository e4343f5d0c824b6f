import {
  formatKyivDate,
  EMPTY_VALUE_TEXT,
  SCIENTIFIC_DEGREES,
  equipmentLinesOf,
  equipmentMinuteRate,
  formatMoney,
  formatPrice,
  formatQuantity,
  isApproved,
  materialKey,
  type Approver,
  type CalculationContent,
  type CompanyInfo,
  type EquipmentLine,
  type OrderStatus,
  type ServiceCost,
} from '@medcalc/domain';

/**
 * What every document of an order is built from: the order with its institution-data snapshot, and its
 * calculated services with their stored results (docs/decisions.md "Documents"). The builders read nothing
 * else, so a document prints exactly what Calculate stored.
 */
export interface OrderDocumentSource {
  order: {
    identifier: string;
    /** The order's number people quote (issue 33, «З-2026-0007»). */
    number: string;
    name: string;
    status: OrderStatus;
    createdAt: Date;
    /** The order's snapshot of the institution data, as Calculate used it. */
    companyInfo: CompanyInfo;
    /**
     * Which revision of the order the documents print (issue 18): 1 until its data is updated; an earlier
     * revision's documents print what that revision stored, with its own status. Absent means 1.
     */
    revision?: number;
  };
  /** The company's registered name, printed when the snapshot's institution name is empty. */
  companyName: string;
  /**
   * Who calculated this revision and when (issue 33): the user of the revision's latest status change to
   * `formed`, whose name the калькуляція's economist line carries, and the time of that change (ISO 8601, so a
   * stored copy of the source reads back the same), the date of the chronometry act. Absent in a source stored
   * before it existed; `economist` null when no such change is recorded or its user is gone (a blank line).
   */
  calculation?: { economist: string | null; calculatedAt: string | null };
  /** The order's services in position order. */
  services: DocumentService[];
  /**
   * The founder's decision recorded on this revision (issue 35): its documents print «Затверджено …» in the
   * approval block instead of the blank date line. Absent or null while none is recorded.
   */
  approval?: { approver: Approver; decisionNumber: string; decisionDate: string } | null;
}

/** One calculated service of the order: its content and the калькуляція Calculate stored for it. */
export interface DocumentService {
  id: number;
  /** The service's number in its company, printed as its code (issue 23; see the domain's `serviceCodeOf`). */
  serviceNumber: number;
  /**
   * The service's public identifier (what the comparison's rows carry). Filled by the documents service; a
   * hand-built source (a test fixture) may leave it out.
   */
  identifier?: string;
  categoryName: string | null;
  name: string;
  content: CalculationContent;
  /** The stored results (`calculations.cost`); `cost.summary` is the stored `summary`, and so on. */
  cost: ServiceCost;
}

/** The top of every page: who, which order, from when, and whether it is approved yet. */
export interface DocumentHeading {
  institutionName: string;
  /** ЄДРПОУ code, or a dash when the institution data has none. */
  institutionCode: string;
  orderName: string;
  /** The order's number people quote (issue 33). */
  orderNumber: string;
  /** The date the order was placed, `dd.mm.yyyy` (Kyiv time). */
  orderDate: string;
  /** The mark printed while the order is not approved (spec §2: formed and sent), or null once confirmed. */
  notApprovedMark: string | null;
}

/** Printed on every document of an order that is not approved yet (spec §2 "each is marked 'not approved'"). */
export const NOT_APPROVED_MARK = 'НЕ ПОГОДЖЕНО';

/** The heading of services whose category no longer exists. */
export const NO_CATEGORY = 'Без категорії';

/**
 * `22.11.2026`: the form dates take on Ukrainian documents, in Kyiv time whatever time zone the server runs in
 * (domain `formatKyivDate`, which the web's screens use too).
 */
export function formatDocumentDate(date: Date): string {
  return formatKyivDate(date);
}

/** «<title> — <name>.<extension>», or «<title>.<extension>» when the name is blank: every document's file name. */
export function titledFileName(
  title: string,
  name: string,
  extension: 'pdf' | 'xlsx' | 'docx',
): string {
  const trimmed = name.trim();
  return trimmed === '' ? `${title}.${extension}` : `${title} — ${trimmed}.${extension}`;
}

/** A text field of the institution data as printed: trimmed, or a dash when it is empty. */
export const textOrDash = (value: string): string =>
  value.trim() === '' ? EMPTY_VALUE_TEXT : value.trim();

/**
 * A number as a person writes it: uk-UA, no trailing zeros (`7,7`, `20`, `12,5`, a material's `2,5` or `0,125`):
 * every quantity, minute and working day the documents print (and `—` for a value not given).
 */
export const plainNumber = (value: number | null): string => {
  if (value === null) return EMPTY_VALUE_TEXT;
  return formatQuantity(value, 4);
};

/** A material line of a service as the documents print it. */
export interface PrintedMaterialLine {
  number: number;
  name: string;
  unit: string;
  /** Units written off per service. */
  quantity: string;
  /** UAH per unit. */
  price: string;
  /** The stored line cost (`cost.materialLines[i]`), UAH. */
  sum: string;
}

/**
 * A service's material lines as every document prints them: an empty line (no material chosen, costing 0,00) is
 * left out, a line that costs something is printed whatever its name; the rest are numbered from 1 with their
 * stored sums (`cost.materialLines`, never recomputed). Each comes with the `line` and `storedSum` it was made from.
 */
export function printedMaterialLines(service: Pick<DocumentService, 'content' | 'cost'>): Array<{
  printed: PrintedMaterialLine;
  line: CalculationContent['pills'][number];
  storedSum: string;
}> {
  const sums = service.cost.materialLines;
  const lines: ReturnType<typeof printedMaterialLines> = [];
  service.content.pills.forEach((line, index) => {
    const storedSum = sums[index] ?? '0.00';
    if (materialKey(line) === null && Number(storedSum) === 0) return;
    const printed = {
      number: lines.length + 1,
      name: line.name.trim() || EMPTY_VALUE_TEXT,
      unit: line.measurement_type.trim() || EMPTY_VALUE_TEXT,
      quantity: plainNumber(line.spend),
      price: formatPrice(line.price),
      sum: formatMoney(storedSum),
    };
    lines.push({ printed, line, storedSum });
  });
  return lines;
}

/** Decimals the cost of one minute of equipment is printed with (the line multiplies the exact rate). */
export const MINUTE_RATE_DIGITS = 4;

/** An equipment line of a service as the documents print it (issue 38). */
export interface PrintedEquipmentLine {
  number: number;
  name: string;
  /** V, first cost, UAH. */
  firstCost: string;
  /** S, residual value, UAH. */
  residualValue: string;
  /** N, useful life, years. */
  usefulLifeYears: string;
  /** T, planned hours of use a year. */
  hoursPerYear: string;
  /** (V − S) / N / (T × 60), UAH a minute, rounded for print only ({@link MINUTE_RATE_DIGITS}). */
  minuteRate: string;
  /** u, minutes of use per service. */
  minutes: string;
  /** The stored line cost (`cost.equipmentLines[i]`), UAH. */
  sum: string;
}

/**
 * A service's equipment lines as every document prints them (issue 38): a line with no register row and no name
 * that costs nothing is left out, the rest are numbered from 1 with their stored sums (`cost.equipmentLines`, never
 * recomputed; the rate per minute is the domain's `equipmentMinuteRate` of the line's V, S, N, T, for reading).
 * None for a service without equipment (a калькуляція stored before equipment existed among them).
 */
export function printedEquipmentLines(service: Pick<DocumentService, 'content' | 'cost'>): Array<{
  printed: PrintedEquipmentLine;
  line: EquipmentLine;
  storedSum: string;
}> {
  const sums = service.cost.equipmentLines;
  const lines: ReturnType<typeof printedEquipmentLines> = [];
  equipmentLinesOf(service.content).forEach((line, index) => {
    const storedSum = sums[index] ?? '0.00';
    if (line.id === null && line.name.trim() === '' && Number(storedSum) === 0) return;
    const printed = {
      number: lines.length + 1,
      name: line.name.trim() || EMPTY_VALUE_TEXT,
      firstCost: formatMoney(line.firstCost),
      residualValue: formatMoney(line.residualValue),
      usefulLifeYears: plainNumber(line.usefulLifeYears),
      hoursPerYear: plainNumber(line.hoursPerYear),
      minuteRate: formatMoney(equipmentMinuteRate(line).toNumber(), MINUTE_RATE_DIGITS),
      minutes: plainNumber(line.minutes),
      sum: formatMoney(storedSum),
    };
    lines.push({ printed, line, storedSum });
  });
  return lines;
}

/** The scientific degree a staffing-table row has when it has none («немає»). */
const NO_DEGREE = SCIENTIFIC_DEGREES[0];

/**
 * A staff line's position as printed: the label the wizard stored (domain `formatStaffRateLabel`: qualification,
 * category, degree) without an empty degree, so paper reads «Лікар, без категорії», not «…, без категорії, немає».
 * The label keeps «немає» in the wizard's dropdown, where it tells two rows apart; on paper it says nothing.
 */
export function printedPosition(label: string): string {
  const parts = label.split(',').map((part) => part.trim());
  if (parts.length > 1 && parts.at(-1) === NO_DEGREE) parts.pop();
  return parts.join(', ');
}

/** The institution's name: the snapshot's, or the company's registered name when the snapshot has none. */
export const institutionNameOf = (source: OrderDocumentSource): string =>
  source.order.companyInfo.name.trim() || source.companyName.trim() || EMPTY_VALUE_TEXT;

/**
 * A stored money string (`'243.34'`, `numeric(14, 2)`) as the number it is, for the workbook's numeric cells. A
 * value that is not a number is a broken store, not something to print as zero.
 */
export function storedAmount(value: string): number {
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount)) {
    throw new Error(`stored amount '${value}' is not a number`);
  }
  return amount;
}

/** The heading every page of every document of the order carries. */
export function buildDocumentHeading(source: OrderDocumentSource): DocumentHeading {
  return {
    institutionName: institutionNameOf(source),
    institutionCode: textOrDash(source.order.companyInfo.code),
    orderName: source.order.name,
    orderNumber: source.order.number,
    orderDate: formatDocumentDate(source.order.createdAt),
    notApprovedMark: isApproved(source.order.status) ? null : NOT_APPROVED_MARK,
  };
}

/** The order's services grouped by category, categories in order of first appearance, services in order. */
export function groupByCategory(
  services: readonly DocumentService[],
): Array<{ category: string; services: DocumentService[] }> {
  const groups = new Map<string, DocumentService[]>();
  for (const service of services) {
    const category = service.categoryName?.trim() || NO_CATEGORY;
    const group = groups.get(category);
    if (group) group.push(service);
    else groups.set(category, [service]);
  }
  return [...groups].map(([category, grouped]) => ({ category, services: grouped }));
}
