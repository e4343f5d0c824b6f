import {
  companyInfoSchema,
  formatStaffRateLabel,
  materialKey,
  DEFAULT_VAT_MODE,
  newEquipmentLine,
  newPillLine,
  newStuffLine,
  PRICE_ROUNDINGS,
  VAT_MODES,
  type CalculationContent,
  type CompanyInfo,
  type Equipment,
  type OrderDetail,
  type OrderStatus,
  type Pill,
  type PillLine,
  type PriceRounding,
  type StaffRate,
  type StuffLine,
  type VatMode,
  type WizardCalculations,
} from '@medcalc/domain';
import { produce, type Draft } from 'immer';

import type { WizardPillLine } from '../utils/material-line-cost';

/**
 * The order the wizard edits (spec §4 "Client state"): what `GET /api/orders/{identifier}` answered, changed
 * only through {@link orderDraftReducer}. `calculations` keeps the server's shape, an object keyed by category
 * name, so Save sends it back as it is (spec §7 `save`: `JSON.stringify(calculations)`). Each service's VAT is
 * `calculation.vat` (absent = exempt, as every service was before VAT existed); the order's rounding of the final
 * price is `priceRounding` (issue 18, docs/methodology.md "Rounding of the final price"). `revision` is the
 * order's revision the wizard loaded, sent back with save and calculate so that the server refuses (409) data of an
 * order re-priced since (another tab); no action changes it.
 */
export interface OrderDraft {
  identifier: string;
  /** The order's number people quote (issue 33, «З-2026-0007»); no action changes it. */
  number: string;
  name: string;
  status: OrderStatus;
  companyInfo: CompanyInfo;
  calculations: WizardCalculations;
  priceRounding: PriceRounding;
  revision: number;
  /**
   * The version of the order's content this draft is based on (issue 21): sent with save and calculate, so a
   * save based on an older version is refused (409) rather than writing over another tab's or person's save; set
   * from each save's answer.
   */
  version: number;
}

/** Names one service of the draft: its category key and its calculation id. */
export interface ServiceRef {
  category: string;
  id: number;
}

/** Keys of a calculation that the wizard edits directly (step 2 name/chronometry/bonus, step 5 bonus/profit). */
export type CalculationKey = 'name' | 'bonus' | 'profit' | 'chronometry';

/**
 * The editing actions of spec §4 "Order editing actions", one each: remove a calculation item; change a
 * third-level value (category, calculation id, section, line index, field, value); choose a staffing rate or a
 * material for a line (the several fields the choice fills, in one step); add or remove a time-spend line; add
 * or remove a material line; change a company info field; change a calculation key; change material info (step 4:
 * unit and price of one material, in every line that uses it). Issue 18 adds two of step 5: the order's rounding of
 * the final price, and the VAT of one service. Issue 38 adds step 3's equipment lines: add one of a register row,
 * type its minutes, remove one.
 */
export type OrderDraftAction =
  | ({ type: 'removeCalculation' } & ServiceRef)
  | ({
      type: 'setStuffValue';
      index: number;
      field: keyof StuffLine;
      value: StuffLine[keyof StuffLine];
    } & ServiceRef)
  | ({
      type: 'setPillValue';
      index: number;
      field: keyof PillLine;
      value: PillLine[keyof PillLine];
    } & ServiceRef)
  /** Step 2: the line's qualification is the staffing table's row (its label) and its salary the row's. */
  | ({ type: 'chooseStaffRate'; index: number; rate: StaffRate } & ServiceRef)
  /** Step 3: the line's material is the catalogue's, with its unit and price. */
  | ({ type: 'choosePill'; index: number; pill: Pill } & ServiceRef)
  | ({ type: 'addStuffLine' } & ServiceRef)
  | ({ type: 'removeStuffLine'; index: number } & ServiceRef)
  | ({ type: 'addPillLine' } & ServiceRef)
  | ({ type: 'removePillLine'; index: number } & ServiceRef)
  /** Step 3 (issue 38): a line of the register's row, with its V, S, N and T as the register has them now. */
  | ({ type: 'addEquipmentLine'; equipment: Equipment } & ServiceRef)
  /**
   * Step 3: the line's equipment is the chosen row (template equipment or the company's register), with its V, S, N
   * and T; the minutes stay (a line of an older template comes without a row).
   */
  | ({ type: 'chooseEquipment'; index: number; equipment: Equipment } & ServiceRef)
  /** `null` is an emptied minutes input, kept so the line shows the schema's message instead of a silent 0. */
  | ({ type: 'setEquipmentMinutes'; index: number; minutes: number | null } & ServiceRef)
  | ({ type: 'removeEquipmentLine'; index: number } & ServiceRef)
  | {
      type: 'setCompanyInfoField';
      field: keyof CompanyInfo;
      value: CompanyInfo[keyof CompanyInfo];
    }
  | ({
      type: 'setCalculationKey';
      key: CalculationKey;
      /** `null` is an emptied bonus/profit input, kept so the step shows the schema's message. */
      value: string | number | boolean | null;
    } & ServiceRef)
  | {
      type: 'setMaterialInfo';
      /** The material's key in the price list (`materialKey`). */
      materialKey: string;
      measurement_type?: string;
      /** `null` is an emptied price input, kept so step 4 shows the schema's message instead of a silent 0. */
      price?: number | null;
    }
  | { type: 'setPriceRounding'; priceRounding: PriceRounding }
  | ({ type: 'setServiceVat'; vat: VatMode } & ServiceRef);

