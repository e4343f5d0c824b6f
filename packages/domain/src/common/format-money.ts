/**
 * uk-UA display of amounts, shared by the web's screens and the server's PDF documents so both write the same
 * characters. Pure: no locale data from the runtime (ICU builds differ between Node, browsers and CI).
 */

/** Shown for a missing or unreadable amount. */
export const EMPTY_VALUE_TEXT = '—';

/** Groups thousands the way uk-UA does: a no-break space, so an amount never wraps. */
const GROUP_SEPARATOR = '\u00a0';

/** A number, a numeric string (`'1234.5'`, `'1234,5'`) or nothing. */
export type AmountInput = number | string | null | undefined;

/** Reads an amount; `undefined` for a missing, blank or unreadable value. */
export function readAmount(value: AmountInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const amount = typeof value === 'number' ? value : Number(value.trim().replace(',', '.'));
  return Number.isFinite(amount) ? amount : undefined;
}

/**
 * Rounds half away from zero to `digits` places. Shifting through the exponent avoids the binary error of
 * `x * 100` (1.005 * 100 is 100.49999…), so 1.005 becomes 1.01 as a person expects.
 */
function roundHalfAwayFromZero(amount: number, digits: number): number {
  const sign = amount < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(amount)}e${digits}`));
  return sign * Number(`${shifted}e-${digits}`);
}

/**
 * A number in uk-UA style with `fractionDigits` decimals (two by default): `1 234,56` (no-break space between
 * thousands, decimal comma). Accepts numbers and numeric strings (money arrives as two-decimal strings such as
 * `'243.34'`, which are written unchanged); anything else gives {@link EMPTY_VALUE_TEXT}. Money amounts are in
 * UAH; the currency is not appended. Exact for every amount below 2^53 kopecks.
 */
export function formatMoney(value: AmountInput, fractionDigits = 2): string {
  const amount = readAmount(value);
  if (amount === undefined) return EMPTY_VALUE_TEXT;
  const rounded = roundHalfAwayFromZero(amount, fractionDigits);
  const [whole = '0', fraction] = Math.abs(rounded).toFixed(fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const sign = rounded < 0 ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped},${fraction}`;
}

/**
 * A quantity as a person writes it (issue 23): uk-UA, up to three decimals (or `fractionDigits`), no trailing
 * zeros — `2,5`, `0,02`, `20`, `1 000`. A material's spend is printed this way on screen and on paper.
 */
export function formatQuantity(value: AmountInput, fractionDigits = 3): string {
  const text = formatMoney(value, fractionDigits);
  return text.includes(',') ? text.replace(/,?0+$/, '') : text;
}

/**
 * A material's price per unit (issue 33): the money format with two decimals at least and up to four where the
 * price has them — `12,50`, `2,375`, `0,0125`, `1 234,00`.
 */
export function formatPrice(value: AmountInput): string {
  const text = formatMoney(value, 4);
  return text === EMPTY_VALUE_TEXT ? text : text.replace(/(,\d{2}\d*?)0+$/u, '$1');
}

/** The minus sign (U+2212): a hyphen in a column of figures reads as a dash. */
export const MINUS_SIGN = '\u2212';

/**
 * A change of an amount with its sign, on screen and on paper alike (issue 18's comparison): `+1 234,50`,
 * `−115,00` (the minus sign), `0,00` for what rounds to zero (no sign); a missing amount is
 * {@link EMPTY_VALUE_TEXT}.
 */
export function formatSignedAmount(value: AmountInput): string {
  const amount = readAmount(value);
  if (amount === undefined) return EMPTY_VALUE_TEXT;
  const text = formatMoney(Math.abs(amount));
  if (text === formatMoney(0)) return text;
  return `${amount < 0 ? MINUS_SIGN : '+'}${text}`;
}

/** A change in percent with its sign: `+2,74 %`, `−8,33 %`, `0,00 %`; a missing percent is {@link EMPTY_VALUE_TEXT}. */
export function formatSignedPercent(value: AmountInput): string {
  const text = formatSignedAmount(value);
  return text === EMPTY_VALUE_TEXT ? text : `${text} %`;
}
