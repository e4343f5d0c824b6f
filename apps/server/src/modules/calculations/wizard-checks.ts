import {
  STATUS_AFTER_CALCULATE,
  WIZARD_REVISION_CHANGED_MESSAGE,
  WIZARD_VERSION_CHANGED_MESSAGE,
  editRefusal,
  equipmentLinesOf,
  fieldErrorsRecord,
  isQualificationOutsideStaffTable,
  placeInService,
  qualificationOutsideStaffTableMessage,
  validateForCalculation,
  type CalculationContent,
  type CalculationIssue,
  type CompanyInfo,
  type FieldError,
  type OrderStatus,
  type SaveCalculationsInput,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';
import { isDeepStrictEqual } from 'node:util';
import { AppError } from '../../lib/app-error';
import { assertNotRefused } from '../../lib/order-refusal';
import type { OrderRecord } from '../orders/orders.service';
import { CALCULATION_MESSAGES } from './calculation-messages';
import type { StoredCalculation, StoredCalculationResult } from './calculations.repository';

/** Where a service is in the wizard's payload (`calculations.УЗД.0`): its category and its position there. */
export type ServicePlace = { category: string; index: number };

/** A service of the wizard's payload with its place, under which its field errors go. */
export interface PayloadService {
  place: ServicePlace;
  item: WizardCalculationItem;
}

/** The wizard's services in the order they arrived, each with its place in the payload. */
export function servicesOf(calculations: WizardCalculations): PayloadService[] {
  return Object.entries(calculations).flatMap(([category, items]) =>
    items.map((item, index) => ({ place: { category, index }, item })),
  );
}

/** Throws a 422 with `errors` (the field paths in insertion order) and the first message as `message`. */
export function throwIfAny(errors: Record<string, string[]>): void {
  const [first] = Object.values(errors)[0] ?? [];
  if (first !== undefined) throw new AppError('VALIDATION', first, { fieldErrors: errors });
}

/**
 * The wizard's edits are refused while the order awaits payment (403, spec §1) and while it is being approved or
 * is approved (409, read-only), with nothing stored changed (domain `editRefusal`).
 */
export function assertEditable(status: OrderStatus): void {
  assertNotRefused(editRefusal(status));
}

/**
 * A wizard that loaded an earlier revision (issue 18: the order was re-priced in another tab since) may not write
 * that revision's data over the current one: 409, nothing stored. The spec's client sends no revision and is not
 * checked.
 */
export function assertCurrentRevision(order: OrderRecord, input: SaveCalculationsInput): void {
  if (input.revision !== undefined && input.revision !== order.revision)
    throw new AppError('CONFLICT', WIZARD_REVISION_CHANGED_MESSAGE);
}

/**
 * A wizard whose data are based on an older version of the order's content (issue 21: saved since in another tab
 * or by another person) may not write over it: 409, nothing stored; the wizard lets the user keep theirs or take
 * the newer. Unversioned writes (the spec's client) are not checked.
 */
export function assertCurrentVersion(order: OrderRecord, version: number | undefined): void {
  if (version !== undefined && version !== order.version)
    throw new AppError('VERSION_CONFLICT', WIZARD_VERSION_CHANGED_MESSAGE);
}

/**
 * An equipment line Calculate refuses (issue 38): one with no register row chosen, or used for 0 minutes (it would
 * cost nothing, so it is a slip). Each message names the line by its number and its equipment.
 */
export function equipmentLineIssues(content: CalculationContent): CalculationIssue[] {
  return equipmentLinesOf(content).flatMap((line, index) => {
    const named = line.name.trim() === '' ? '' : ` («${line.name.trim()}»)`;
    if (line.id === null)
      return [
        {
          field: `equipment.${index}.id`,
          message: CALCULATION_MESSAGES.equipmentNotChosen(index + 1),
        },
      ];
    if (line.minutes === 0)
      return [
        {
          field: `equipment.${index}.minutes`,
          message: CALCULATION_MESSAGES.equipmentNoMinutes(index + 1, named),
        },
      ];
    return [];
  });
}

/**
 * What is missing for the final Calculate (docs/methodology.md "Formulas", last paragraph), as the 422's field
 * errors: the institution fields once under `companyInfo.<field>`, and each service's own issues (domain
 * `validateForCalculation`, plus a staff line whose qualification is not in the company's staffing table, domain
 * `isQualificationOutsideStaffTable`, and an equipment line without a register row or minutes,
 * `equipmentLineIssues`) under its line's field, each message said of the service or the institution.
 */
export function finalCalculationErrors(
  info: CompanyInfo,
  services: ReadonlyArray<ServicePlace & { name: string; content: StoredCalculation['content'] }>,
): Record<string, string[]> {
  const errors: FieldError[] = [];
  if (services.length === 0) {
    errors.push({
      place: { kind: 'order', field: 'calculations' },
      message: CALCULATION_MESSAGES.noServices,
    });
  }
  for (const service of services) {
    const issues = validateForCalculation(info, service.content);
    service.content.stuff.forEach((line, index) => {
      if (isQualificationOutsideStaffTable(line)) {
        issues.push({
          field: `stuff.${index}.quality`,
          message: qualificationOutsideStaffTableMessage(index + 1, line.quality?.name ?? ''),
        });
      }
    });
    issues.push(...equipmentLineIssues(service.content));
    for (const { field, message } of issues) {
      // validateForCalculation names a service's fields inside its content (`stuff.0.quality`) and the
      // institution's by their own name.
      const place = placeInService(service, field);
      errors.push(
        place !== null
          ? { place, message, subject: { service: service.name } }
          : { place: { kind: 'institution', field }, message, subject: 'institution' },
      );
    }
  }
  return fieldErrorsRecord(errors);
}

/** A value as JSON keeps it (absent and `undefined` keys alike, numbers as numbers), to compare with a jsonb column. */
const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/** A content with its equipment lines always written: no `equipment` key (the spec's client) and `[]` say the same. */
const sameShape = (content: CalculationContent): CalculationContent => ({
  ...content,
  equipment: equipmentLinesOf(content),
});

/**
 * Whether `input` is the calculation the order already holds (issue 23): the order is calculated in its current
 * revision, every stored service has its results, and the name, institution data, rounding and each service's name
 * and content are those stored (key order aside). A repeated Calculate of unchanged data (a double click, a retry)
 * is then the same result, not a second write.
 */
export function isUnchangedCalculation(
  order: OrderRecord,
  rows: ReadonlyArray<Pick<StoredCalculationResult, 'id' | 'name' | 'content' | 'summary'>>,
  input: SaveCalculationsInput,
): boolean {
  if (order.status !== STATUS_AFTER_CALCULATE) return false;
  if (input.revision !== undefined && input.revision !== order.revision) return false;
  if (input.name !== order.name) return false;
  if ((input.priceRounding ?? order.priceRounding) !== order.priceRounding) return false;
  if (!isDeepStrictEqual(asJson(input.companyInfo), asJson(order.companyInfo))) return false;
  const services = servicesOf(input.calculations);
  if (services.length !== rows.length) return false;
  const stored = new Map(rows.map((row) => [row.id, row]));
  return services.every(({ item }) => {
    const row = stored.get(item.id);
    return (
      row !== undefined &&
      row.summary !== null &&
      row.name === item.name &&
      isDeepStrictEqual(asJson(sameShape(item.calculation)), asJson(sameShape(row.content)))
    );
  });
}
