import {
  calculationContentSchema,
  companyInfoSchema,
  equipmentLineSchema,
  equipmentLinesOf,
  fieldPath,
  isQualificationOutsideStaffTable,
  parseFieldPath,
  pillLineSchema,
  servicePath,
  stuffLineSchema,
  withoutSubject,
  wizardCalculationItemSchema,
  type CompanyInfo,
  type EquipmentLine,
  type FieldPlace,
  type LineSection,
  type PillLine,
  type StuffLine,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';

import {
  listServices,
  materialKey,
  type OrderDraft,
  type OrderDraftAction,
  type ServiceRef,
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
export { servicePath };

/** Path of one field of a line of `section`, by the service's category and position and the line's. */
const lineFieldPath =
  <Field extends string>(section: LineSection) =>
  (category: string, index: number, line: number, field: Field) =>
    fieldPath({ kind: 'line', category, index, section, line, field });

/** Path of one field of a staff line. */
export const stuffFieldPath = lineFieldPath<keyof StuffLine>('stuff');

/** Path of one field of a material line. */
export const pillFieldPath = lineFieldPath<keyof PillLine>('pills');

/** Path of one field of an equipment line (issue 38). */
export const equipmentFieldPath = lineFieldPath<keyof EquipmentLine>('equipment');

/**
 * The fields of an equipment line that its register row gives it (issue 38): a message about any of them is said at
 * the line's equipment, and choosing another row clears them.
 */
export const EQUIPMENT_REGISTER_LINE_FIELDS = [
  'id',
  'name',
  'firstCost',
  'residualValue',
  'usefulLifeYears',
  'hoursPerYear',
] as const satisfies readonly (keyof EquipmentLine)[];

/** Path of a service's bonus, profitability, name… (`name` sits beside `calculation`). */
export const calculationKeyPath = (
  category: string,
  index: number,
  key: 'name' | 'bonus' | 'profit' | 'chronometry' | 'vat' | 'stuff' | 'pills' | 'equipment',
) => fieldPath({ kind: 'service', category, index, key });

/** Path of an institution field (step 1). */
export const companyInfoPath = (field: keyof CompanyInfo | string) =>
  fieldPath({ kind: 'institution', field });

/**
 * The service of the draft the field at `path` belongs to, with the path read as data (domain `parseFieldPath`),
 * or undefined for a path outside every service of the draft.
 */
export function serviceAt(
  path: string,
  calculations: WizardCalculations,
):
  | { place: Extract<FieldPlace, { kind: 'service' | 'line' }>; item: WizardCalculationItem }
  | undefined {
  const place = parseFieldPath(path);
  if (place?.kind !== 'service' && place?.kind !== 'line') return undefined;
  const items = Object.hasOwn(calculations, place.category) ? calculations[place.category] : [];
  const item = items?.[place.index];
  return item === undefined ? undefined : { place, item };
}

/**
 * The step whose panel holds the field at `path`, or null for a path no step shows (e.g. the order name):
 * institution data → 1; a service's name, bonus and staff lines → 2; its material and equipment lines → 3, except
 * the materials' unit and price, which are edited in the price list → 4; profitability, VAT and the order's
 * rounding → 5.
 */
export function stepOfErrorPath(path: string): WizardStep | null {
  const place = parseFieldPath(path);
  switch (place?.kind) {
    case 'institution':
      return 1;
    case 'order':
      if (place.field === 'priceRounding') return 5;
      return place.field === 'calculations' ? 2 : null;
    case 'service':
      if (place.key === 'profit' || place.key === 'vat') return 5;
      return place.key === 'pills' || place.key === 'equipment' ? 3 : 2;
    case 'line':
      if (place.section === 'stuff') return 2;
      if (place.section === 'equipment') return 3;
      return place.field === 'price' || place.field === 'measurement_type' ? 4 : 3;
    case 'category':
      return 2;
    case undefined:
      // A path of the payload's services this wizard does not write (the list form of the spec's client).
      return path.startsWith('calculations.') ? 2 : null;
  }
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

/**
 * `compute` answered once per argument object. Why a cache, with the React Compiler on: the step markers' checks
 * run on every keystroke over every service of the order, and zod runs without its JIT in the browser (the CSP
 * forbids `eval`, common/zod-locale.ts), at 50–60 µs a line: about 90 ms for 100 services of 19 lines, past the
 * wizard's 50 ms (docs/performance.md "Wizard"). The compiler memoises on the whole draft, which every keystroke
 * replaces; the reducer keeps the objects an edit does not touch and never changes one in place, so kept per
 * object a keystroke checks only the service typed in.
 */
function keptPerObject<K extends object, V extends object | boolean>(
  compute: (key: K) => V,
): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const answer = compute(key);
    kept.set(key, answer);
    return answer;
  };
}

const isCompanyInfoValid = keptPerObject(
  (companyInfo: OrderDraft['companyInfo']) => companyInfoSchema.safeParse(companyInfo).success,
);

/** The steps one service's values give a message in (see {@link stepsWithDraftIssues}), kept per service object. */
const serviceIssueSteps = keptPerObject((item: WizardCalculationItem): readonly WizardStep[] => {
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
    if (
      isQualificationOutsideStaffTable(line) ||
      Object.keys(schemaIssues(stuffLineSchema, line)).length > 0
    ) {
      steps.add(2);
    }
  }
  for (const line of calculation.pills) {
    for (const field of Object.keys(schemaIssues(pillLineSchema, line))) {
      // A material's unit and price are edited in the price list.
      steps.add(/^(price|measurement_type)\b/.test(field) ? 4 : 3);
    }
  }
  // Issue 38: an equipment line's minutes are typed in step 3, its register values come with the chosen row.
  // A line without its register row (a template's) is marked too: Calculate refuses it.
  for (const line of equipmentLinesOf(calculation)) {
    if (line.id === null || Object.keys(schemaIssues(equipmentLineSchema, line)).length > 0) {
      steps.add(3);
    }
  }
  return [...steps];
});

