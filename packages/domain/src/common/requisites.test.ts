import { describe, expect, it } from 'vitest';

import {
  REQUISITE_MESSAGES,
  companyCodeIssue,
  edrpouCheckDigit,
  formatIban,
  formatPhone,
  ibanIssue,
  isPhoneNumber,
  isValidEdrpou,
  isValidRnokpp,
  isValidUaIban,
  normalizeIban,
  phoneFieldSchema,
  rnokppCheckDigit,
} from './requisites';

describe('Ukrainian IBAN', () => {
  it('accepts valid accounts, with spaces and in lower case', () => {
    expect(isValidUaIban('UA213223130000026007233566001')).toBe(true);
    expect(isValidUaIban('UA903052992990004149123456789')).toBe(true);
    expect(isValidUaIban('ua21 3223 1300 0002 6007 2335 6600 1')).toBe(true);
    expect(normalizeIban('ua21 3223 1300 0002 6007 2335 6600 1')).toBe(
      'UA213223130000026007233566001',
    );
  });

  it('refuses a wrong check digit or a typo in the account (mod 97)', () => {
    expect(ibanIssue('UA223223130000026007233566001')).toBe(REQUISITE_MESSAGES.ibanChecksum);
    // Two neighbouring digits swapped.
    expect(ibanIssue('UA213223130000026007233656001')).toBe(REQUISITE_MESSAGES.ibanChecksum);
    expect(ibanIssue('UA000000000000000000000000000')).toBe(REQUISITE_MESSAGES.ibanChecksum);
  });

  it('refuses what is not UA with 27 digits', () => {
    for (const text of [
      '26007233566001',
      'DE89370400440532013000',
      'UA21322313000002600723356600',
      'UA2132231300000260072335660011',
      'UA21322313000002600723356600A',
    ])
      expect(ibanIssue(text), text).toBe(REQUISITE_MESSAGES.iban);
  });
});

describe('ЄДРПОУ', () => {
  it('accepts real codes of both weight ranges', () => {
    // Ощадбанк, Укрексімбанк, ПриватБанк (weights 1…7); 40075815, 36425142 (weights 7,1…6).
    for (const code of ['00032129', '00032106', '14360570', '40075815', '36425142'])
      expect(isValidEdrpou(code), code).toBe(true);
  });

  it('computes the check digit, with the second pass when the first remainder is 10', () => {
    // 0000010 · (1…7) = 1·6 = 6.
    expect(edrpouCheckDigit('00000106')).toBe(6);
    // 1000004 · (1…7) = 1 + 28 = 29; 29 mod 11 = 7.
    expect(edrpouCheckDigit('10000047')).toBe(7);
    // 0000003 · (1…7) = 21, remainder 10; again with weights 3…9: 3·9 = 27, remainder 5.
    expect(edrpouCheckDigit('00000035')).toBe(5);
    expect(isValidEdrpou('00000035')).toBe(true);
    expect(isValidEdrpou('00000030')).toBe(false);
    // 4000000 is in 30 000 000–60 000 000: weights 7,1…6 give 4·7 = 28, remainder 6.
    expect(edrpouCheckDigit('40000006')).toBe(6);
  });

  it('refuses a wrong check digit and other lengths', () => {
    expect(isValidEdrpou('00032128')).toBe(false);
    expect(isValidEdrpou('14360571')).toBe(false);
    expect(isValidEdrpou('0003212')).toBe(false);
    expect(isValidEdrpou('0003212a')).toBe(false);
  });
});

describe('РНОКПП', () => {
  it('checks the 10th digit: weights −1,5,7,9,4,6,10,5,7, mod 11, mod 10', () => {
    // 318471069: −3 + 5 + 56 + 36 + 28 + 6 + 0 + 30 + 63 = 221; 221 mod 11 = 1.
    expect(rnokppCheckDigit('3184710691')).toBe(1);
    expect(isValidRnokpp('3184710691')).toBe(true);
    expect(isValidRnokpp('3184710692')).toBe(false);
    expect(isValidRnokpp('318471069')).toBe(false);
  });

  it('folds a remainder of 10 into 0', () => {
    // 000000003: 3·7 = 21; 21 mod 11 = 10, and 10 mod 10 = 0.
    expect(rnokppCheckDigit('0000000030')).toBe(0);
    expect(isValidRnokpp('0000000030')).toBe(true);
  });
});

