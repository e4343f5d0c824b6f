import { Decimal } from 'decimal.js';
import { formatMoney, formatPrice, formatQuantity } from '../common/format-money';
import { moneyToString, toDecimal } from '../common/money';
import { AREA_FIELDS, EXPENSE_FIELDS, type CompanyInfo } from '../company/company-info.schema';
import {
  COMPANY_INFO_LABELS,
  OVERHEAD_BASE_LABELS,
  OVERHEAD_METHOD_LABELS,
} from '../company/company-info-labels';
import {
  equipmentLinesOf,
  newEquipmentLine,
  serviceCodeOf,
  type CalculationContent,
  type EquipmentLine,
} from '../calculations/calculation.schema';
import type { EquipmentValues } from '../equipment/equipment.schema';
import type { ServiceCost } from '../calculations/cost-model';
import {
  DEFAULT_VAT_MODE,
  PRICE_ROUNDING_LABELS,
  VAT_MODE_LABELS,
  servicePriceOf,
  type PriceRounding,
} from '../calculations/pricing';

/*
 * «Оновити дані в калькуляції» (spec §2 Orders list → Operations; docs/methodology.md "Re-pricing an order"):
 * the order's services recomputed with the company's current salaries, material prices, equipment (issue 38) and
 * institution data, and
 * the comparison of two revisions (before → after) that the preview shows and the «Порівняння тарифів» document
 * prints. Pure: the server hands in the stored revision and the current reference rows.
 */

/** The institution fields a re-pricing takes from the company's current data (the costing inputs). */
export const REPRICED_INFO_FIELDS = [
  ...EXPENSE_FIELDS,
  ...AREA_FIELDS,
  'unified_social_security_contribution_rate',
  'actual_amount_for_leave_payment',
  'total_number_of_beds',
  'overhead_method',
  'overhead_percent',
  'overhead_base',
] as const satisfies readonly (keyof CompanyInfo)[];

/** A staffing-table row as it is now: its label (as a line names it) and salary, UAH per month. */
export interface CurrentStaffRate {
  label: string;
  salary: number | null;
}

/** A material (template or own) as it is now: name, price per unit, and the unit's name. */
export interface CurrentMaterial {
  name: string;
  price: number;
  measurementType: string;
}

/** A row of the company's equipment register as it is now (issue 38): its name and V, S, N, T. */
export interface CurrentEquipment extends EquipmentValues {
  name: string;
}

/** The rows a re-pricing reads, by id: the company's staffing table, the materials it sees and its equipment. */
export interface CurrentReferences {
  staff: ReadonlyMap<number, CurrentStaffRate>;
  materials: ReadonlyMap<number, CurrentMaterial>;
  equipment: ReadonlyMap<number, CurrentEquipment>;
}

/** What kind of input changed (for grouping and icons); the text says it in Ukrainian. */
export type InputChangeKind =
  | 'institution'
  | 'rounding'
  | 'salary'
  | 'position'
  | 'material'
  | 'equipment'
  | 'service'
  | 'norms'
  | 'missing-staff'
  | 'missing-material'
  | 'missing-equipment';

/** One input that changed between two revisions, in words, with the services it touches (empty: all of them). */
export interface InputChange {
  kind: InputChangeKind;
  text: string;
  services: string[];
  /**
   * For `missing-staff` / `missing-material` / `missing-equipment`: the staffing row, material or equipment that no
   * longer exists. The note holds
   * only while a line still points to it ({@link notesStillTrue}).
   */
  refId?: number;
}

/** A service of a revision: what it is, its inputs and (once calculated) its калькуляція. */
export interface RevisionService {
  id: number;
  identifier: string;
  /** The service's number in its company, printed as its code (issue 23; see `serviceCodeOf`). */
  serviceNumber: number;
  categoryName: string | null;
  name: string;
  content: CalculationContent;
  cost: ServiceCost | null;
}

