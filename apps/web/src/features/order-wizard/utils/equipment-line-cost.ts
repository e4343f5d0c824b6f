import {
  computeEquipmentLineCost,
  equipmentLineSchema,
  sumMoney,
  type Decimal,
  type EquipmentLine,
} from '@medcalc/domain';

/**
 * An equipment line's cost `round((V − S) / N / (T × 60) × u)` (issue 38, docs/methodology.md "Equipment
 * depreciation"), or null while any of its values is not valid (an emptied or fractional minutes input): a refused
 * value never shows a cost or enters a sum, as with the material lines (issue 23).
 */
export function equipmentLineCostOrNull(line: EquipmentLine): Decimal | null {
  if (!equipmentLineSchema.safeParse(line).success) return null;
  return computeEquipmentLineCost(line);
}

/** The lines' total, D of the service, or null while any of them has no cost (it would be a wrong sum). */
export function equipmentTotalOrNull(lines: readonly EquipmentLine[]): Decimal | null {
  const costs = lines.map(equipmentLineCostOrNull);
  return costs.every((cost): cost is Decimal => cost !== null) ? sumMoney(costs) : null;
}

/**
 * The minutes that are valid but most likely a slip: none at all, so the line costs nothing. A warning beside the
 * field, never a refusal (as a staff line's 0 minutes, issue 33).
 */
export const equipmentMinutesWarning = (minutes: number | null): string | undefined =>
  minutes === 0 ? 'Час використання 0 хв: рядок нічого не коштує. Вкажіть хвилини.' : undefined;