describe('companyCodeIssue', () => {
  it('takes an ЄДРПОУ or a РНОКПП and says which check failed', () => {
    expect(companyCodeIssue('00032129')).toBeUndefined();
    expect(companyCodeIssue(' 0003 2129 ')).toBeUndefined();
    expect(companyCodeIssue('0000000030')).toBeUndefined();
    expect(companyCodeIssue('00032128')).toBe(REQUISITE_MESSAGES.edrpouChecksum);
    expect(companyCodeIssue('0000000031')).toBe(REQUISITE_MESSAGES.rnokppChecksum);
    for (const code of ['123', '123456789', 'ABCDEFGH', '12345678901'])
      expect(companyCodeIssue(code), code).toBe(REQUISITE_MESSAGES.code);
  });
});

describe('phone numbers', () => {
  it.each([
    {
      rule: 'accepts 10–15 digits with spaces, brackets, hyphens and a leading +',
      valid: true,
      phones: [
        '0441234567',
        '+380 (44) 123-45-67',
        '+380441234567',
        '380 44 200 10 01',
        '123456789012345',
      ],
    },
    {
      rule: 'refuses letters, other signs, too few or too many digits',
      valid: false,
      phones: [
        'телефон',
        '044-12-34',
        '1234567890123456',
        '+380 44 123 45 67 доб. 2',
        '380+441234567',
        '0441234567#',
        '',
      ],
    },
  ])('$rule', ({ valid, phones }) => {
    for (const phone of phones) expect(isPhoneNumber(phone), phone).toBe(valid);
  });

  it('phoneFieldSchema says which is missing and which is wrong', () => {
    const schema = phoneFieldSchema('Поле «Телефон» обов’язкове.');
    expect(schema.parse(' +380 44 123 45 67 ')).toBe('+380 44 123 45 67');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Поле «Телефон» обов’язкове.');
    expect(schema.safeParse('abc').error?.issues[0]?.message).toBe(REQUISITE_MESSAGES.phone);
  });
});

describe('formatPhone (issue 23)', () => {
  it('writes a Ukrainian mobile number however typed as +380 50 123 45 67', () => {
    for (const typed of [
      '380501234567',
      '+380501234567',
      '0501234567',
      '80501234567',
      '+38 (050) 123-45-67',
      ' +380 50 123 45 67 ',
    ]) {
      expect(formatPhone(typed), typed).toBe('+380 50 123 45 67');
    }
    expect(formatPhone('380671234567')).toBe('+380 67 123 45 67');
  });

  it('keeps a landline’s own grouping and groups bare digits by the area code (issue 33)', () => {
    expect(formatPhone('0352 52-12-34')).toBe('0352 52-12-34');
    expect(formatPhone(' +38 (061)  234-56-78 ')).toBe('+38 (061) 234-56-78');
    expect(formatPhone('03522 5-12-34')).toBe('03522 5-12-34');
    for (const typed of ['0352521234', '380352521234', '+380352521234', '80352521234']) {
      expect(formatPhone(typed), typed).toBe('0352 52-12-34');
    }
    expect(formatPhone('0441234567')).toBe('044 123-45-67');
    expect(formatPhone('+380 44 123 45 67')).toBe('+380 44 123 45 67');
  });

  it('keeps another country’s number and text that is no phone number as written', () => {
    expect(formatPhone('+48  22 123   45 67')).toBe('+48 22 123 45 67');
    expect(formatPhone('  дзвонити секретарю ')).toBe('дзвонити секретарю');
    expect(formatPhone('')).toBe('');
  });

  it('changes nothing the second time', () => {
    for (const typed of ['0441234567', '0352 52-12-34', '0501234567', '+48 22 123 45 67']) {
      const once = formatPhone(typed);
      expect(formatPhone(once), typed).toBe(once);
    }
  });

  it('is what the phone field stores: the spec’s 380501234567 still goes in', () => {
    const schema = phoneFieldSchema('Поле «Телефон» обов’язкове.');
    expect(schema.parse('380501234567')).toBe('+380 50 123 45 67');
    expect(schema.safeParse('12345').success).toBe(false);
  });
});

describe('formatIban (issue 23)', () => {
  it('shows an IBAN in groups of four', () => {
    expect(formatIban('UA213223130000026007233566001')).toBe(
      'UA21 3223 1300 0002 6007 2335 6600 1',
    );
    expect(formatIban('ua21 3223130000026007233566001')).toBe(
      'UA21 3223 1300 0002 6007 2335 6600 1',
    );
  });

  it('leaves an account that is no IBAN as it is', () => {
    expect(formatIban('26007233566001')).toBe('26007233566001');
    expect(formatIban(' UA21 32 ')).toBe('UA21 32');
    expect(formatIban('')).toBe('');
  });
});