/**
 * The first message of each field of a 422's `errors`, without the service or institution the final check's
 * message starts with (domain `withoutSubject`): under the field, or after the wizard's own description of the
 * place, it would be said twice; the toast keeps it.
 */
export function firstMessages(errors: Readonly<Record<string, readonly string[]>>): FieldErrors {
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (message !== undefined) result[path] = withoutSubject(message);
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
  /** Where the service `id` of `category` is in the draft (-1, matching no message, if it is not). */
  const serviceOf = (category: string, id: number) => ({
    category,
    index: draft.calculations[category]?.findIndex((item) => item.id === id) ?? -1,
  });
  const without = (place: FieldPlace) => withoutPrefixes(errors, [fieldPath(place)]);
  /** Without the messages of `fields` of the line `action.index` of the service, `pathOf` naming the section. */
  const withoutLineFields = <Field extends string>(
    action: ServiceRef & { index: number },
    pathOf: (category: string, index: number, line: number, field: Field) => string,
    fields: readonly Field[],
  ) => {
    const { category, index } = serviceOf(action.category, action.id);
    return withoutPrefixes(
      errors,
      fields.map((field) => pathOf(category, index, action.index, field)),
    );
  };

  switch (action.type) {
    case 'setCompanyInfoField':
      return without({ kind: 'institution', field: action.field });
    case 'setStuffValue':
      return withoutLineFields(action, stuffFieldPath, [action.field]);
    case 'setPillValue':
      return withoutLineFields(action, pillFieldPath, [action.field]);
    case 'setEquipmentMinutes':
      return withoutLineFields(action, equipmentFieldPath, ['minutes']);
    // Choosing a row replaces the line's values that come with it.
    case 'chooseEquipment':
      return withoutLineFields(action, equipmentFieldPath, EQUIPMENT_REGISTER_LINE_FIELDS);
    case 'chooseStaffRate':
      return withoutLineFields(action, stuffFieldPath, ['quality', 'salary']);
    case 'choosePill':
      return withoutLineFields(action, pillFieldPath, ['id', 'name', 'price', 'measurement_type']);
    case 'setCalculationKey':
      return without({
        kind: 'service',
        ...serviceOf(action.category, action.id),
        key: action.key,
      });
    case 'setServiceVat':
      return without({ kind: 'service', ...serviceOf(action.category, action.id), key: 'vat' });
    case 'setPriceRounding':
      return withoutPrefixes(errors, ['priceRounding']);
    case 'addStuffLine':
    case 'removeStuffLine':
    case 'addPillLine':
    case 'removePillLine':
    case 'addEquipmentLine':
    case 'removeEquipmentLine':
      return without({ kind: 'service', ...serviceOf(action.category, action.id) });
    case 'removeCalculation':
      // The services after it move up one place: every message of the category is out of date.
      return without({ kind: 'category', category: action.category });
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
