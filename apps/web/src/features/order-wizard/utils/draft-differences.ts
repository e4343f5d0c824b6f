import {
  COMPANY_INFO_LABELS,
  PRICE_ROUNDING_LABELS,
  type CompanyInfo,
  type WizardCalculationItem,
} from '@medcalc/domain';

import type { OrderDraft } from '../stores/order-draft';

/** The parts of an order that Save stores, compared between two versions. */
export type SavedParts = Pick<
  OrderDraft,
  'name' | 'companyInfo' | 'calculations' | 'priceRounding'
>;

/**
 * Whose change a difference is (issue 33), told by the version both started from: the user's (this tab's draft
 * moved away from it), the other tab's or person's (the newer saved version did), or both changed the same thing.
 */
export type ChangeOwner = 'mine' | 'theirs' | 'both';

export const CHANGE_OWNER_LABELS: Readonly<Record<ChangeOwner, string>> = {
  mine: 'Ваша зміна',
  theirs: 'Зміна в іншій вкладці або іншого користувача',
  both: 'Змінено і у вас, і в іншій вкладці або іншим користувачем',
};

/** One thing that differs, said in Ukrainian, and whose change it is. */
export type DraftDifference = { text: string; owner: ChangeOwner };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A service as compared: an empty `equipment` list is no list (issue 38), so a service saved by the spec's client
 * (no key) and the same service whose equipment lines were all removed here (or stored as `[]`) are the same.
 */
function comparable(item: WizardCalculationItem): WizardCalculationItem {
  if (item.calculation.equipment === undefined || item.calculation.equipment.length > 0)
    return item;
  const { equipment: _none, ...calculation } = item.calculation;
  return { ...item, calculation };
}

/** Every service of a draft by its calculation id: its name and content. */
const servicesOf = (parts: SavedParts) =>
  new Map(
    Object.values(parts.calculations)
      .flat()
      .map((item) => [item.id, comparable(item)]),
  );

/**
 * What differs between the user's draft and the newer version saved elsewhere (issue 21), said in Ukrainian, one
 * line per thing a person recognises: the order's name, each institution field, each service (changed, added or
 * removed in the newer version), the rounding. Each says whose change it is (issue 33), by `base`: the version the
 * draft was edited from (what this tab last loaded or saved). Empty when both store the same.
 */
export function draftDifferences(
  mine: SavedParts,
  newer: SavedParts,
  base: SavedParts,
): DraftDifference[] {
  const lines: DraftDifference[] = [];
  /** Adds `text` when the user's and the newer value differ, owned by whichever moved away from the start. */
  const compare = (own: unknown, saved: unknown, start: unknown, text: string) => {
    if (same(own, saved)) return;
    const isMine = !same(own, start);
    const isTheirs = !same(saved, start);
    lines.push({ text, owner: isMine && isTheirs ? 'both' : isMine ? 'mine' : 'theirs' });
  };

  compare(
    mine.name,
    newer.name,
    base.name,
    `Назва замовлення: у вас «${mine.name}», збережено «${newer.name}»`,
  );
  for (const field of Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[]) {
    compare(
      mine.companyInfo[field],
      newer.companyInfo[field],
      base.companyInfo[field],
      `Дані закладу: ${COMPANY_INFO_LABELS[field]}`,
    );
  }
  const own = servicesOf(mine);
  const saved = servicesOf(newer);
  const start = servicesOf(base);
  for (const [id, item] of own) {
    const text = saved.has(id)
      ? `Послуга «${item.name}»: змінена`
      : `Послуга «${item.name}»: прибрана в новішій версії`;
    compare(item, saved.get(id), start.get(id), text);
  }
  for (const [id, item] of saved) {
    if (!own.has(id))
      compare(undefined, item, start.get(id), `Послуга «${item.name}»: є лише в новішій версії`);
  }
  compare(
    mine.priceRounding,
    newer.priceRounding,
    base.priceRounding,
    `Округлення тарифу: у вас «${PRICE_ROUNDING_LABELS[mine.priceRounding]}», збережено «${PRICE_ROUNDING_LABELS[newer.priceRounding]}»`,
  );
  return lines;
}
