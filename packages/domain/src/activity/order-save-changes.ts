import {
  equipmentLinesOf,
  type CalculationContent,
  type EquipmentLine,
  type PillLine,
  type StuffLine,
} from '../calculations/calculation.schema';
import { EQUIPMENT_FIELD_LABELS } from '../equipment/equipment.schema';
import {
  PRICE_ROUNDING_LABELS,
  VAT_MODE_LABELS,
  type PriceRounding,
} from '../calculations/pricing';
import { formatMoney, formatQuantity } from '../common/format-money';
import { COMPANY_INFO_LABELS } from '../company/company-info-labels';
import type { ActivityChange } from './activity.schema';

/**
 * Most changes one wizard save writes to the activity log (issue 33); past it the row says how many more there
 * were, so a first save of a large order stays one readable row.
 */
export const MAX_SAVE_CHANGES = 40;

/** The parts of an order a wizard save stores, on either side of the save. */
export interface SavedOrderParts {
  name: string;
  companyInfo: Readonly<Record<string, unknown>>;
  priceRounding: PriceRounding;
  services: ReadonlyArray<{ id: number; name: string; content: CalculationContent }>;
}

/** A value as the activity log shows it: numbers as money text («12 500,00»), lists and groups as JSON. */
export function activityValueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return formatMoney(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const change = (field: string, from: string | null, to: string | null): ActivityChange[] =>
  from === to ? [] : [{ field, from, to }];

const percent = (value: number) => `${formatQuantity(value, 2)} %`;

/** A staff line's fields as the log names them, with their values as shown. */
const staffFields = (line: StuffLine): Array<[string, string | null]> => [
  ['Кваліфікація', line.quality?.name ?? null],
  ['Оклад, грн', line.salary === null ? null : formatMoney(line.salary)],
  ['Час виконання, хв', formatQuantity(line.timeSpend, 0)],
  ['% за умови праці', percent(line.conditionPercent)],
  ['Робочий день', `${formatQuantity(line.workingDay)} год`],
];

/** A material line's fields as the log names them, with their values as shown. */
const pillFields = (line: PillLine): Array<[string, string | null]> => [
  ['Матеріал', line.name || null],
  ['Витрата', formatQuantity(line.spend)],
  ['Одиниця виміру', line.measurement_type || null],
  ['Ціна, грн', formatMoney(line.price)],
];

/** An equipment line's fields (issue 38) as the log names them, with their values as shown. */
const equipmentFields = (line: EquipmentLine): Array<[string, string | null]> => [
  ['Обладнання', line.name || null],
  [EQUIPMENT_FIELD_LABELS.minutes, formatQuantity(line.minutes, 0)],
  [`${EQUIPMENT_FIELD_LABELS.firstCost}, грн`, formatMoney(line.firstCost)],
  [`${EQUIPMENT_FIELD_LABELS.residualValue}, грн`, formatMoney(line.residualValue)],
  [EQUIPMENT_FIELD_LABELS.usefulLifeYears, formatQuantity(line.usefulLifeYears, 0)],
  [EQUIPMENT_FIELD_LABELS.hoursPerYear, formatQuantity(line.hoursPerYear)],
];

/** A whole line in a few words, for a line added or removed. */
const staffLineText = (line: StuffLine) =>
  `${line.quality?.name ?? 'без посади'}, ${formatQuantity(line.timeSpend, 0)} хв`;
const pillLineText = (line: PillLine) =>
  `${line.name || 'без назви'}, ${formatQuantity(line.spend)} ${line.measurement_type}`.trim();
const equipmentLineText = (line: EquipmentLine) =>
  `${line.name || 'без назви'}, ${formatQuantity(line.minutes, 0)} хв`;

/** The changes of one section's lines, line by line (the wizard keeps their order; an edit changes one). */
function lineChanges<Line>(
  subject: string,
  before: readonly Line[],
  after: readonly Line[],
  fields: (line: Line) => Array<[string, string | null]>,
  text: (line: Line) => string,
): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const at = `${subject}, рядок ${index + 1}`;
    const old = before[index];
    const next = after[index];
    if (old === undefined || next === undefined) {
      changes.push({
        field: at,
        from: old === undefined ? null : text(old),
        to: next === undefined ? null : text(next),
      });
      continue;
    }
    const oldFields = new Map(fields(old));
    for (const [field, value] of fields(next))
      changes.push(...change(`${at} · ${field}`, oldFields.get(field) ?? null, value));
  }
  return changes;
}

