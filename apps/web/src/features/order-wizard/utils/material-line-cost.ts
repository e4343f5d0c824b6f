import {
  computeMaterialLineCost,
  pillLineSchema,
  sumMoney,
  type Decimal,
  type PillLine,
} from '@medcalc/domain';

/**
 * A material line as the wizard holds it: `unitChangedFrom` is the unit the line had before another material
 * (in another unit) was chosen for it (issue 23). The line's quantity is cleared then, and the mark stays until a
 * quantity is typed. The server never sees the mark: the domain schema drops unknown keys.
 */
export type WizardPillLine = PillLine & { unitChangedFrom?: string };

/** «Перевірте кількість: одиниця змінилась з мл на саше». */
export const unitChangedMessage = (from: string, to: string) =>
  `Перевірте кількість: одиниця змінилась з ${from} на ${to || '—'}.`;

/**
 * The line's cost, or null while its price or quantity is not a valid value (a rejected «2,5», an emptied input,
 * a quantity cleared by a change of unit): a rejected value never enters a sum (issue 23).
 */
export function materialLineCostOrNull(line: WizardPillLine): Decimal | null {
  if (line.unitChangedFrom !== undefined) return null;
  const { price, spend } = pillLineSchema.shape;
  if (!price.safeParse(line.price).success || !spend.safeParse(line.spend).success) return null;
  return computeMaterialLineCost(line);
}

/** The lines' total, or null while any of them has no cost (it would be a wrong sum). */
export function materialsTotalOrNull(lines: readonly WizardPillLine[]): Decimal | null {
  const costs = lines.map(materialLineCostOrNull);
  return costs.every((cost): cost is Decimal => cost !== null) ? sumMoney(costs) : null;
}