/** One side of a comparison: a revision's institution data, rounding and services. */
export interface RevisionSide {
  companyInfo: CompanyInfo;
  priceRounding: PriceRounding;
  services: readonly RevisionService[];
}

/** Cost (собівартість) and the final tariff of a service on one side, UAH as two-decimal strings. */
export interface ComparedAmounts {
  summary: string;
  tariff: string;
}

/** One service in the comparison: before and after (null where the service has no result on that side). */
export interface TariffComparisonRow {
  id: number;
  identifier: string;
  code: string;
  name: string;
  before: ComparedAmounts | null;
  after: ComparedAmounts | null;
  /** Tariff after − before, UAH; null unless both sides have one. */
  delta: string | null;
  /** Δ as percent of the tariff before, two decimals; null unless both sides have one and before is not 0. */
  deltaPercent: string | null;
}

/** The comparison of two revisions: per category, per service, the totals and the input changes. */
export interface TariffComparison {
  categories: Array<{ category: string; services: TariffComparisonRow[] }>;
  totals: {
    before: ComparedAmounts;
    after: ComparedAmounts;
    delta: string;
    deltaPercent: string | null;
  };
  changes: InputChange[];
}

/** The heading of services whose category no longer exists. */
export const UNCATEGORISED_SERVICES = 'Без категорії';

const money = (value: number | string | null | undefined) => formatMoney(value ?? null);
/** A material's price per unit: up to four decimals where it has them (issue 33). */
const price = (value: number | string | null | undefined) => formatPrice(value ?? null);

/**
 * Said of a line whose row or material is gone: Calculate refuses a line that names a row the company no longer
 * has, so the economist chooses a replacement in the wizard first.
 */
export const MISSING_HINT = 'Оберіть заміну в майстрі перед «Розрахувати».';

/**
 * Said at the field of a wizard line whose staffing row or material the company no longer has (issue 33): after a
 * re-pricing such a line keeps its old values until the economist chooses a replacement.
 */
export const STAFF_ROW_DELETED_MESSAGE =
  'Посаду видалено зі штатного розпису. Оберіть іншу посаду.';
export const MATERIAL_DELETED_MESSAGE = 'Матеріал видалено з довідника. Оберіть інший матеріал.';
export const EQUIPMENT_DELETED_MESSAGE =
  'Обладнання видалено з реєстру обладнання. Оберіть інше обладнання.';

/**
 * The re-pricing's notes of deleted rows that still hold for a later revision: a line of `services` still points
 * to the staffing row or material. Once the economist chose a replacement, the note is no longer printed.
 */
export function notesStillTrue(
  notes: readonly InputChange[],
  services: ReadonlyArray<{ content: CalculationContent }>,
): InputChange[] {
  const staffIds = new Set(
    services.flatMap(({ content }) => content.stuff.map((line) => line.quality?.id ?? null)),
  );
  const pillIds = new Set(services.flatMap(({ content }) => content.pills.map((line) => line.id)));
  const equipmentIds = new Set(
    services.flatMap(({ content }) => equipmentLinesOf(content).map((line) => line.id)),
  );
  return notes.filter((note) => {
    if (note.refId === undefined) return true;
    if (note.kind === 'missing-staff') return staffIds.has(note.refId);
    if (note.kind === 'missing-material') return pillIds.has(note.refId);
    if (note.kind === 'missing-equipment') return equipmentIds.has(note.refId);
    return true;
  });
}

/**
 * The order's institution data with the costing inputs ({@link REPRICED_INFO_FIELDS}) taken from the company's
 * current data; the requisites (name, code, account, heads, address) stay the order's.
 */
export function repriceCompanyInfo(orderInfo: CompanyInfo, currentInfo: CompanyInfo): CompanyInfo {
  const next: CompanyInfo = { ...orderInfo };
  for (const field of REPRICED_INFO_FIELDS) {
    (next as Record<string, unknown>)[field] = currentInfo[field];
  }
  return next;
}