/** The changes of one service that stayed in the order, each named «Послуга «…» · section, рядок N · field». */
function serviceChanges(
  before: SavedOrderParts['services'][number],
  after: SavedOrderParts['services'][number],
): ActivityChange[] {
  const service = `Послуга «${after.name}»`;
  const [old, next] = [before.content, after.content];
  return [
    ...change(`Послуга «${before.name}» · Назва`, before.name, after.name),
    ...change(`${service} · Премія, %`, percent(old.bonus), percent(next.bonus)),
    ...change(`${service} · Рентабельність, %`, percent(old.profit), percent(next.profit)),
    ...change(
      `${service} · ПДВ`,
      VAT_MODE_LABELS[old.vat ?? 'exempt'],
      VAT_MODE_LABELS[next.vat ?? 'exempt'],
    ),
    ...change(
      `${service} · Акт хронометражу`,
      old.chronometry === true ? 'так' : 'ні',
      next.chronometry === true ? 'так' : 'ні',
    ),
    ...lineChanges(`${service} · Персонал`, old.stuff, next.stuff, staffFields, staffLineText),
    ...lineChanges(`${service} · Матеріали`, old.pills, next.pills, pillFields, pillLineText),
    ...lineChanges(
      `${service} · Обладнання`,
      equipmentLinesOf(old),
      equipmentLinesOf(next),
      equipmentFields,
      equipmentLineText,
    ),
  ];
}

/**
 * What a wizard save changed (issue 33), as the activity log shows it: the order's name, each institution field,
 * the rounding, and per service (matched by id) its name, percents, VAT and each line's field, old → new; a
 * service or line added or removed is one change. Empty when the save stored what was there, so the log writes
 * no row. At most {@link MAX_SAVE_CHANGES}: the last then says how many more there were.
 */
export function orderSaveChanges(
  before: SavedOrderParts,
  after: SavedOrderParts,
): ActivityChange[] {
  const labels: Readonly<Record<string, string>> = COMPANY_INFO_LABELS;
  const infoKeys = new Set([...Object.keys(before.companyInfo), ...Object.keys(after.companyInfo)]);
  const oldServices = new Map(before.services.map((service) => [service.id, service]));
  const newIds = new Set(after.services.map((service) => service.id));
  const changes: ActivityChange[] = [
    ...change('Назва замовлення', before.name, after.name),
    ...[...infoKeys].flatMap((key) =>
      change(
        `Дані закладу · ${labels[key] ?? key}`,
        activityValueText(before.companyInfo[key]),
        activityValueText(after.companyInfo[key]),
      ),
    ),
    ...change(
      'Округлення тарифу',
      PRICE_ROUNDING_LABELS[before.priceRounding],
      PRICE_ROUNDING_LABELS[after.priceRounding],
    ),
    ...before.services
      .filter((service) => !newIds.has(service.id))
      .map((service) => ({ field: `Послуга «${service.name}»`, from: service.name, to: null })),
    ...after.services.flatMap((service) => {
      const old = oldServices.get(service.id);
      return old === undefined
        ? [{ field: `Послуга «${service.name}»`, from: null, to: service.name }]
        : serviceChanges(old, service);
    }),
  ];
  if (changes.length <= MAX_SAVE_CHANGES) return changes;
  const kept = changes.slice(0, MAX_SAVE_CHANGES - 1);
  return [...kept, { field: 'Інші зміни', from: null, to: `ще ${changes.length - kept.length}` }];
}
