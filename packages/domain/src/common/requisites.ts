import { z } from './zod';

/**
 * Checks of an institution's requisites (issue 13 "Data quality"): the settlement account as a Ukrainian IBAN,
 * the ЄДРПОУ code or a ФОП's РНОКПП with their check digits, and phone numbers. One place for the web forms and
 * the server.
 */

/** Characters of a Ukrainian IBAN: `UA`, two check digits, the bank's 6-digit МФО and a 19-digit account. */
export const UA_IBAN_LENGTH = 29;

export const REQUISITE_MESSAGES = {
  iban: 'Вкажіть рахунок у форматі IBAN: UA і 27 цифр.',
  ibanChecksum: 'IBAN має помилку: контрольні цифри не збігаються. Перевірте номер рахунку.',
  code: 'Код ЄДРПОУ має 8 цифр (або 10 цифр РНОКПП для ФОП).',
  edrpouChecksum: 'Код ЄДРПОУ має помилку: контрольна цифра не збігається.',
  rnokppChecksum: 'РНОКПП має помилку: контрольна цифра не збігається.',
  phone:
    'Вкажіть номер телефону: від 10 до 15 цифр; можна пробіли, дужки, дефіси та «+» на початку.',
} as const;

/** A settlement account as it is stored: spaces removed, letters upper-cased (`ua21 3223 …` → `UA213223…`). */
export const normalizeIban = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/**
 * Why a settlement account is not a valid Ukrainian IBAN (ISO 13616: `UA` + 27 digits, and the number with its
 * first four characters moved to the end, letters read as A = 10 … Z = 35, leaves remainder 1 when divided by
 * 97), or undefined when it is one. Spaces are ignored and lower-case letters accepted.
 */
export function ibanIssue(text: string): string | undefined {
  const iban = normalizeIban(text);
  if (!/^UA\d{27}$/.test(iban)) return REQUISITE_MESSAGES.iban;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    // Letters give two digits; folding digit by digit keeps every step inside a safe integer.
    for (const digit of String(value)) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? undefined : REQUISITE_MESSAGES.ibanChecksum;
}

/**
 * A settlement account as people read it (issue 23): the IBAN in groups of four, `UA21 3223 1300 0002 6007 2335
 * 6600 1`. Text that is no IBAN (a legacy account of digits, a half-typed one) is returned trimmed, as it is.
 */
export function formatIban(text: string): string {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z\d]{10,30}$/.test(iban)) return text.trim();
  return iban.replace(/(.{4})(?!$)/g, '$1 ');
}

/** True for a valid Ukrainian IBAN (see {@link ibanIssue}). */
export const isValidUaIban = (text: string): boolean => ibanIssue(text) === undefined;

const digitsOf = (code: string) => [...code].map(Number);
const weightedSum = (digits: number[], weights: readonly number[]) =>
  weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);

/**
 * The check digit (the 8th) of an ЄДРПОУ code from its first seven digits, by the official algorithm: weights
 * 1…7, or 7,1…6 for codes from 30 000 000 to 60 000 000; a remainder of 10 (mod 11) is recomputed with every
 * weight raised by 2, and a second 10 gives 0.
 */
export function edrpouCheckDigit(code: string): number {
  const digits = digitsOf(code.slice(0, 7));
  const number = Number(code);
  const isMiddleRange = number >= 30_000_000 && number <= 60_000_000;
  const weights = isMiddleRange ? [7, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7];
  let remainder = weightedSum(digits, weights) % 11;
  if (remainder === 10) {
    remainder =
      weightedSum(
        digits,
        weights.map((weight) => weight + 2),
      ) % 11;
  }
  return remainder === 10 ? 0 : remainder;
}

/** True for 8 digits whose last one is the ЄДРПОУ check digit. */
export const isValidEdrpou = (code: string): boolean =>
  /^\d{8}$/.test(code) && edrpouCheckDigit(code) === Number(code[7]);

/** The check digit (the 10th) of a РНОКПП: weights −1,5,7,9,4,6,10,5,7 on the first nine, mod 11, mod 10. */
export function rnokppCheckDigit(code: string): number {
  const sum = weightedSum(digitsOf(code.slice(0, 9)), [-1, 5, 7, 9, 4, 6, 10, 5, 7]);
  return (((sum % 11) + 11) % 11) % 10;
}

/** True for 10 digits whose last one is the РНОКПП check digit. */
export const isValidRnokpp = (code: string): boolean =>
  /^\d{10}$/.test(code) && rnokppCheckDigit(code) === Number(code[9]);

/**
 * Why a company code is neither a valid ЄДРПОУ (8 digits) nor a valid РНОКПП of a ФОП (10 digits), or undefined.
 * Spaces are ignored.
 */
export function companyCodeIssue(text: string): string | undefined {
  const code = text.replace(/\s+/g, '');
  if (/^\d{8}$/.test(code))
    return isValidEdrpou(code) ? undefined : REQUISITE_MESSAGES.edrpouChecksum;
  if (/^\d{10}$/.test(code))
    return isValidRnokpp(code) ? undefined : REQUISITE_MESSAGES.rnokppChecksum;
  return REQUISITE_MESSAGES.code;
}

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

/**
 * A required phone number (registration, a new member), stored as {@link formatPhone} writes it;
 * `requiredMessage` is shown when it is empty. The wire still takes the spec's `380501234567`.
 */
export const phoneFieldSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, REQUISITE_MESSAGES.phone)
    .refine(isPhoneNumber, REQUISITE_MESSAGES.phone)
    .transform(formatPhone);

/**
 * A phone number that may be left blank (issue 33, the profile: an invited member may have none): `''` when blank,
 * else {@link phoneFieldSchema}'s rule and form.
 */
export const optionalPhoneFieldSchema = () =>
  z
    .string()
    .trim()
    .max(40, REQUISITE_MESSAGES.phone)
    .refine((phone) => phone === '' || isPhoneNumber(phone), REQUISITE_MESSAGES.phone)
    .transform(formatPhone);