/** Adds a change, or the service to an equal change already listed. */
function addChange(changes: InputChange[], change: InputChange): void {
  const same = changes.find((entry) => entry.kind === change.kind && entry.text === change.text);
  if (!same) {
    changes.push({ ...change, services: [...change.services] });
    return;
  }
  for (const service of change.services)
    if (!same.services.includes(service)) same.services.push(service);
}

/**
 * A line of `service` with the current values of the row it points to (`current`), or, when that row is gone, the
 * line as it was, named in `notes` by its `missing` note with the row's id. A line pointing at no row stays.
 */
function withCurrentRow<Line, Row>(
  line: Line,
  id: number | null | undefined,
  rows: ReadonlyMap<number, Row>,
  service: string,
  notes: InputChange[],
  row: {
    current: (row: Row, id: number) => Line;
    missing: () => {
      kind: 'missing-staff' | 'missing-material' | 'missing-equipment';
      text: string;
    };
  },
): Line {
  if (id == null) return line;
  const found = rows.get(id);
  if (found !== undefined) return row.current(found, id);
  addChange(notes, { ...row.missing(), services: [service], refId: id });
  return line;
}

/** N years and T hours as the comparison writes them: `5 р.`, `1 940,4 год на рік`. */
const years = (value: number) => `${formatQuantity(value)} р.`;
const hoursText = (value: number) => formatQuantity(value, 2);

/**
 * An equipment line with the register's current row (issue 38): its name, V, S, N and T; the minutes stay. A line
 * with no row chosen stays; one whose row is gone keeps its old values and is named in `notes`, like a deleted
 * staffing row.
 */
function repriceEquipmentLine(
  line: EquipmentLine,
  service: string,
  register: CurrentReferences['equipment'],
  notes: InputChange[],
): EquipmentLine {
  return withCurrentRow(line, line.id, register, service, notes, {
    // The register row's name and values, as the wizard takes a row; the line keeps its minutes.
    current: (row, id) => ({ ...newEquipmentLine({ ...row, id }), minutes: line.minutes }),
    missing: () => ({
      kind: 'missing-equipment',
      text: `${line.name}: обладнання вже немає в реєстрі обладнання, залишено вартість ${money(line.firstCost)} грн, ліквідаційну вартість ${money(line.residualValue)} грн, строк ${years(line.usefulLifeYears)}, ${hoursText(line.hoursPerYear)} год на рік. ${MISSING_HINT}`,
    }),
  });
}

/**
 * The services' contents with the company's current salaries, materials and equipment: each staff line takes the
 * salary (and label) of the staffing row it points to, each material line the name, price and unit of the material
 * it points to, each equipment line the name, V, S, N and T of its register row (issue 38). Minutes, spends,
 * conditions, working day, bonus, profitability and VAT stay. A line whose row or material no longer exists keeps
 * its old values and is named in `notes`. A content without `equipment` (the spec's client) stays without it.
 */
export function repriceContents(
  services: ReadonlyArray<{ name: string; content: CalculationContent }>,
  references: CurrentReferences,
): { contents: CalculationContent[]; notes: InputChange[] } {
  const notes: InputChange[] = [];
  const contents = services.map(({ name, content }) => ({
    ...content,
    stuff: content.stuff.map((line) => {
      const { quality } = line;
      if (quality === null) return line;
      return withCurrentRow(line, quality.id, references.staff, name, notes, {
        current: (row, id) => ({ ...line, quality: { id, name: row.label }, salary: row.salary }),
        missing: () => ({
          kind: 'missing-staff',
          text: `${quality.name}: посади вже немає у штатному розписі, залишено оклад ${money(line.salary)} грн. ${MISSING_HINT}`,
        }),
      });
    }),
    pills: content.pills.map((line) =>
      withCurrentRow(line, line.id, references.materials, name, notes, {
        current: (material) => ({
          ...line,
          name: material.name,
          price: material.price,
          measurement_type: material.measurementType,
        }),
        missing: () => ({
          kind: 'missing-material',
          text: `${line.name}: матеріалу вже немає серед матеріалів закладу, залишено ціну ${price(line.price)} грн/${line.measurement_type}. ${MISSING_HINT}`,
        }),
      }),
    ),
    ...(content.equipment
      ? {
          equipment: content.equipment.map((line) =>
            repriceEquipmentLine(line, name, references.equipment, notes),
          ),
        }
      : {}),
  }));
  return { contents, notes };
}

