import {
  calculationContentSchema,
  companyInfoSchema,
  pillLineSchema,
  stuffLineSchema,
  wizardCalculationItemSchema,
  type CompanyInfo,
  type PillLine,
  type StuffLine,
  type WizardCalculationItem,
} from '@medcalc/domain';

import {
  listServices,
  materialKey,
  type OrderDraft,
  type OrderDraftAction,
} from '../stores/order-draft';

import { schemaIssues, valueIssue } from './schema-issues';

/**
 * The first server message of each field of a 422 answer, by the field's dotted path as the server writes it
 * (`companyInfo.medical_staff_salary_fund`, `calculations.УЗД.0.calculation.stuff.1.timeSpend`).
 */
export type FieldErrors = Readonly<Record<string, string>>;

/** The wizard's steps, 1 to 5 (spec §2 "Wizard"). */
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/** Path of a service: its category key and its position there, as in the server's error keys. */
export const servicePath = (category: string, index: number) => `calculations.${category}.${index}`;

/** Path of one field of a staff line. */
export const stuffFieldPath = (
  category: string,
  index: number,
  line: number,
  field: keyof StuffLine,
) => `${servicePath(category, index)}.calculation.stuff.${line}.${field}`;

/** Path of one field of a material line. */
export const pillFieldPath = (
  category: string,
  index: number,
  line: number,
  field: keyof PillLine,
) => `${servicePath(category, index)}.calculation.pills.${line}.${field}`;

/** Path of a service's bonus, profitability, name… (`name` sits beside `calculation`). */
export const calculationKeyPath = (
  category: string,
  index: number,
  key: 'name' | 'bonus' | 'profit' | 'chronometry' | 'vat' | 'stuff' | 'pills',
) =>
  key === 'name'
    ? `${servicePath(category, index)}.name`
    : `${servicePath(category, index)}.calculation.${key}`;

/** Path of an institution field (step 1). */
export const companyInfoPath = (field: keyof CompanyInfo | string) => `companyInfo.${field}`;

/**
 * The step whose panel holds the field at `path`, or null for a path no step shows (e.g. the order name):
 * institution data → 1; a service's name, bonus and staff lines → 2; its material lines → 3, except their unit
 * and price, which are edited in the price list → 4; profitability, VAT and the order's rounding → 5.
 */
export function stepOfErrorPath(path: string): WizardStep | null {
  if (path === 'companyInfo' || path.startsWith('companyInfo.')) return 1;
  if (path === 'priceRounding') return 5;
  if (path !== 'calculations' && !path.startsWith('calculations.')) return null;
  const line = /\.calculation\.(stuff|pills)(?:\.\d+(?:\.([A-Za-z_]+))?)?(?:\..*)?$/.exec(path);
  if (line) {
    if (line[1] === 'stuff') return 2;
    return line[2] === 'price' || line[2] === 'measurement_type' ? 4 : 3;
  }
  if (/\.calculation\.(profit|vat)$/.test(path)) return 5;
  return 2;
}

/** The steps that have at least one of `errors`. */
export function stepsWithErrors(errors: FieldErrors): Set<WizardStep> {
  const steps = new Set<WizardStep>();
  for (const path of Object.keys(errors)) {
    const step = stepOfErrorPath(path);
    if (step !== null) steps.add(step);
  }
  return steps;
}

/**
 * The steps whose panel shows a message of its own for the draft as it is now: a value the domain's schemas
 * refuse (the same checks the fields show as the user types), or a template qualification that is not in the
 * company's staffing table (spec §8). The step header marks them, so a problem is found before Save or
 * Calculate, and from any step.
 */
export function stepsWithDraftIssues(
  draft: Pick<OrderDraft, 'companyInfo' | 'calculations'>,
): Set<WizardStep> {
  const steps = new Set<WizardStep>();
  if (!isCompanyInfoValid(draft.companyInfo)) steps.add(1);
  for (const { item } of listServices(draft.calculations)) {
    for (const step of serviceIssueSteps(item)) steps.add(step);
  }
  return steps;
}

