/**
 * The words of «Порівняння тарифів» (issue 18) that the web's preview and the server's PDF and XLSX both print, so
 * the screen and the paper say the same: the columns and the totals lines. The signed Δ is
 * `formatSignedAmount`/`formatSignedPercent` (common/format-money.ts).
 */
export const COMPARISON_LABELS = {
  code: 'Код',
  service: 'Послуга',
  cost: 'Собівартість, грн',
  tariff: 'Тариф, грн',
  delta: 'Зміна тарифу',
  deltaAmount: 'Δ, грн',
  deltaPercent: 'Δ, %',
  /** The order's totals line. */
  orderTotal: 'Разом за замовленням',
  /** A category's totals line (the papers print one when there are several categories). */
  categoryTotal: 'Разом за категорією',
} as const;
