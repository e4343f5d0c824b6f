import { EMPTY_VALUE_TEXT, formatMoney, readAmount } from '@medcalc/domain';

/**
 * Display formats of the Ukrainian UI. Pure functions with no locale data from the runtime (ICU builds
 * differ between Node, browsers and CI), so tests and screens agree to the character. The amount formatter
 * lives in the domain because the server's PDF documents print amounts the same way.
 */

export { EMPTY_VALUE_TEXT, formatMoney };

/** Month abbreviations of spec §9 "Dates", January first. */
export const MONTH_ABBREVIATIONS = [
  'Січ',
  'Лют',
  'Бер',
  'Квіт',
  'Трав',
  'Черв',
  'Лип',
  'Серп',
  'Вер',
  'Жовт',
  'Лист',
  'Груд',
] as const;

/** Shown for a missing or unreadable date (spec §8 "'Invalid date' for a missing date"). */
export const INVALID_DATE_TEXT = 'Недійсна дата';

const pad2 = (value: number) => String(value).padStart(2, '0');

function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * `22 Лист 2026 10:15`: day, Ukrainian month abbreviation, year, hours:minutes (spec §9), in the browser's
 * time zone. Missing or invalid input gives {@link INVALID_DATE_TEXT}.
 */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (date === undefined) return INVALID_DATE_TEXT;
  const month = MONTH_ABBREVIATIONS[date.getMonth()] ?? '';
  return `${pad2(date.getDate())} ${month} ${date.getFullYear()} ${formatTime(date)}`;
}

/** `14:32`: the time part of {@link formatDateTime}. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (date === undefined) return INVALID_DATE_TEXT;
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** `22 Лист 2026`: the date part of {@link formatDateTime}. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (date === undefined) return INVALID_DATE_TEXT;
  const month = MONTH_ABBREVIATIONS[date.getMonth()] ?? '';
  return `${pad2(date.getDate())} ${month} ${date.getFullYear()}`;
}

/** `12.03.2026`: the date as the documents print it (dd.mm.yyyy), in the browser's time zone. */
export function formatNumericDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (date === undefined) return INVALID_DATE_TEXT;
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${date.getFullYear()}`;
}

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