/*
 * The checks run on every keystroke, over every service of the order (zod over every line: a large part of a
 * keystroke in an order of 100 services, docs/performance.md "Wizard"). The draft's reducer keeps the objects of what an edit did not touch,
 * and never changes one in place, so each answer is kept per object: a keystroke checks only the service typed in.
 */
const companyInfoValidity = new WeakMap<object, boolean>();
const serviceSteps = new WeakMap<WizardCalculationItem, readonly WizardStep[]>();

function isCompanyInfoValid(companyInfo: OrderDraft['companyInfo']): boolean {
  let valid = companyInfoValidity.get(companyInfo);
  if (valid === undefined) {
    valid = companyInfoSchema.safeParse(companyInfo).success;
    companyInfoValidity.set(companyInfo, valid);
  }
  return valid;
}

/** The steps one service's values give a message in (see {@link stepsWithDraftIssues}), kept per service object. */
function serviceIssueSteps(item: WizardCalculationItem): readonly WizardStep[] {
  const known = serviceSteps.get(item);
  if (known !== undefined) return known;
  const steps = new Set<WizardStep>();
  const { calculation } = item;
  if (
    valueIssue(wizardCalculationItemSchema.shape.name, item.name) !== undefined ||
    valueIssue(calculationContentSchema.shape.bonus, calculation.bonus) !== undefined
  ) {
    steps.add(2);
  }
  if (valueIssue(calculationContentSchema.shape.profit, calculation.profit) !== undefined) {
    steps.add(5);
  }
  for (const line of calculation.stuff) {
    const isMissingQualification = line.quality !== null && line.quality.id === null;
    if (isMissingQualification || Object.keys(schemaIssues(stuffLineSchema, line)).length > 0) {
      steps.add(2);
    }
  }
  for (const line of calculation.pills) {
    for (const field of Object.keys(schemaIssues(pillLineSchema, line))) {
      // A material's unit and price are edited in the price list.
      steps.add(/^(price|measurement_type)\b/.test(field) ? 4 : 3);
    }
  }
  const answer = [...steps];
  serviceSteps.set(item, answer);
  return answer;
}

/**
 * The place a final-check message of the server starts with (`Дані закладу: …`, `Послуга «…»: …`): it is for the
 * toast, which has no other context. Under the field, or after the wizard's own description of the place, it
 * would be said twice.
 */
const PLACE_PREFIX = /^(?:Дані закладу|Послуга «[^»]*»): /;

/** The first message of each field of a 422's `errors`, without the place it starts with. */
export function firstMessages(errors: Readonly<Record<string, readonly string[]>>): FieldErrors {
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (message !== undefined) result[path] = message.replace(PLACE_PREFIX, '');
  }
  return result;
}

