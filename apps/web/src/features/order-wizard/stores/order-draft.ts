import {
  companyInfoSchema,
  materialKey,
  DEFAULT_VAT_MODE,
  newPillLine,
  newStuffLine,
  PRICE_ROUNDINGS,
  VAT_MODES,
  type CalculationContent,
  type CompanyInfo,
  type OrderDetail,
  type OrderStatus,
  type PillLine,
  type PriceRounding,
  type StuffLine,
  type VatMode,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';

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
  name: string;
  status: OrderStatus;
  companyInfo: CompanyInfo;
  calculations: WizardCalculations;
  priceRounding: PriceRounding;
  revision: number;
}

/** Names one service of the draft: its category key and its calculation id. */
export interface ServiceRef {
  category: string;
  id: number;
}

/** Keys of a calculation that the wizard edits directly (step 2 name/chronometry/bonus, step 5 bonus/profit). */
export type CalculationKey = 'name' | 'bonus' | 'profit' | 'chronometry';

/**
 * The editing actions of spec §4 "Order editing actions", one each:
 * replace the whole order; remove a calculation item; change a top-level value; change a third-level value
 * (category, calculation id, section, line index, field, value); add or remove a time-spend line; add or remove a
 * material line; change a company info field; change a calculation key; change calculation profit; change
 * material info (step 4: unit and price of one material, in every line that uses it). Issue 18 adds two of step 5:
 * the order's rounding of the final price, and the VAT of one service.
 */
export type OrderDraftAction =
  | { type: 'replaceOrder'; order: OrderDraft }
  | ({ type: 'removeCalculation' } & ServiceRef)
  | { type: 'setTopLevel'; field: 'name'; value: string }
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
  | ({ type: 'addStuffLine' } & ServiceRef)
  | ({ type: 'removeStuffLine'; index: number } & ServiceRef)
  | ({ type: 'addPillLine' } & ServiceRef)
  | ({ type: 'removePillLine'; index: number } & ServiceRef)
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
  | ({ type: 'setCalculationProfit'; profit: number } & ServiceRef)
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
    name: detail.name,
    status: detail.status,
    companyInfo: detail.companyInfo,
    calculations: detail.calculations,
    priceRounding: detail.priceRounding,
    revision: detail.revision,
  };
}

/** A service's VAT as the draft holds it: absent means exempt (calculation.schema.ts). */
export const vatModeOf = (content: Pick<CalculationContent, 'vat'>): VatMode =>
  content.vat ?? DEFAULT_VAT_MODE;

/**
 * Replaces the service `ref` with `update(service)`. The state comes back unchanged (the same object) when the
 * service does not exist or `update` returns the same service, so "nothing changed" stays cheap to tell.
 */
function updateService(
  state: OrderDraft,
  ref: ServiceRef,
  update: (item: WizardCalculationItem) => WizardCalculationItem,
): OrderDraft {
  const items = state.calculations[ref.category];
  if (!Object.hasOwn(state.calculations, ref.category) || items === undefined) return state;
  const position = items.findIndex((item) => item.id === ref.id);
  const current = items[position];
  if (current === undefined) return state;
  const next = update(current);
  if (next === current) return state;
  const nextItems = items.with(position, next);
  return { ...state, calculations: { ...state.calculations, [ref.category]: nextItems } };
}

/** Replaces the calculation content of a service, the same way as {@link updateService}. */
function updateContent(
  state: OrderDraft,
  ref: ServiceRef,
  update: (content: CalculationContent) => CalculationContent,
): OrderDraft {
  return updateService(state, ref, (item) => {
    const calculation = update(item.calculation);
    return calculation === item.calculation ? item : { ...item, calculation };
  });
}

/** Sets one field of the line at `index` of `lines`; the same array when the index is out of range or nothing changes. */
function setLineField<Line extends object>(
  lines: Line[],
  index: number,
  field: keyof Line,
  value: unknown,
): Line[] {
  const line = lines[index];
  if (!Number.isInteger(index) || line === undefined || Object.is(line[field], value)) return lines;
  return lines.with(index, { ...line, [field]: value });
}

