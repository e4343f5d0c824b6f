import {
  MAX_AMOUNT,
  MAX_HOURS_PER_YEAR,
  MAX_LINES_PER_CALCULATION,
  MAX_NAME_LENGTH,
  MAX_PERCENT,
  MAX_ROW_ID,
  MAX_SERVICES_PER_REQUEST,
  MAX_SPEND,
  MAX_TIME_SPEND,
  MAX_USEFUL_LIFE_YEARS,
  VAT_MODES,
  WORKING_DAY_HOURS,
  calculateOnlineInputSchema,
  decimalPlaces,
  type CalculateOnlineInput,
  type CalculationContent,
  type EquipmentLine,
  type PillLine,
  type StuffLine,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The fast path of calculate-online's body check (issue 21: 1,000 services × 30 lines in < 80 ms). zod walking the
 * 30,000 lines of such a body was most of the request's time; this reads the common, well-formed body — the
 * wizard's `calculations` as an object keyed by category, every service, calculation and line as the domain's
 * schemas (calculation.schema.ts, calculation-calls.schema.ts) accept it — with plain checks and builds the same
 * value those schemas answer. Anything else (a failing field, the JSON-text or list form, a string id) makes it
 * answer `undefined`, and the route falls back to `calculateOnlineInputSchema`, which decides and writes the
 * Ukrainian 422. So the fast path may only ever accept what the schema accepts, with the same parsed value; it
 * may refuse more (that only costs time). `calculate-online-input.test.ts` checks both on generated bodies.
 *
 * Keep it in step with those schemas: a rule added there and not here makes the property test fail.
 */

type Json = Record<string, unknown>;

/** The `isObject` of zod's object check: a non-null, non-array object. */
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's `.optional()` presence: a key absent from the object (a present `undefined` is left to zod). */
const absent = (object: Json, key: string) => object[key] === undefined && !(key in object);

const WORKING_DAYS: ReadonlySet<number> = new Set(WORKING_DAY_HOURS);
const VATS: ReadonlySet<unknown> = new Set(VAT_MODES);

/**
 * A finite number from 0 to `max` with at most two decimals (`twoDecimalsSchema`). A whole number, or one that is
 * the double nearest to some k/100 (then its shortest decimal form, which `decimalPlaces` counts, has at most two
 * decimals too; amounts are at most 1e9, far from where k/100 loses precision), is accepted without building its
 * decimal text; anything else is counted by `decimalPlaces` as the schema counts it.
 */
const isTwoDecimals = (value: unknown, max: number): value is number =>
  typeof value === 'number' &&
  value >= 0 &&
  value <= max &&
  (Number.isInteger(value) || Math.round(value * 100) / 100 === value || decimalPlaces(value) <= 2);

/** A whole number from 0 to `max` (`countSchema`: zod's `.int()` is a safe integer). */
const isCount = (value: unknown, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max;

/** `lineRefSchema`: null, or a row id from 1 to MAX_ROW_ID. */
const isLineRef = (value: unknown): value is number | null =>
  value === null ||
  (Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= MAX_ROW_ID);

/** `lineTextSchema`: at most 600 characters, no NUL. */
const isLineText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 600 && !value.includes('\u0000');

/**
 * Whether `object` has exactly `count` enumerable keys: with every key a reader checked present, it then has no
 * other key the schema would strip, so the object itself is the schema's value (its keys perhaps in another order,
 * which nothing reading the value sees). Reusing the body's line objects instead of copying them spares 30,000
 * objects per large preview (issue 21: a request's garbage costs as much as its work).
 */
function hasKeyCount(object: Json, count: number): boolean {
  // for…in counts without allocating a list of the keys (it also counts inherited enumerable ones: more, never less).
  let keys = 0;
  for (const _key in object) keys += 1;
  return keys === count;
}

function stuffLine(line: unknown): StuffLine | undefined {
  if (!isObject(line)) return undefined;
  const { quality, salary, timeSpend, conditionPercent, workingDay } = line;
  let parsedQuality: StuffLine['quality'] = null;
  if (quality !== null) {
    if (!isObject(quality) || !isLineRef(quality.id) || !isLineText(quality.name)) return undefined;
    parsedQuality = hasKeyCount(quality, 2)
      ? (quality as StuffLine['quality'])
      : { id: quality.id, name: quality.name };
  }
  if (salary !== null && !isTwoDecimals(salary, MAX_AMOUNT)) return undefined;
  if (!isCount(timeSpend, MAX_TIME_SPEND)) return undefined;
  if (!isTwoDecimals(conditionPercent, MAX_PERCENT)) return undefined;
  if (typeof workingDay !== 'number' || !WORKING_DAYS.has(workingDay)) return undefined;
  if (parsedQuality === quality && hasKeyCount(line, 5)) return line as unknown as StuffLine;
  return { quality: parsedQuality, salary, timeSpend, conditionPercent, workingDay };
}

function pillLine(line: unknown): PillLine | undefined {
  if (!isObject(line)) return undefined;
  const { id, name, price, spend, measurement_type: unit } = line;
  if (!isLineRef(id) || !isLineText(name) || !isTwoDecimals(price, MAX_AMOUNT)) return undefined;
  if (!isCount(spend, MAX_SPEND) || !isLineText(unit)) return undefined;
  if (hasKeyCount(line, 5)) return line as unknown as PillLine;
  return { id, name, price, spend, measurement_type: unit };
}

/**
 * An equipment line (`equipmentLineSchema`, issue 38): V above 0 and S below V, each with at most two decimals; N
 * whole years from 1; T above 0 with at most two decimals; whole minutes.
 */
function equipmentLine(line: unknown): EquipmentLine | undefined {
  if (!isObject(line)) return undefined;
  const { id, name, firstCost, residualValue, usefulLifeYears, hoursPerYear, minutes } = line;
  if (!isLineRef(id) || !isLineText(name)) return undefined;
  if (!isTwoDecimals(firstCost, MAX_AMOUNT) || firstCost <= 0) return undefined;
  if (!isTwoDecimals(residualValue, MAX_AMOUNT) || residualValue >= firstCost) return undefined;
  if (!isCount(usefulLifeYears, MAX_USEFUL_LIFE_YEARS) || usefulLifeYears < 1) return undefined;
  if (!isTwoDecimals(hoursPerYear, MAX_HOURS_PER_YEAR) || hoursPerYear <= 0) return undefined;
  if (!isCount(minutes, MAX_TIME_SPEND)) return undefined;
  if (hasKeyCount(line, 7)) return line as unknown as EquipmentLine;
  return { id, name, firstCost, residualValue, usefulLifeYears, hoursPerYear, minutes };
}

/**
 * Every line of `lines` read by `read`, or undefined when it is no array, too long, or a line fails. The array
 * itself when every line is its own value (the usual body); a copy otherwise.
 */
function lineList<T>(lines: unknown, read: (line: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(lines) || lines.length > MAX_LINES_PER_CALCULATION) return undefined;
  let parsed: T[] | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = read(lines[index]);
    if (line === undefined) return undefined;
    if (parsed === undefined && line !== lines[index]) parsed = lines.slice(0, index) as T[];
    if (parsed !== undefined) parsed[index] = line;
  }
  return parsed ?? (lines as T[]);
}

function calculationContent(content: unknown): CalculationContent | undefined {
  if (!isObject(content)) return undefined;
  const { bonus, profit, chronometry, vat } = content;
  if (!isTwoDecimals(bonus, MAX_PERCENT) || !isTwoDecimals(profit, MAX_PERCENT)) return undefined;
  const stuff = lineList(content.stuff, stuffLine);
  const pills = lineList(content.pills, pillLine);
  if (stuff === undefined || pills === undefined) return undefined;
  // The schema's key order (bonus, profit, chronometry, vat, stuff, pills, equipment), the optional ones only when
  // sent.
  const parsed = { bonus, profit } as CalculationContent;
  if (!absent(content, 'chronometry')) {
    if (typeof chronometry !== 'boolean') return undefined;
    parsed.chronometry = chronometry;
  }
  if (!absent(content, 'vat')) {
    if (!VATS.has(vat)) return undefined;
    parsed.vat = vat as CalculationContent['vat'];
  }
  parsed.stuff = stuff;
  parsed.pills = pills;
  // Absent in the spec's client's body (no equipment, D = 0).
  if (!absent(content, 'equipment')) {
    const equipment = lineList(content.equipment, equipmentLine);
    if (equipment === undefined) return undefined;
    parsed.equipment = equipment;
  }
  return parsed;
}

function calculationItem(item: unknown): WizardCalculationItem | undefined {
  if (!isObject(item)) return undefined;
  const { id, identifier, categoryId, name } = item;
  // `idFieldSchema` also reads a digit string as the number: left to the schema.
  if (!Number.isSafeInteger(id) || (id as number) <= 0 || (id as number) > MAX_ROW_ID)
    return undefined;
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > MAX_NAME_LENGTH || trimmed.includes('\u0000')) {
    return undefined;
  }
  const parsed = { id: id as number } as WizardCalculationItem;
  if (!absent(item, 'identifier')) {
    if (typeof identifier !== 'string' || identifier.length > 64) return undefined;
    parsed.identifier = identifier;
  }
  if (!absent(item, 'categoryId')) {
    if (categoryId !== null && !Number.isSafeInteger(categoryId)) return undefined;
    parsed.categoryId = categoryId as number | null;
  }
  parsed.name = trimmed;
  const calculation = calculationContent(item.calculation);
  if (calculation === undefined) return undefined;
  parsed.calculation = calculation;
  return parsed;
}

