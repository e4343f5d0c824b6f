import { formatMoney, formatQuantity } from '../common/format-money';
import type { StuffLine } from './calculation.schema';
import { MINUTES_PER_HOUR, WORKING_DAYS_PER_MONTH } from './cost-model';

/**
 * The words people read for the code names of docs/methodology.md ("Terms on paper"): the documents, the workbook
 * and the wizard's breakdown (issue 23) print these, never `k_відп`, `k_leave` or `share_med`. Lower case, as they
 * stand inside a formula («A = L × коефіцієнт відпусток»).
 */
export const COST_TERMS = {
  /** `k_leave`: the share of the pay fund paid for leave, which gives the additional pay A. */
  leaveCoefficient: 'коефіцієнт відпусток',
  /** `share_med`: the medical rooms' share of the floor area (not of staff), in K's numerator. */
  medicalAreaShare: 'частка медичної площі',
} as const;

/**
 * A staff line's cost in words (docs/methodology.md "Formulas" 1; `computeStaffLineCost`): the калькуляція prints
 * it above its staff lines, and {@link staffLineFormula} fills it in for one line on screen, so both read the same
 * factors in the same order.
 */
export const STAFF_LINE_FORMULA =
  'оклад × (1 + умови праці/100) × (1 + b/100) / D / (год × 60) × хв';

/**
 * One staff line's formula with its own numbers (issue 33), in the order of {@link STAFF_LINE_FORMULA}: the
 * salary, the working-conditions and bonus factors it applies, the working days of a month, the day's hours and
 * the minutes — `24 000,00 грн × (1 + 10 %) × (1 + 20 %) / 21 дн. / (7,7 год × 60) × 15 хв`. A line with no
 * salary yet says so, since it costs nothing.
 */
export function staffLineFormula(
  line: Pick<StuffLine, 'salary' | 'conditionPercent' | 'workingDay' | 'timeSpend'>,
  bonusPercent: number,
): string {
  if (line.salary === null) return 'оклад не вказано';
  const factor = (percent: number) => `(1 + ${formatQuantity(percent, 2)} %)`;
  return [
    `${formatMoney(line.salary)} грн × ${factor(line.conditionPercent)} × ${factor(bonusPercent)}`,
    `/ ${WORKING_DAYS_PER_MONTH} дн. / (${formatQuantity(line.workingDay)} год × ${MINUTES_PER_HOUR})`,
    `× ${formatQuantity(line.timeSpend)} хв`,
  ].join(' ');
}
