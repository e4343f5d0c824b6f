import {
  EMPTY_VALUE_TEXT,
  equipmentMinuteRate,
  formatIban,
  formatMoney,
  formatPhone,
  formatPrice,
  formatKyivDate,
  formatKyivDateTime,
  formatKyivTime,
  formatQuantity,
  readAmount,
  type EquipmentValues,
} from '@medcalc/domain';

/**
 * The one place the web formats what it shows (issue 23 §3: uk-UA formats from one formatter). Pure functions
 * with no locale data from the runtime (ICU builds differ between Node, browsers and CI), so tests and screens
 * agree to the character. Amounts, quantities, phones and IBANs are the domain's, because the server's
 * documents print them the same way; a page never calls `toLocaleString`, `Intl` or dayjs' `format` itself.
 *
 * - amounts `1 234,56` ({@link formatMoney}), a material's price with up to four decimals where it has them
 *   `2,375` ({@link formatPrice}, issue 33), other numbers `7,7`, `2,5`, `0,02` ({@link formatQuantity}: a
 *   decimal comma, no trailing zeros);
 * - dates `25.11.2026`, with the time `25.11.2026 10:15`, as the documents print them (the spec's «22 Лист
 *   2026» with a capital and no dot is not Ukrainian; issue 23 chose the numeric form for screen and paper), in
 *   Kyiv time as the documents are (domain `formatKyivDate`), whatever zone the browser is set to;
 * - phones `+380 50 123 45 67`, landlines as typed or `0352 52-12-34` ({@link formatPhone}), IBANs in groups of four ({@link formatIban}).
 */
export { EMPTY_VALUE_TEXT, formatIban, formatMoney, formatPhone, formatPrice, formatQuantity };

/** Shown for a missing or unreadable date (spec §8 "'Invalid date' for a missing date"). */
export const INVALID_DATE_TEXT = 'Недійсна дата';

/** The date format the date pickers use, so a chosen date reads as the shown ones (dayjs tokens). */
export const DATE_PICKER_FORMAT = 'DD.MM.YYYY';

function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * `25.11.2026 10:15`: the date and hours:minutes (spec §9), in Kyiv time. Missing or invalid input
 * gives {@link INVALID_DATE_TEXT}.
 */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date === undefined ? INVALID_DATE_TEXT : formatKyivDateTime(date);
}

/** `14:32`: the time part of {@link formatDateTime}. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date === undefined ? INVALID_DATE_TEXT : formatKyivTime(date);
}

/** `25.11.2026`: the date part of {@link formatDateTime}, as the documents print dates. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date === undefined ? INVALID_DATE_TEXT : formatKyivDate(date);
}

/** `7,7 год`: a working day's length (spec §5), with a decimal comma. */
export const formatHours = (hours: number | string | null) => `${formatQuantity(hours)} год`;

/** `33,6897 %`, `10 %`: a percent or coefficient with up to four decimals and no needless zeros. */
/** Decimals the cost of one minute of equipment is shown with: a scanner's 2,0614, a printer's 0,0444. */
const MINUTE_RATE_DECIMALS = 4;

/**
 * The cost of one minute of a piece of equipment, `(V − S) / N / (T × 60)` UAH, as shown: «2,0614» (issue 38; the
 * exact rate rounded for display only, a line rounds its own product: docs/methodology.md "Equipment depreciation").
 */
export const formatMinuteRate = (values: EquipmentValues) =>
  formatMoney(equipmentMinuteRate(values).toFixed(MINUTE_RATE_DECIMALS), MINUTE_RATE_DECIMALS);

export const formatPercent = (value: number | string | null) => `${formatQuantity(value, 4)} %`;

/**
 * The text a uk-UA number input shows while nobody is typing in it: {@link formatMoney} with the input's
 * precision (`24 000,00`, `14 400 000,00`) or more places if the value has them (`12,345`, never rounded), or
 * nothing for an empty input, which shows its placeholder
 * rather than a dash.
 */
export function formatNumberInput(
  value: number | string | null | undefined,
  fractionDigits = 2,
): string {
  const amount = readAmount(value);
  if (amount === undefined) return '';
  // A value with more places than the input shows keeps them all: an input must not look rounded.
  return formatMoney(amount, Math.max(fractionDigits, fractionDigitsOf(amount)));
}

/** How many decimal places a number has as JavaScript writes it (`12.345` → 3); 0 for exponent notation. */
function fractionDigitsOf(amount: number): number {
  const text = String(amount);
  if (/e/i.test(text)) return 0;
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Reads what a person types into a number input as a plain decimal string: spaces between thousands
 * (ordinary or no-break, as {@link formatNumberInput} writes them) are dropped and a decimal comma or dot
 * is accepted, so `1 000,5`, `1000.5` and `1 000,50` all read as a thousand and a half. An emptied input
 * gives '' (no value); text that is no number is returned as it is, and the input keeps its last value.
 */
export function parseNumberInput(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, '').replace(',', '.');
}
