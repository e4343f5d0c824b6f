import { z } from '../common/zod';
import { Decimal } from 'decimal.js';
import { toDecimal } from '../common/money';

/*
 * The price the patient pays, after the калькуляція's «Тариф без ПДВ» (docs/methodology.md "VAT" and "Rounding of
 * the final price"): VAT per service, then the order's rounding of the final price. Pure, exact (decimal.js on
 * two-decimal strings), and the one place these rows are computed: the engine attaches them to every `ServiceCost`
 * it computes, and the documents read an older stored cost (without them) through `servicePriceOf`.
 */

/** How an order's final prices are rounded: not at all (to the kopeck), to 50 kopecks, or to whole hryvnias. */
export const PRICE_ROUNDINGS = ['none', '0.50', '1.00'] as const;
export const priceRoundingSchema = z.enum(
  PRICE_ROUNDINGS,
  'Оберіть спосіб округлення тарифу зі списку.',
);
export type PriceRounding = z.infer<typeof priceRoundingSchema>;
export const DEFAULT_PRICE_ROUNDING: PriceRounding = 'none';

/** Ukrainian labels of the rounding choices, as the wizard and the documents name them. */
export const PRICE_ROUNDING_LABELS: Readonly<Record<PriceRounding, string>> = {
  none: 'Без округлення (до копійки)',
  '0.50': 'До 0,50 грн',
  '1.00': 'До 1,00 грн',
};

/**
 * Whether a service's price carries VAT: exempt (medical practice of a licensed institution, Tax Code 197.1.5,
 * the default) or taxable at 20 % (services that are not medical practice: some certificates, cosmetic procedures).
 */
export const VAT_MODES = ['exempt', 'vat20'] as const;
export const vatModeSchema = z.enum(VAT_MODES, 'Оберіть режим ПДВ зі списку.');
export type VatMode = z.infer<typeof vatModeSchema>;
export const DEFAULT_VAT_MODE: VatMode = 'exempt';

/** The VAT rate of a taxable service, percent (Tax Code 193.1). */
export const VAT_RATE_PERCENT = 20;

/** Ukrainian labels of the VAT choices. */
export const VAT_MODE_LABELS: Readonly<Record<VatMode, string>> = {
  exempt: 'Звільнено від ПДВ (п. 197.1.5 ПКУ)',
  vat20: 'ПДВ 20 %',
};

/** An amount of UAH on the wire and in storage: a string with exactly two decimals (`'279.84'`, `'-0.34'`). */
export const moneyStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * The price rows of one service, UAH as two-decimal strings (docs/methodology.md "VAT", "Rounding of the final
 * price"). They add up: `summaryWithProfit + vat = withVat`, `withVat + roundingAmount = tariff`. The wire shape
 * (inside `serviceCostSchema`) and the type are one: {@link ServicePrice} is inferred from it.
 */
export const servicePriceSchema = z.object({
  vatMode: vatModeSchema,
  /** ПДВ: round(Тариф без ПДВ × 20 %) for a taxable service, `'0.00'` for an exempt one. */
  vat: moneyStringSchema,
  /** Тариф з ПДВ: Тариф без ПДВ + ПДВ (equals Тариф без ПДВ for an exempt service). */
  withVat: moneyStringSchema,
  rounding: priceRoundingSchema,
  /** Округлення: the final price minus `withVat`; negative when rounded down, `'0.00'` without rounding. */
  roundingAmount: moneyStringSchema,
  /** Тариф (the price the patient pays): `withVat` rounded half-up to the order's step. */
  tariff: moneyStringSchema,
});
export type ServicePrice = z.infer<typeof servicePriceSchema>;

const STEP_KOPECKS: Readonly<Record<PriceRounding, bigint>> = {
  none: 1n,
  '0.50': 50n,
  '1.00': 100n,
};

/** A two-decimal amount (`'279.84'`, `'-0.34'`) as whole kopecks; exact for any length. */
function toKopecks(amount: string): bigint {
  // The engine's rows are always this shape: read the digits (the hot path of 1,000-service orders).
  if (/^-?\d+\.\d{2}$/.test(amount)) return BigInt(amount.replace('.', ''));
  return BigInt(toDecimal(amount).times(100).toFixed(0, Decimal.ROUND_HALF_UP));
}

/** Kopecks back to a two-decimal string. */
function fromKopecks(kopecks: bigint): string {
  const sign = kopecks < 0n ? '-' : '';
  const digits = (kopecks < 0n ? -kopecks : kopecks).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `round(a / b)` half-up for a ≥ 0, b > 0. */
const divideHalfUp = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/**
 * The price rows of a service whose «Тариф без ПДВ» (`summaryWithProfit`) is given: its VAT (when taxable), the
 * price with VAT, and that price rounded half-up to the order's step with the rounding as its own row.
 */
export function computeServicePrice(
  summaryWithProfit: string,
  vatMode: VatMode = DEFAULT_VAT_MODE,
  rounding: PriceRounding = DEFAULT_PRICE_ROUNDING,
): ServicePrice {
  const base = toKopecks(summaryWithProfit);
  const vat =
    vatMode === 'vat20' && base > 0n ? divideHalfUp(base * BigInt(VAT_RATE_PERCENT), 100n) : 0n;
  const withVat = base + vat;
  const step = STEP_KOPECKS[rounding];
  const tariff = withVat > 0n ? divideHalfUp(withVat, step) * step : withVat;
  return {
    vatMode,
    vat: fromKopecks(vat),
    withVat: fromKopecks(withVat),
    rounding,
    roundingAmount: fromKopecks(tariff - withVat),
    tariff: fromKopecks(tariff),
  };
}

/**
 * The price rows of a stored калькуляція: its own when Calculate attached them, else (a service calculated before
 * VAT and rounding existed) exempt and unrounded, so its tariff is its «Тариф без ПДВ».
 */
export function servicePriceOf(cost: {
  summaryWithProfit: string;
  price?: ServicePrice;
}): ServicePrice {
  return cost.price ?? computeServicePrice(cost.summaryWithProfit);
}