/** The object form of `calculations` (`wizardCalculationsSchema` and the count's refine), or undefined. */
function wizardCalculations(value: unknown): WizardCalculations | undefined {
  if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const parsed: WizardCalculations = {};
  let services = 0;
  for (const category of Object.keys(value)) {
    // `__proto__` is refused by the schema under its own path; `constructor` makes zod's plain-object check
    // read the value: both left to it, as is a key over 255 characters.
    if (category === '__proto__' || category === 'constructor' || category.length > 255) {
      return undefined;
    }
    const items = value[category];
    if (!Array.isArray(items)) return undefined;
    services += items.length;
    if (services > MAX_SERVICES_PER_REQUEST) return undefined;
    const list: WizardCalculationItem[] = new Array<WizardCalculationItem>(items.length);
    for (let index = 0; index < items.length; index += 1) {
      const item = calculationItem(items[index]);
      if (item === undefined) return undefined;
      list[index] = item;
    }
    parsed[category] = list;
  }
  return parsed;
}

/**
 * calculate-online's body as `calculateOnlineInputSchema` parses it, when the fast path can read it; otherwise
 * undefined (the schema decides). The small parts (`companyInfo`, `priceRounding`) go through the schema itself,
 * with an empty `calculations` in place of the large one.
 */
export function readCalculateOnlineInput(body: unknown): CalculateOnlineInput | undefined {
  if (!isObject(body)) return undefined;
  const calculations = wizardCalculations(body.calculations);
  if (calculations === undefined) return undefined;
  const rest: Json = { calculations: {} };
  if (!absent(body, 'companyInfo')) rest.companyInfo = body.companyInfo;
  if (!absent(body, 'priceRounding')) rest.priceRounding = body.priceRounding;
  const small = calculateOnlineInputSchema.safeParse(rest);
  if (!small.success) return undefined;
  return { ...small.data, calculations };
}

/**
 * The route's body compiler: the fast path first, then the zod type provider's own check of the same schema (the
 * 422 with its Ukrainian messages and field paths, or the value when the fast path was only too strict).
 */
export const calculateOnlineValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const bySchema = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return bySchema;
  return (data) => {
    const value = readCalculateOnlineInput(data);
    return value === undefined ? bySchema(data) : { value };
  };
};
