import { toDecimal } from './money';

/**
 * Spaces that may separate digit groups: a plain space, the no-break space (U+00A0) and the narrow no-break space
 * (U+202F) that uk-UA number formatting writes (`1 000,50`), and the thin space (U+2009).
 */
const GROUP_SPACE = '[ \\u00A0\\u202F\\u2009]';

/**
 * A plain decimal as a person types it: an optional minus, then either digits without separators or groups of
 * three digits separated by one space, then optionally one decimal comma or point and at least one digit.
 * No hex (`0x1F`), no exponent (`1e5`), no `Infinity`, no `+`, no second separator.
 */
const DECIMAL_TEXT = new RegExp(`^-?(?:\\d+|\\d{1,3}(?:${GROUP_SPACE}\\d{3})+)(?:[.,](\\d+))?$`);
const GROUP_SPACES = new RegExp(GROUP_SPACE, 'g');

/**
 * Reads a number the way the app's numeric inputs send it (issue "Company reference data": prices, salaries,
 * institution data): a finite JS number as it is, or text such as `1000.5`, `7,50` or `1 000,50`, surrounded by
 * any whitespace. Returns `undefined` for everything else: text with hex, an exponent or `Infinity`, several
 * separators, letters, empty text, `NaN`/`±Infinity`, and text with more fraction digits than a JS number keeps
 * (`0.1000000000000000001` would silently become 0.1). Range and decimal limits are the caller's.
 */
export function parseDecimal(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const plain = text.replace(GROUP_SPACES, '').replace(',', '.');
  const number = Number(plain);
  const fraction = (match[1] ?? '').replace(/0+$/, '');
  // `toDecimal` reads a number through its shortest spelling, so this counts the fraction digits it kept.
  if (!Number.isFinite(number) || toDecimal(number).decimalPlaces() < fraction.length)
    return undefined;
  return number;
}

/** True for what an optional numeric input sends when left empty: `undefined`, `null`, or blank text. */
export function isBlankInput(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * A `z.preprocess` step for numeric fields: a value {@link parseDecimal} reads becomes that number; anything else
 * is passed on unchanged, so the number schema after it refuses it with the field's own message.
 */
export function decimalInput(value: unknown): unknown {
  return parseDecimal(value) ?? value;
}
