import {
  materialKey,
  type PillLine,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';

/*
 * What the wizard's steps read off the draft (spec §4 "Client state"): its services in order, how many there are,
 * and step 4's price list. Pure selectors over `OrderDraft['calculations']`; order-draft.ts re-exports them.
 */

/** A service of the draft as the steps list it: its category key, its position there and the item itself. */
export interface DraftService {
  category: string;
  /** Position in its category's list: the index of the server's error paths (`calculations.УЗД.0.…`). */
  index: number;
  item: WizardCalculationItem;
}

/** The services of the draft in order: categories as they arrived, each category's services in order. */
export function listServices(calculations: WizardCalculations): DraftService[] {
  return Object.entries(calculations).flatMap(([category, items]) =>
    items.map((item, index) => ({ category, index, item })),
  );
}

/**
 * The key that tells one material of the price list from another (step 4) lives in the domain: the server's
 * price-list document groups materials by the same rule.
 */
export { materialKey };

/** One row of the price list (step 4): a material used anywhere in the order, with the values its lines carry. */
export interface PriceListRow {
  materialKey: string;
  id: number | null;
  name: string;
  /** The unit and price of the first line that uses the material (step 4 makes every line agree). */
  measurement_type: string;
  price: PillLine['price'];
  /** How many material lines of the order use it. */
  lineCount: number;
}

/** The price list of step 4: one row per distinct material across all services, in order of first use. */
export function selectPriceList(calculations: WizardCalculations): PriceListRow[] {
  const rows = new Map<string, PriceListRow>();
  for (const { item } of listServices(calculations)) {
    for (const line of item.calculation.pills) {
      const key = materialKey(line);
      if (key === null) continue;
      const row = rows.get(key);
      if (row) {
        row.lineCount += 1;
      } else {
        rows.set(key, {
          materialKey: key,
          id: line.id,
          name: line.name,
          measurement_type: line.measurement_type,
          price: line.price,
          lineCount: 1,
        });
      }
    }
  }
  return [...rows.values()];
}

/** How many services the draft holds. */
export function countServices(calculations: WizardCalculations): number {
  return Object.values(calculations).reduce((count, items) => count + items.length, 0);
}
