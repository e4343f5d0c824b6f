import { Decimal } from 'decimal.js';

export type { Decimal } from 'decimal.js';

/**
 * The decimal constructor of the money maths: 40 significant digits, half-up. A private clone, so another
 * module changing the global `Decimal` configuration cannot change a калькуляція. 40 digits leave the
 * intermediate quotients (divisions by 21, by H × 60, by the salary funds) far from any rounding boundary.
 */
const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A value the money helpers accept: a decimal, a finite number, or a decimal string such as `'7.50'`. */
export type DecimalInput = Decimal | number | string;

/** Zero, as a decimal. */
export const ZERO: Decimal = new MoneyDecimal(0);

/**
 * Converts a value to a decimal; `null`/`undefined` (an institution field not filled in) become 0.
 * A JS number is read through its shortest decimal spelling, so `0.1` is exactly 0.1, not the binary float
 * 0.1000000000000000055….
 */
export function toDecimal(value: DecimalInput | null | undefined): Decimal {
  if (value === null || value === undefined) {
    return ZERO;
  }
  return new MoneyDecimal(value);
}

/**
 * Rounds an amount to kopecks (0.01 UAH), half-up: 0.125 → 0.13 (docs/methodology.md "Formulas": every money
 * row is rounded half-up to 0.01 UAH). Ties round away from zero, so −0.125 → −0.13.
 */
export function roundMoney(value: DecimalInput): Decimal {
  return toDecimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Sums amounts exactly (no rounding); an empty list sums to 0. */
export function sumMoney(values: readonly DecimalInput[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(toDecimal(value)), ZERO);
}

/** Formats an amount as UAH with exactly two decimals, rounding half-up first: 7.5 → `'7.50'`. */
export function moneyToString(value: DecimalInput): string {
  return roundMoney(value).toFixed(2);
}

/**
 * Formats a material's price per unit with four decimals (issue 33: up to four, `2.375` → `'2.3750'`), rounding
 * half-up past the fourth first: what the database's `numeric(14, 4)` price column is written.
 */
export function priceToString(value: DecimalInput): string {
  return toDecimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

/**
 * Converts an amount to a JS number rounded half-up to kopecks, for JSON numbers and charts only. Do not
 * compute further with the result; compute with decimals.
 */
export function moneyToNumber(value: DecimalInput): number {
  return roundMoney(value).toNumber();
}

/**
 * Number of decimals a value is written with: `'7.50'` → 1 (trailing zeros do not count), 7.5 → 1; NaN for NaN
 * and infinities. The schemas call this for every amount and percent of a request, so a plain JS number is
 * counted from its shortest spelling (what decimal.js reads too) without building a decimal.
 */
export function decimalPlaces(value: DecimalInput): number {
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return 0;
    if (!Number.isFinite(value)) return Number.NaN;
    const text = String(value);
    // '1e-7' and the like: let decimal.js read the exponent.
    if (!text.includes('e')) return text.length - text.indexOf('.') - 1;
  }
  return toDecimal(value).decimalPlaces();
}