// The draft's selectors (services, price list) live beside the reducer; importers keep this module's path.
export {
  countServices,
  listServices,
  materialKey,
  selectPriceList,
  type DraftService,
  type PriceListRow,
} from './draft-selectors';

/** The draft the wizard starts from: the order as `GET /api/orders/{identifier}` answered it. */
export function orderDraftFromDetail(detail: OrderDetail): OrderDraft {
  return {
    identifier: detail.identifier,
    number: detail.number,
    name: detail.name,
    status: detail.status,
    companyInfo: detail.companyInfo,
    calculations: detail.calculations,
    priceRounding: detail.priceRounding,
    revision: detail.revision,
    version: detail.version,
  };
}

/** A service's VAT as the draft holds it: absent means exempt (calculation.schema.ts). */
export const vatModeOf = (content: Pick<CalculationContent, 'vat'>): VatMode =>
  content.vat ?? DEFAULT_VAT_MODE;

/** A staffing-table row as a staff line's qualification: its id and its label (spec: the dropdown's label). */
export const staffRateQuality = (rate: StaffRate) => ({
  id: rate.id,
  name: formatStaffRateLabel({
    qualification: rate.qualification,
    category: rate.category,
    scientificDegree: rate.scientific_degree,
  }),
});

/** The service `ref` of the draft being produced, or undefined when its category or id does not exist. */
function findService(draft: Draft<OrderDraft>, ref: ServiceRef) {
  if (!Object.hasOwn(draft.calculations, ref.category)) return undefined;
  return draft.calculations[ref.category]?.find((item) => item.id === ref.id);
}

/** The line at `index` of `lines`, or undefined when there is none. */
const lineAt = <Line>(lines: Line[], index: number): Line | undefined =>
  Number.isInteger(index) && index >= 0 ? lines[index] : undefined;

/** Removes the line at `index`, when there is one. */
function removeLine<Line>(lines: Line[], index: number): void {
  if (lineAt(lines, index) !== undefined) lines.splice(index, 1);
}

/** Whether `value` may be stored under the calculation key `key` (the types the domain schema expects). */
function fitsCalculationKey(key: CalculationKey, value: unknown): boolean {
  switch (key) {
    case 'name':
      return typeof value === 'string';
    case 'chronometry':
      return typeof value === 'boolean';
    case 'bonus':
    case 'profit':
      // null is an emptied number input: kept, so the step shows the schema's message instead of a silent 0.
      return value === null || typeof value === 'number';
  }
}

/**
 * The editing actions of spec §4 "Order editing actions" as one pure reducer, written as changes to an immer
 * draft: the previous state is never changed; a changed draft gets new objects along the path of the change and
 * keeps every other object (immer's structural sharing; assigning a value a field already has is no change), so
 * identity says what changed (the memoised service cards, the step-5 preview and the unsaved-edits check rely on
 * it). An action naming a category, service, line or material that does not exist leaves the state as it is (the
 * same object).
 */
export const orderDraftReducer = (state: OrderDraft, action: OrderDraftAction): OrderDraft =>
  produce(state, (draft) => {
    applyAction(draft, action);
  });

function applyAction(draft: Draft<OrderDraft>, action: OrderDraftAction): void {
  switch (action.type) {
    case 'setCompanyInfoField':
      if (Object.hasOwn(companyInfoSchema.shape, action.field)) {
        (draft.companyInfo as Record<string, unknown>)[action.field] = action.value;
      }
      return;
    case 'setMaterialInfo':
      return setMaterialInfo(draft, action);
    case 'setPriceRounding':
      if ((PRICE_ROUNDINGS as readonly unknown[]).includes(action.priceRounding)) {
        draft.priceRounding = action.priceRounding;
      }
      return;
    case 'removeCalculation': {
      const items = Object.hasOwn(draft.calculations, action.category)
        ? draft.calculations[action.category]
        : undefined;
      const position = items?.findIndex((item) => item.id === action.id) ?? -1;
      if (items === undefined || position < 0) return;
      items.splice(position, 1);
      // A category with no service left has nothing to show or save.
      if (items.length === 0) delete draft.calculations[action.category];
      return;
    }
    default:
      return applyServiceAction(draft, action);
  }
}

