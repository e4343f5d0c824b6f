import { formatMoney, readAmount, type InputChange } from '@medcalc/domain';

/** How a change reads: a tariff going down is good for the patient (green), going up is red; none is plain. */
export function deltaTone(value: string | null | undefined): 'success' | 'danger' | undefined {
  const amount = readAmount(value);
  // What rounds to 0,00 reads as no change.
  if (amount === undefined || formatMoney(Math.abs(amount)) === formatMoney(0)) return undefined;
  return amount < 0 ? 'success' : 'danger';
}

/** `243,34 → 250,10`; a side without a калькуляція is `—`. */
export function beforeAfterText(
  before: string | null | undefined,
  after: string | null | undefined,
): string {
  return `${formatMoney(before ?? null)} → ${formatMoney(after ?? null)}`;
}

/** Changes the re-pricing could not apply (a position, material or register row gone): shown as warnings. */
export const isWarningChange = (change: InputChange): boolean =>
  change.kind === 'missing-staff' ||
  change.kind === 'missing-material' ||
  change.kind === 'missing-equipment';

/** A short Ukrainian name of each kind of change, shown beside its text. */
export const CHANGE_KIND_LABELS: Readonly<Record<InputChange['kind'], string>> = {
  institution: 'Дані закладу',
  rounding: 'Округлення',
  salary: 'Оклад',
  position: 'Посада',
  material: 'Матеріал',
  equipment: 'Обладнання',
  service: 'Послуга',
  norms: 'Норми',
  'missing-staff': 'Посаду не знайдено',
  'missing-material': 'Матеріал не знайдено',
  'missing-equipment': 'Обладнання не знайдено',
};
