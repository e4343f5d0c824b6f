/*
 * Phone numbers as people write them and as the app stores and shows them. Without zod (the schemas are
 * requisites.ts's `phoneFieldSchema`): the landing page shows the provider's phone on its first screen (issue 39).
 */

/** Fewest and most digits of a phone number (a 10-digit national `0441234567` … E.164's 15). */
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

/**
 * True for a phone number as people write it: digits, spaces, hyphens, parentheses and one leading `+`, with
 * 10 to 15 digits (`+380 (44) 123-45-67`, `0441234567`).
 */
export function isPhoneNumber(text: string): boolean {
  const phone = text.trim();
  if (!/^\+?[\d\s()-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** The 12 digits of a Ukrainian number (`380` + operator or area code + subscriber), from any way of writing it. */
function ukrainianDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (/^380\d{9}$/.test(digits)) return digits;
  // National `0XX…` and the old trunk form `80XX…`.
  if (/^0\d{9}$/.test(digits)) return `38${digits}`;
  if (/^80\d{9}$/.test(digits)) return `3${digits}`;
  return undefined;
}

/** Ukrainian mobile operators' codes (after `+380`): such a number is written `+380 50 123 45 67`. */
const MOBILE_CODES = new Set([
  '39',
  '50',
  '63',
  '66',
  '67',
  '68',
  '73',
  '77',
  '89',
  '91',
  '92',
  '93',
  '94',
  '95',
  '96',
  '97',
  '98',
  '99',
]);
/** Cities whose area code has two digits and whose numbers seven (`044 123-45-67`); others have three and six. */
const TWO_DIGIT_AREA_CODES = new Set(['32', '44', '48', '56', '57', '61', '62']);

/**
 * A landline written without its own grouping, from its 12 digits: the area code with its trunk 0, then the
 * subscriber's number in hyphenated pairs (`0352 52-12-34`, `044 123-45-67`). Four-digit district codes cannot be
 * told from the digits alone; their numbers keep the grouping they were typed with (see {@link formatPhone}).
 */
function landlineGrouping(digits: string): string {
  const national = digits.slice(3);
  const codeLength = TWO_DIGIT_AREA_CODES.has(national.slice(0, 2)) ? 2 : 3;
  const subscriber = national.slice(codeLength);
  const head = subscriber.length - 4;
  return `0${national.slice(0, codeLength)} ${subscriber.slice(0, head)}-${subscriber.slice(head, head + 2)}-${subscriber.slice(head + 2)}`;
}

/**
 * A phone number as it is stored and shown (issue 23, landlines issue 33): a Ukrainian mobile number, however
 * written (`380501234567`, `0501234567`, `+38 (050) 123-45-67`), becomes `+380 50 123 45 67`; a landline keeps the
 * grouping it was typed with (`0352 52-12-34`, spaces tidied), and one typed as bare digits (the spec's wire form)
 * is grouped by its area code (`0352521234` → `0352 52-12-34`); another country's number keeps
 * its own grouping with the spaces tidied; text that is no phone number (a legacy value) is returned trimmed, as it
 * is. Applying it twice changes nothing, so a stored value may pass through it again.
 */
export function formatPhone(text: string): string {
  const phone = text.trim();
  if (!isPhoneNumber(phone)) return phone;
  const tidied = phone.replace(/\s+/g, ' ');
  const digits = ukrainianDigits(phone);
  if (digits === undefined) return tidied;
  const part = (from: number, to: number) => digits.slice(from, to);
  if (MOBILE_CODES.has(part(3, 5)))
    return `+380 ${part(3, 5)} ${part(5, 8)} ${part(8, 10)} ${part(10, 12)}`;
  return /^\+?\d+$/.test(phone) ? landlineGrouping(digits) : tidied;
}