/** The actions that change one service. */
function applyServiceAction(
  draft: Draft<OrderDraft>,
  action: Extract<OrderDraftAction, ServiceRef>,
): void {
  const service = findService(draft, action);
  if (service === undefined) return;
  const content = service.calculation;
  switch (action.type) {
    case 'setStuffValue': {
      const line = lineAt(content.stuff, action.index);
      if (line !== undefined) (line as Record<string, unknown>)[action.field] = action.value;
      return;
    }
    case 'setPillValue': {
      const line = lineAt(content.pills, action.index);
      if (line === undefined) return;
      (line as Record<string, unknown>)[action.field] = action.value;
      // A quantity typed after a change of unit is the confirmed one.
      if (action.field === 'spend') delete (line as WizardPillLine).unitChangedFrom;
      return;
    }
    case 'chooseStaffRate': {
      const line = lineAt(content.stuff, action.index);
      if (line === undefined) return;
      const quality = staffRateQuality(action.rate);
      if (line.quality?.id !== quality.id || line.quality.name !== quality.name)
        line.quality = quality;
      line.salary = action.rate.salary;
      return;
    }
    case 'choosePill': {
      const line = lineAt(content.pills, action.index);
      if (line === undefined) return;
      // Another unit makes the old quantity meaningless (5 мл is not 5 саше): it is cleared and marked, so the
      // line costs nothing until a quantity in the new unit is typed (issue 23).
      const from = (line as WizardPillLine).unitChangedFrom ?? line.measurement_type;
      if (from !== '' && from !== action.pill.measurementType && line.spend !== 0) {
        (line as { spend: number | null }).spend = null;
        (line as WizardPillLine).unitChangedFrom = from;
      } else if (from === action.pill.measurementType) {
        delete (line as WizardPillLine).unitChangedFrom;
      }
      line.id = action.pill.id;
      line.name = action.pill.name;
      line.price = action.pill.price;
      line.measurement_type = action.pill.measurementType;
      return;
    }
    case 'addStuffLine':
      content.stuff.push(newStuffLine());
      return;
    case 'removeStuffLine':
      return removeLine(content.stuff, action.index);
    case 'addPillLine':
      content.pills.push(newPillLine());
      return;
    case 'removePillLine':
      return removeLine(content.pills, action.index);
    case 'addEquipmentLine':
      // A calculation of the spec's client has no `equipment` key: its first line brings it.
      (content.equipment ??= []).push(newEquipmentLine(action.equipment));
      return;
    case 'chooseEquipment': {
      const line = content.equipment ? lineAt(content.equipment, action.index) : undefined;
      if (line === undefined) return;
      const { minutes } = line;
      Object.assign(line, newEquipmentLine(action.equipment), { minutes });
      return;
    }
    case 'setEquipmentMinutes': {
      const line = content.equipment ? lineAt(content.equipment, action.index) : undefined;
      if (line !== undefined) (line as { minutes: number | null }).minutes = action.minutes;
      return;
    }
    case 'removeEquipmentLine':
      if (content.equipment === undefined) return;
      removeLine(content.equipment, action.index);
      // With its last line gone the calculation is as one without equipment (what it was before its first line).
      if (content.equipment.length === 0) delete content.equipment;
      return;
    case 'setCalculationKey':
      if (!fitsCalculationKey(action.key, action.value)) return;
      if (action.key === 'name') service.name = action.value as string;
      else (content as Record<string, unknown>)[action.key] = action.value;
      return;
    case 'setServiceVat':
      // Exempt is what an absent `vat` already means: choosing it there changes nothing.
      if (
        (VAT_MODES as readonly unknown[]).includes(action.vat) &&
        vatModeOf(content) !== action.vat
      ) {
        content.vat = action.vat;
      }
      return;
    case 'removeCalculation':
      return;
  }
}

/**
 * Step 4: the unit and/or price of one material, in every line of every service that uses it (by
 * {@link materialKey}); every other line, service and category keeps its object.
 */
function setMaterialInfo(
  draft: Draft<OrderDraft>,
  action: Extract<OrderDraftAction, { type: 'setMaterialInfo' }>,
): void {
  for (const items of Object.values(draft.calculations)) {
    for (const item of items) {
      for (const line of item.calculation.pills) {
        // Read through `current`-free keys only: materialKey reads the line's id, name and unit.
        if (materialKey(line) !== action.materialKey) continue;
        if (action.measurement_type !== undefined) line.measurement_type = action.measurement_type;
        // An emptied price (null) is kept as typed, as `setPillValue` keeps it; the schema then names the problem.
        if (action.price !== undefined) (line as { price: number | null }).price = action.price;
      }
    }
  }
}
