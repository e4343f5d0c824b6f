import { EMPTY_VALUE_TEXT, formatPrice, materialKey } from '@medcalc/domain';
import type { OrderDocumentSource } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/** One material of the price list. */
export interface PriceListRow {
  number: number;
  name: string;
  unit: string;
  /** UAH per one unit, uk-UA (`7,50`). */
  price: string;
}

/** «Прейскурант використаних матеріалів»: one row per distinct material of the order. */
export interface PriceListData {
  heading: PageHeading;
  title: string;
  rows: PriceListRow[];
}

/**
 * Data of «Прейскурант використаних матеріалів» (document `price_list`): one row per distinct material across all
 * services of the order, in order of first use, with its unit and price per unit. Materials are told apart as
 * wizard step 4 tells them (domain `materialKey`: the material's id, or its name and unit); a line with no
 * material chosen has no row. Step 4 makes every line of one material carry the same unit and price; should the
 * stored lines still disagree, each unit-and-price variant gets its own row, so the list never hides a price a
 * service was calculated with.
 */
export function buildPriceListData(source: OrderDocumentSource): PriceListData {
  const seen = new Set<string>();
  const rows: PriceListRow[] = [];
  for (const service of source.services) {
    for (const line of service.content.pills) {
      const key = materialKey(line);
      if (key === null) continue;
      const variant = JSON.stringify([key, line.measurement_type, line.price]);
      if (seen.has(variant)) continue;
      seen.add(variant);
      rows.push({
        number: rows.length + 1,
        name: line.name.trim() || EMPTY_VALUE_TEXT,
        unit: line.measurement_type.trim() || EMPTY_VALUE_TEXT,
        price: formatPrice(line.price),
      });
    }
  }
  return {
    heading: buildPageHeading(source),
    title: 'Прейскурант використаних матеріалів',
    rows,
  };
}