/** Removes the line at `index`; the same array when there is none. */
function removeLine<Line>(lines: Line[], index: number): Line[] {
  if (!Number.isInteger(index) || index < 0 || index >= lines.length) return lines;
  return lines.filter((_, position) => position !== index);
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
 * The editing actions of spec §4 "Order editing actions" as one pure reducer: the previous state is never
 * changed; a changed draft gets new objects along the path of the change and keeps every other object, so
 * identity says what changed (the step-5 preview and the unsaved-edits check rely on it). An action naming a
 * category, service, line or material that does not exist leaves the state as it is (the same object).
 */
export function orderDraftReducer(state: OrderDraft, action: OrderDraftAction): OrderDraft {
  switch (action.type) {
    case 'replaceOrder':
      return action.order;

    case 'removeCalculation': {
      const items = state.calculations[action.category];
      if (!Object.hasOwn(state.calculations, action.category) || items === undefined) return state;
      const remaining = items.filter((item) => item.id !== action.id);
      if (remaining.length === items.length) return state;
      const calculations = { ...state.calculations };
      // A category with no service left has nothing to show or save.
      if (remaining.length === 0) delete calculations[action.category];
      else calculations[action.category] = remaining;
      return { ...state, calculations };
    }

    case 'setTopLevel':
      return state[action.field] === action.value
        ? state
        : { ...state, [action.field]: action.value };

    case 'setStuffValue':
      return updateContent(state, action, (content) => {
        const stuff = setLineField(content.stuff, action.index, action.field, action.value);
        return stuff === content.stuff ? content : { ...content, stuff };
      });

    case 'setPillValue':
      return updateContent(state, action, (content) => {
        const pills = setLineField(content.pills, action.index, action.field, action.value);
        return pills === content.pills ? content : { ...content, pills };
      });

    case 'addStuffLine':
      return updateContent(state, action, (content) => ({
        ...content,
        stuff: [...content.stuff, newStuffLine()],
      }));

    case 'removeStuffLine':
      return updateContent(state, action, (content) => {
        const stuff = removeLine(content.stuff, action.index);
        return stuff === content.stuff ? content : { ...content, stuff };
      });

    case 'addPillLine':
      return updateContent(state, action, (content) => ({
        ...content,
        pills: [...content.pills, newPillLine()],
      }));

    case 'removePillLine':
      return updateContent(state, action, (content) => {
        const pills = removeLine(content.pills, action.index);
        return pills === content.pills ? content : { ...content, pills };
      });

    case 'setCompanyInfoField':
      if (!Object.hasOwn(companyInfoSchema.shape, action.field)) return state;
      if (Object.is(state.companyInfo[action.field], action.value)) return state;
      return { ...state, companyInfo: { ...state.companyInfo, [action.field]: action.value } };

    case 'setCalculationKey':
      if (!fitsCalculationKey(action.key, action.value)) return state;
      if (action.key === 'name') {
        return updateService(state, action, (item) =>
          item.name === action.value ? item : { ...item, name: action.value as string },
        );
      }
      return updateContent(state, action, (content) =>
        Object.is(content[action.key as Exclude<CalculationKey, 'name'>], action.value)
          ? content
          : { ...content, [action.key]: action.value },
      );

    case 'setCalculationProfit':
      return updateContent(state, action, (content) =>
        Object.is(content.profit, action.profit) ? content : { ...content, profit: action.profit },
      );

    case 'setMaterialInfo':
      return setMaterialInfo(state, action);

    case 'setPriceRounding':
      if (!(PRICE_ROUNDINGS as readonly unknown[]).includes(action.priceRounding)) return state;
      return state.priceRounding === action.priceRounding
        ? state
        : { ...state, priceRounding: action.priceRounding };

    case 'setServiceVat':
      if (!(VAT_MODES as readonly unknown[]).includes(action.vat)) return state;
      // Exempt is what an absent `vat` already means: choosing it there changes nothing.
      return updateContent(state, action, (content) =>
        vatModeOf(content) === action.vat ? content : { ...content, vat: action.vat },
      );
  }
}

/**
 * Step 4: the unit and/or price of one material, in every line of every service that uses it (by
 * {@link materialKey}); every other line, service and category keeps its object.
 */
function setMaterialInfo(
  state: OrderDraft,
  action: Extract<OrderDraftAction, { type: 'setMaterialInfo' }>,
): OrderDraft {
  const changes: { measurement_type?: string; price?: number | null } = {};
  if (action.measurement_type !== undefined) changes.measurement_type = action.measurement_type;
  if (action.price !== undefined) changes.price = action.price;

  const changeLine = (line: PillLine): PillLine => {
    if (materialKey(line) !== action.materialKey) return line;
    const isSame =
      (changes.measurement_type === undefined ||
        line.measurement_type === changes.measurement_type) &&
      (changes.price === undefined || Object.is(line.price, changes.price));
    // An emptied price (null) is kept as typed, as `setPillValue` keeps it; the schema then names the problem.
    return isSame ? line : ({ ...line, ...changes } as PillLine);
  };

  let calculations: WizardCalculations | undefined;
  for (const [category, items] of Object.entries(state.calculations)) {
    let nextItems: WizardCalculationItem[] | undefined;
    items.forEach((item, position) => {
      const pills = item.calculation.pills.map(changeLine);
      if (pills.every((line, index) => line === item.calculation.pills[index])) return;
      nextItems ??= [...items];
      nextItems[position] = { ...item, calculation: { ...item.calculation, pills } };
    });
    if (nextItems !== undefined) {
      calculations ??= { ...state.calculations };
      calculations[category] = nextItems;
    }
  }
  return calculations === undefined ? state : { ...state, calculations };
}