/** How an institution field's value is written in a change: money and areas in uk-UA, choices by label. */
function infoValueText(field: (typeof REPRICED_INFO_FIELDS)[number], info: CompanyInfo): string {
  if (field === 'overhead_method') return OVERHEAD_METHOD_LABELS[info.overhead_method];
  if (field === 'overhead_base') return OVERHEAD_BASE_LABELS[info.overhead_base];
  const value = info[field];
  if (field === 'total_number_of_beds') return value === null ? '—' : String(value);
  const text = money(value);
  if ((EXPENSE_FIELDS as readonly string[]).includes(field)) return `${text} грн`;
  if ((AREA_FIELDS as readonly string[]).includes(field)) return `${text} м²`;
  return text;
}

/** The institution's costing inputs that differ, in words («Фонд оплати праці …: 14 400 000,00 → … грн»). */
function institutionChanges(before: CompanyInfo, after: CompanyInfo): InputChange[] {
  return REPRICED_INFO_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    kind: 'institution',
    text: `${COMPANY_INFO_LABELS[field]}: ${infoValueText(field, before)} → ${infoValueText(field, after)}`,
    services: [],
  }));
}

/** A staff line's identity within a service: its staffing row, or its name when it has none. */
const staffKey = (line: CalculationContent['stuff'][number]) =>
  line.quality?.id != null ? `id:${line.quality.id}` : `name:${line.quality?.name ?? ''}`;
/** A material line's identity within a service: its material, or its name when it has none. */
const materialKey = (line: CalculationContent['pills'][number]) =>
  line.id !== null ? `id:${line.id}` : `name:${line.name}`;

/** An equipment line's identity within a service: its register row, or its name when it has none. */
const equipmentKey = (line: EquipmentLine) =>
  line.id !== null ? `id:${line.id}` : `name:${line.name}`;

/** What the norms of a service are, without the prices: changed norms are named, not itemised. */
function normsOf(content: CalculationContent): string {
  return JSON.stringify([
    content.stuff.map((line) => [
      staffKey(line),
      line.timeSpend,
      line.conditionPercent,
      line.workingDay,
    ]),
    content.pills.map((line) => [materialKey(line), line.spend]),
    equipmentLinesOf(content).map((line) => [equipmentKey(line), line.minutes]),
  ]);
}

/**
 * What changed in one piece of equipment between two revisions, in words (issue 38): its name in the register, and
 * V, S, N, T each on its own («УЗ-сканер: вартість 1 200 000,00 → 1 350 000,00 грн»).
 */
function equipmentChanges(old: EquipmentLine, line: EquipmentLine): string[] {
  const texts: string[] = [];
  if (old.name !== line.name)
    texts.push(`Обладнання «${old.name}» у реєстрі названо «${line.name}»`);
  if (old.firstCost !== line.firstCost) {
    texts.push(`${line.name}: вартість ${money(old.firstCost)} → ${money(line.firstCost)} грн`);
  }
  if (old.residualValue !== line.residualValue) {
    texts.push(
      `${line.name}: ліквідаційна вартість ${money(old.residualValue)} → ${money(line.residualValue)} грн`,
    );
  }
  if (old.usefulLifeYears !== line.usefulLifeYears) {
    texts.push(
      `${line.name}: строк корисного використання ${formatQuantity(old.usefulLifeYears)} → ${years(line.usefulLifeYears)}`,
    );
  }
  if (old.hoursPerYear !== line.hoursPerYear) {
    texts.push(
      `${line.name}: годин використання на рік ${hoursText(old.hoursPerYear)} → ${hoursText(line.hoursPerYear)}`,
    );
  }
  return texts;
}