const withoutPrefixes = (errors: FieldErrors, prefixes: readonly string[]): FieldErrors => {
  if (prefixes.length === 0) return errors;
  const kept = Object.entries(errors).filter(
    ([path]) => !prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
};

/**
 * The server's messages that still apply after `action` edits `draft`: the message of an edited field goes (the
 * user is fixing it; the schema check under the field takes over), and an edit that moves lines or services
 * about drops every message of that service, whose line numbers no longer match.
 */
export function clearErrorsFor(
  errors: FieldErrors,
  action: OrderDraftAction,
  draft: OrderDraft,
): FieldErrors {
  if (Object.keys(errors).length === 0) return errors;
  const positionOf = (category: string, id: number) =>
    draft.calculations[category]?.findIndex((item) => item.id === id) ?? -1;

  switch (action.type) {
    case 'setCompanyInfoField':
      return withoutPrefixes(errors, [companyInfoPath(action.field)]);
    case 'setStuffValue':
      return withoutPrefixes(errors, [
        stuffFieldPath(
          action.category,
          positionOf(action.category, action.id),
          action.index,
          action.field,
        ),
      ]);
    case 'setPillValue':
      return withoutPrefixes(errors, [
        pillFieldPath(
          action.category,
          positionOf(action.category, action.id),
          action.index,
          action.field,
        ),
      ]);
    case 'chooseStaffRate':
      return withoutPrefixes(
        errors,
        (['quality', 'salary'] as const).map((field) =>
          stuffFieldPath(
            action.category,
            positionOf(action.category, action.id),
            action.index,
            field,
          ),
        ),
      );
    case 'choosePill':
      return withoutPrefixes(
        errors,
        (['id', 'name', 'price', 'measurement_type'] as const).map((field) =>
          pillFieldPath(
            action.category,
            positionOf(action.category, action.id),
            action.index,
            field,
          ),
        ),
      );
    case 'setCalculationKey':
      return withoutPrefixes(errors, [
        calculationKeyPath(action.category, positionOf(action.category, action.id), action.key),
      ]);
    case 'setServiceVat':
      return withoutPrefixes(errors, [
        calculationKeyPath(action.category, positionOf(action.category, action.id), 'vat'),
      ]);
    case 'setPriceRounding':
      return withoutPrefixes(errors, ['priceRounding']);
    case 'addStuffLine':
    case 'removeStuffLine':
    case 'addPillLine':
    case 'removePillLine':
      return withoutPrefixes(errors, [
        servicePath(action.category, positionOf(action.category, action.id)),
      ]);
    case 'removeCalculation':
      // The services after it move up one place: every message of the category is out of date.
      return withoutPrefixes(errors, [`calculations.${action.category}`]);
    case 'setMaterialInfo': {
      const paths: string[] = [];
      for (const { category, index, item } of listServices(draft.calculations)) {
        item.calculation.pills.forEach((line, lineIndex) => {
          if (materialKey(line) !== action.materialKey) return;
          if (action.price !== undefined)
            paths.push(pillFieldPath(category, index, lineIndex, 'price'));
          if (action.measurement_type !== undefined) {
            paths.push(pillFieldPath(category, index, lineIndex, 'measurement_type'));
          }
        });
      }
      return withoutPrefixes(errors, paths);
    }
  }
}

const STUFF_FIELD_NAMES: Record<string, string> = {
  quality: 'кваліфікація',
  salary: 'оклад',
  timeSpend: 'час виконання',
  conditionPercent: '% за умови праці',
  workingDay: 'робочий день',
};
const PILL_FIELD_NAMES: Record<string, string> = {
  id: 'матеріал',
  name: 'матеріал',
  price: 'ціна',
  spend: 'витрата',
  measurement_type: 'одиниця виміру',
};
const CALCULATION_KEY_NAMES: Record<string, string> = {
  name: 'назва послуги',
  'calculation.bonus': 'премія, %',
  'calculation.profit': 'рентабельність, %',
  'calculation.vat': 'ПДВ',
  'calculation.stuff': 'витрати часу',
  'calculation.pills': 'витрати матеріалів',
};

/**
 * Where the field at `path` is, in words, for the list of the server's messages: «УЗД органів…» (УЗД), витрати
 * часу, рядок 2, час виконання. `institutionLabel` names an institution field (step 1's labels).
 */
export function describeErrorPath(
  path: string,
  draft: OrderDraft,
  institutionLabel: (field: string) => string | undefined,
): string {
  if (path === 'companyInfo') return 'Дані закладу';
  if (path.startsWith('companyInfo.')) {
    const field = path.slice('companyInfo.'.length);
    return `Дані закладу: ${institutionLabel(field) ?? field}`;
  }
  if (path === 'name') return 'Назва замовлення';
  if (path === 'priceRounding') return 'Округлення тарифу';
  if (path === 'calculations') return 'Послуги замовлення';
  for (const { category, index, item } of listServices(draft.calculations)) {
    if (path === servicePath(category, index)) return `«${item.name}» (${category})`;
    const prefix = `${servicePath(category, index)}.`;
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const where = `«${item.name}» (${category})`;
    const line = /^calculation\.(stuff|pills)\.(\d+)(?:\.([A-Za-z_]+))?/.exec(rest);
    if (line) {
      const section = line[1] === 'stuff' ? 'витрати часу' : 'витрати матеріалів';
      const names = line[1] === 'stuff' ? STUFF_FIELD_NAMES : PILL_FIELD_NAMES;
      const field = line[3] === undefined ? '' : `, ${names[line[3]] ?? line[3]}`;
      return `${where}, ${section}, рядок ${Number(line[2]) + 1}${field}`;
    }
    return `${where}, ${CALCULATION_KEY_NAMES[rest] ?? rest}`;
  }
  return path;
}
