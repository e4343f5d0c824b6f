import { COMPANY_INFO_LABELS, PRICE_ROUNDING_LABELS, type CompanyInfo } from '@medcalc/domain';

import type { OrderDraft } from '../stores/order-draft';

/** The parts of an order that Save stores, compared between two versions. */
export type SavedParts = Pick<
  OrderDraft,
  'name' | 'companyInfo' | 'calculations' | 'priceRounding'
>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every service of a draft by its calculation id: its name and content. */
const servicesOf = (parts: SavedParts) =>
  new Map(
    Object.values(parts.calculations)
      .flat()
      .map((item) => [item.id, item]),
  );

/**
 * What differs between the user's draft and the newer version saved elsewhere (issue 21), said in Ukrainian, one
 * line per thing a person recognises: the order's name, each institution field, each service (changed, added or
 * removed in the newer version), the rounding. Empty when both store the same.
 */
export function draftDifferences(mine: SavedParts, newer: SavedParts): string[] {
  const lines: string[] = [];
  if (mine.name !== newer.name)
    lines.push(`Назва замовлення: у вас «${mine.name}», збережено «${newer.name}»`);
  for (const field of Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[]) {
    if (!same(mine.companyInfo[field], newer.companyInfo[field])) {
      lines.push(`Дані закладу: ${COMPANY_INFO_LABELS[field]}`);
    }
  }
  const own = servicesOf(mine);
  const saved = servicesOf(newer);
  for (const [id, item] of own) {
    const other = saved.get(id);
    if (other === undefined) lines.push(`Послуга «${item.name}»: прибрана в новішій версії`);
    else if (!same(item, other)) lines.push(`Послуга «${item.name}»: змінена`);
  }
  for (const [id, item] of saved) {
    if (!own.has(id)) lines.push(`Послуга «${item.name}»: є лише в новішій версії`);
  }
  if (mine.priceRounding !== newer.priceRounding) {
    lines.push(
      `Округлення тарифу: у вас «${PRICE_ROUNDING_LABELS[mine.priceRounding]}», збережено «${PRICE_ROUNDING_LABELS[newer.priceRounding]}»`,
    );
  }
  return lines;
}
