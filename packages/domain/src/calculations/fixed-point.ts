/**
 * Exact scaled-integer arithmetic for the cost engine (docs/methodology.md "Exact arithmetic"). Amounts are
 * integers in units of 1/scale (kopecks, hundredths of a percent, tenths of an hour); a JS number is used only
 * while it is provably an exact integer (at most 2^52), BigInt beyond that. Every quotient is rounded half-up
 * once, from its exact value.
 */

/**
 * Largest integer a scaled input may be: 15 digits, so the decimal a JS number spells (what decimal.js reads)
 * is exactly the integer read here. The schemas' largest inputs are 10^14 (10^12 UAH in kopecks).
 */
const MAX_SCALED_INPUT = 999_999_999_999_999;

/**
 * Largest result kept in a JS number: 2^52. An integer product or sum of integers that the float arithmetic
 * reports ≤ 2^52 is exact (rounding is monotone and every integer up to 2^53 is a double), and `Math.floor`
 * of a quotient of such integers is off by at most one, which `roundHalfUpDiv` corrects.
 */
export const EXACT_LIMIT = 2 ** 52;
const EXACT_LIMIT_BIG = BigInt(EXACT_LIMIT);

/**
 * Relative error allowed for a quotient computed in binary64 before it is rounded to an integer: 2^-48, i.e. 32
 * units in the last place, several times the error of the at most five operations that compute one (each ≤ 2^-53).
 */
const CERTIFIED_RELATIVE_ERROR = 2 ** -48;
/** Largest float quotient whose rounding is decided from the float (its error is then below 1/16). */
const CERTIFIED_LIMIT = 2 ** 44;

/**
 * Reads a JS number as an exact integer in units of 1/scale: `toScaled(7.5, 100)` is 750 (kopecks),
 * `toScaled(7.7, 10)` is 77 (tenths of an hour). Returns -1 when the number is no such value: negative, NaN,
 * infinite, more decimals than the scale allows, or 16 digits or more. `-0` reads as 0.
 */
export function toScaled(value: number, scale: number): number {
  if (!(value >= 0)) return -1;
  const scaled = Math.round(value * scale);
  // value × scale is within 0.2 of the integer when the value has that many decimals (its float error is
  // ≤ 10^15 × 2^-53), so rounding finds it, and dividing back reproduces the very same double only then.
  if (scaled > MAX_SCALED_INPUT || scaled / scale !== value) return -1;
  return scaled + 0;
}

/**
 * round-half-up(n / d) for integers 0 ≤ n ≤ 2^52 and 0 < d ≤ 2^52, exactly: the float quotient's floor is
 * corrected by its remainder.
 */
export function roundHalfUpDiv(n: number, d: number): number {
  let quotient = Math.floor(n / d);
  let remainder = n - quotient * d;
  if (remainder < 0) {
    quotient -= 1;
    remainder += d;
  } else if (remainder >= d) {
    quotient += 1;
    remainder -= d;
  }
  return remainder * 2 >= d ? quotient + 1 : quotient;
}

/** round-half-up(n / d) for BigInts n ≥ 0, d > 0. */
export function roundHalfUpDivBig(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** A BigInt result as a JS number when it is at most {@link EXACT_LIMIT}, else -1 (the caller goes BigInt). */
export function toExactNumber(value: bigint): number {
  return value <= EXACT_LIMIT_BIG ? Number(value) : -1;
}

/**
 * Rounds a positive quotient computed in binary64 (`approximate`, within {@link CERTIFIED_RELATIVE_ERROR} of the
 * exact value) half-up to an integer when the float decides it: the exact value is then certainly on the same
 * side of the nearest half. Returns -1 when it does not (within that error of a half, exact ties included, or
 * too large): the caller computes that one value in BigInt.
 */
export function roundCertified(approximate: number): number {
  if (!(approximate < CERTIFIED_LIMIT)) return -1;
  const whole = Math.floor(approximate);
  // Exact: below 1 `whole` is 0, above it `whole` is within a factor of 2 of `approximate` (Sterbenz).
  const fractionPart = approximate - whole;
  const tolerance = approximate * CERTIFIED_RELATIVE_ERROR;
  if (fractionPart - 0.5 > tolerance) return whole + 1;
  if (0.5 - fractionPart > tolerance) return whole;
  return -1;
}

/** A non-negative exact fraction num/den (den > 0) with its float value for the fast path. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
  /** num / den in binary64: three roundings (each BigInt → double, then the division), ≤ 3 × 2^-53 relative. */
  readonly approximate: number;
}

/** The fraction num/den; 0/1 when the denominator is 0 (a coefficient with no base is 0, methodology.md). */
export function ratio(num: bigint, den: bigint): Ratio {
  if (den === 0n || num === 0n) return { num: 0n, den: 1n, approximate: 0 };
  return { num, den, approximate: Number(num) / Number(den) };
}

/**
 * round-half-up(amount × r) for an integer 0 ≤ amount ≤ 2^52, exactly: from the float product when it decides
 * the rounding (one more rounding, ≤ 4 × 2^-53 in all), else in BigInt. -1 when the result exceeds 2^52.
 */
export function applyRatio(amount: number, r: Ratio): number {
  if (amount === 0 || r.num === 0n) return 0;
  const fast = roundCertified(amount * r.approximate);
  if (fast >= 0) return fast;
  return toExactNumber(roundHalfUpDivBig(BigInt(amount) * r.num, r.den));
}

/** round-half-up(amount × r) in BigInt. */
export function applyRatioBig(amount: bigint, r: Ratio): bigint {
  return roundHalfUpDivBig(amount * r.num, r.den);
}

/** Two-digit strings '00'…'99', so formatting a kopeck amount allocates one string. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, index) => String(index).padStart(2, '0'));

/** Kopecks (an integer 0 ≤ k ≤ 2^52) as UAH with two decimals: 24334 → `'243.34'`. */
export function formatKopecks(kopecks: number): string {
  const hryvnias = Math.floor(kopecks / 100);
  return `${hryvnias}.${TWO_DIGITS[kopecks - hryvnias * 100] ?? '00'}`;
}

/** A scaled BigInt as a decimal with `decimals` places: (336897n, 4) → `'33.6897'`, (5n, 2) → `'0.05'`. */
export function formatScaledBig(value: bigint, decimals: number): string {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const sign = value < 0n ? '-' : '';
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
