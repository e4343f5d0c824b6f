import type {
  CompanyInfo,
  OrderStatus,
  PillLine,
  StuffLine,
  WizardCalculations,
} from '@medcalc/domain';

/**
 * The order the wizard edits (spec §4 "Client state"): what `GET /api/orders/{identifier}` answered, changed
 * only through {@link orderDraftReducer}. `calculations` keeps the server's shape, an object keyed by category
 * name, so Save sends it back as it is (spec §7 `save`: `JSON.stringify(calculations)`).
 */
export interface OrderDraft {
  identifier: string;
  name: string;
  status: OrderStatus;
  companyInfo: CompanyInfo;
  calculations: WizardCalculations;
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
 * material info (step 4: unit and price of one material, in every line that uses it).
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
      value: string | number | boolean;
    } & ServiceRef)
  | ({ type: 'setCalculationProfit'; profit: number } & ServiceRef)
  | {
      type: 'setMaterialInfo';
      /** The material's key in the price list (`materialKey`). */
      materialKey: string;
      measurement_type?: string;
      price?: number;
    };