/** The inputs of one service that differ between two revisions, added to `changes`. */
function serviceChanges(
  name: string,
  before: CalculationContent,
  after: CalculationContent,
  changes: InputChange[],
): void {
  const services = [name];
  const staffBefore = new Map(before.stuff.map((line) => [staffKey(line), line]));
  for (const line of after.stuff) {
    const old = staffBefore.get(staffKey(line));
    if (!old || line.quality === null) continue;
    const label = line.quality.name;
    if (old.quality !== null && old.quality.name !== label) {
      addChange(changes, {
        kind: 'position',
        text: `Посаду «${old.quality.name}» у штатному розписі названо «${label}»`,
        services,
      });
    }
    if (old.salary !== line.salary) {
      addChange(changes, {
        kind: 'salary',
        text: `${label}: оклад ${money(old.salary)} → ${money(line.salary)} грн`,
        services,
      });
    }
  }
  const pillsBefore = new Map(before.pills.map((line) => [materialKey(line), line]));
  for (const line of after.pills) {
    const old = pillsBefore.get(materialKey(line));
    if (!old) continue;
    if (old.price === line.price && old.measurement_type === line.measurement_type) continue;
    const text =
      old.measurement_type === line.measurement_type
        ? `${line.name}: ${price(old.price)} → ${price(line.price)} грн/${line.measurement_type}`
        : `${line.name}: ${price(old.price)} грн/${old.measurement_type} → ${price(line.price)} грн/${line.measurement_type}`;
    addChange(changes, { kind: 'material', text, services });
  }
  const equipmentBefore = new Map(
    equipmentLinesOf(before).map((line) => [equipmentKey(line), line]),
  );
  for (const line of equipmentLinesOf(after)) {
    const old = equipmentBefore.get(equipmentKey(line));
    if (!old) continue;
    for (const text of equipmentChanges(old, line)) {
      addChange(changes, { kind: 'equipment', text, services });
    }
  }
  if (before.bonus !== after.bonus) {
    addChange(changes, {
      kind: 'service',
      text: `Премія: ${money(before.bonus)} → ${money(after.bonus)} %`,
      services,
    });
  }
  if (before.profit !== after.profit) {
    addChange(changes, {
      kind: 'service',
      text: `Рентабельність: ${money(before.profit)} → ${money(after.profit)} %`,
      services,
    });
  }
  const vatBefore = before.vat ?? DEFAULT_VAT_MODE;
  const vatAfter = after.vat ?? DEFAULT_VAT_MODE;
  if (vatBefore !== vatAfter) {
    addChange(changes, {
      kind: 'service',
      text: `ПДВ: ${VAT_MODE_LABELS[vatBefore]} → ${VAT_MODE_LABELS[vatAfter]}`,
      services,
    });
  }
  if (normsOf(before) !== normsOf(after)) {
    addChange(changes, {
      kind: 'norms',
      text: 'Змінено склад рядків або норми (час, умови праці, робочий день, витрати матеріалів, час обладнання)',
      services,
    });
  }
}

/**
 * Every input that differs between two revisions, in words: the institution's costing inputs, the rounding, and
 * per service the salaries, positions, material prices and units, equipment (name, V, S, N, T), bonus,
 * profitability, VAT and norms. Equal
 * changes of several services are listed once with all of them.
 */
export function describeInputChanges(before: RevisionSide, after: RevisionSide): InputChange[] {
  const changes = institutionChanges(before.companyInfo, after.companyInfo);
  if (before.priceRounding !== after.priceRounding) {
    changes.push({
      kind: 'rounding',
      text: `Округлення тарифу: ${PRICE_ROUNDING_LABELS[before.priceRounding]} → ${PRICE_ROUNDING_LABELS[after.priceRounding]}`,
      services: [],
    });
  }
  const beforeById = new Map(before.services.map((service) => [service.id, service]));
  const afterIds = new Set(after.services.map((service) => service.id));
  for (const service of after.services) {
    const old = beforeById.get(service.id);
    if (old) serviceChanges(service.name, old.content, service.content, changes);
  }
  for (const service of before.services) {
    if (!afterIds.has(service.id)) {
      changes.push({
        kind: 'service',
        text: 'Послугу вилучено із замовлення (не входить у підсумок порівняння)',
        services: [service.name],
      });
    }
  }
  return changes;
}

