import { MAX_HOURS_PER_YEAR, MAX_USEFUL_LIFE_YEARS, type EquipmentValues } from '@medcalc/domain';

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * V, S, N and T as a form holds them (numbers, `null` for an emptied input, text that is no number), read as
 * values the rate can be computed from, or null while any of them is not one the register accepts (S blank is 0).
 * The form's schema says what is wrong; the rate only waits.
 */
export function rateValuesOf(form: {
  firstCost: unknown;
  residualValue: unknown;
  usefulLifeYears: unknown;
  hoursPerYear: unknown;
}): EquipmentValues | null {
  const residualValue = form.residualValue ?? 0;
  const { firstCost, usefulLifeYears, hoursPerYear } = form;
  if (!isNumber(firstCost) || !isNumber(residualValue) || !isNumber(usefulLifeYears)) return null;
  if (!isNumber(hoursPerYear)) return null;
  if (firstCost <= 0 || residualValue < 0 || residualValue >= firstCost) return null;
  if (!Number.isInteger(usefulLifeYears) || usefulLifeYears < 1) return null;
  if (usefulLifeYears > MAX_USEFUL_LIFE_YEARS) return null;
  if (hoursPerYear <= 0 || hoursPerYear > MAX_HOURS_PER_YEAR) return null;
  return { firstCost, residualValue, usefulLifeYears, hoursPerYear };
}
