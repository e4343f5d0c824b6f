import { z } from './zod';

import { formatPhone, isPhoneNumber } from './phone';

export { formatPhone, isPhoneNumber, PHONE_DIGITS } from './phone';

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