/** A service's amounts on one side, or null when it has no калькуляція there. */
const amountsOf = (service: RevisionService | undefined): ComparedAmounts | null =>
  service?.cost
    ? { summary: service.cost.summary, tariff: servicePriceOf(service.cost).tariff }
    : null;

/** Δ and Δ % of two amounts (after − before, percent of before, two decimals half-up; null when before is 0). */
export function amountDelta(
  before: string,
  after: string,
): { delta: string; deltaPercent: string | null } {
  const from = toDecimal(before);
  const delta = toDecimal(after).minus(from);
  return {
    delta: moneyToString(delta),
    deltaPercent: from.isZero()
      ? null
      : delta.times(100).dividedBy(from).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/**
 * The comparison of two revisions of one order (the preview and «Порівняння тарифів»): each service's cost and
 * tariff before and after, Δ грн and Δ %, by category in the later revision's order (a service only the earlier
 * one has follows in its category), the totals of the services both sides have calculated, and the input changes
 * (`notes` first: what the re-pricing could not update).
 */
export function compareRevisions(
  before: RevisionSide,
  after: RevisionSide,
  notes: readonly InputChange[] = [],
): TariffComparison {
  const beforeById = new Map(before.services.map((service) => [service.id, service]));
  const afterIds = new Set(after.services.map((service) => service.id));
  const groups = new Map<string, TariffComparisonRow[]>();
  const place = (
    latest: RevisionService,
    earlier: RevisionService | undefined,
    later: RevisionService | undefined,
  ) => {
    const category = latest.categoryName?.trim() || UNCATEGORISED_SERVICES;
    const from = amountsOf(earlier);
    const to = amountsOf(later);
    const delta = from && to ? amountDelta(from.tariff, to.tariff) : null;
    const row: TariffComparisonRow = {
      id: latest.id,
      identifier: latest.identifier,
      code: serviceCodeOf(latest),
      name: latest.name,
      before: from,
      after: to,
      delta: delta?.delta ?? null,
      deltaPercent: delta?.deltaPercent ?? null,
    };
    const group = groups.get(category);
    if (group) group.push(row);
    else groups.set(category, [row]);
  };
  for (const service of after.services) place(service, beforeById.get(service.id), service);
  for (const service of before.services) {
    if (!afterIds.has(service.id)) place(service, service, undefined);
  }

  // The totals compare like with like: the services that have a калькуляція on both sides (a service removed in
  // the wizard after the re-pricing is listed, without a Δ, and named in the changes).
  const both = after.services.filter(
    (service) => service.cost !== null && beforeById.get(service.id)?.cost != null,
  );
  const total = (side: RevisionSide): ComparedAmounts => {
    const byId = new Map(side.services.map((service) => [service.id, service]));
    let summary = toDecimal(0);
    let tariff = toDecimal(0);
    for (const { id } of both) {
      const amounts = amountsOf(byId.get(id));
      if (!amounts) continue;
      summary = summary.plus(amounts.summary);
      tariff = tariff.plus(amounts.tariff);
    }
    return { summary: summary.toFixed(2), tariff: tariff.toFixed(2) };
  };
  const totalBefore = total(before);
  const totalAfter = total(after);
  const changes: InputChange[] = [];
  for (const change of [...notes, ...describeInputChanges(before, after)])
    addChange(changes, change);
  return {
    categories: [...groups].map(([category, services]) => ({ category, services })),
    totals: {
      before: totalBefore,
      after: totalAfter,
      ...amountDelta(totalBefore.tariff, totalAfter.tariff),
    },
    changes,
  };
}
