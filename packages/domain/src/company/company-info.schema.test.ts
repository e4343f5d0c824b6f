import { describe, expect, it } from 'vitest';
import { issuesOf } from '../common/schema-issues';
import { REQUISITE_MESSAGES } from '../common/requisites';
import {
  MAX_INFO_AMOUNT,
  companyInfoEditSchema,
  companyInfoSchema,
  companyInfoUpdateSchema,
  companyRequisiteIssues,
  emptyCompanyInfo,
} from './company-info.schema';

describe('companyInfoSchema: numbers', () => {
  it('reads numbers and their text: spaces, no-break spaces, a decimal comma or point', () => {
    const info = companyInfoSchema.parse({
      food_expenses: '1 000,50',
      other_areas: '12\u00a0345.6',
      medical_staff_salary_fund: 250000,
      unified_social_security_contribution_rate: '22',
      total_number_of_beds: '40',
    });
    expect(info.food_expenses).toBe(1000.5);
    expect(info.other_areas).toBe(12345.6);
    expect(info.medical_staff_salary_fund).toBe(250000);
    expect(info.unified_social_security_contribution_rate).toBe(22);
    expect(info.total_number_of_beds).toBe(40);
  });

  it('reads empty, blank and null inputs as "not filled in"', () => {
    for (const blank of ['', ' ', '\u00a0', null, undefined]) {
      expect(
        companyInfoSchema.parse({ food_expenses: blank }).food_expenses,
        String(blank),
      ).toBeNull();
    }
  });

  it('refuses hex, exponents and Infinity under the field name', () => {
    for (const text of ['0x1F', '1e5', 'Infinity', 'abc']) {
      expect(issuesOf(companyInfoSchema.safeParse({ food_expenses: text })), text).toEqual([
        ['food_expenses', 'Введіть число.'],
      ]);
    }
  });

  it('limits money and areas to 1e12 with two decimals, never negative', () => {
    expect(companyInfoSchema.parse({ other_areas: MAX_INFO_AMOUNT }).other_areas).toBe(
      MAX_INFO_AMOUNT,
    );
    expect(issuesOf(companyInfoSchema.safeParse({ food_expenses: 1e308 }))).toEqual([
      ['food_expenses', 'Значення завелике.'],
    ]);
    expect(issuesOf(companyInfoSchema.safeParse({ other_areas: '10,555' }))).toEqual([
      ['other_areas', 'Не більше двох знаків після коми.'],
    ]);
    expect(issuesOf(companyInfoSchema.safeParse({ actual_amount_for_leave_payment: -1 }))).toEqual([
      ['actual_amount_for_leave_payment', 'Значення не може бути від’ємним.'],
    ]);
  });

  it('keeps the ЄСВ rate and the overhead percent within 0–100', () => {
    expect(companyInfoSchema.parse({ overhead_percent: '100' }).overhead_percent).toBe(100);
    expect(
      issuesOf(companyInfoSchema.safeParse({ unified_social_security_contribution_rate: 100.01 })),
    ).toEqual([['unified_social_security_contribution_rate', 'Відсоток має бути від 0 до 100.']]);
    expect(issuesOf(companyInfoSchema.safeParse({ overhead_percent: 250 }))).toEqual([
      ['overhead_percent', 'Відсоток має бути від 0 до 100.'],
    ]);
  });

  it('takes only a whole number of beds', () => {
    expect(issuesOf(companyInfoSchema.safeParse({ total_number_of_beds: '12,5' }))).toEqual([
      ['total_number_of_beds', 'Вкажіть ціле число.'],
    ]);
  });

  it('reads the financing form strictly', () => {
    expect(companyInfoSchema.parse({ form: '2' }).form).toBe(2);
    expect(companyInfoSchema.parse({ form: '' }).form).toBeNull();
    for (const bad of ['0x1', 9, '1e0', 1.5]) {
      expect(issuesOf(companyInfoSchema.safeParse({ form: bad })), String(bad)).toEqual([
        ['form', 'Оберіть форму фінансування.'],
      ]);
    }
  });
});

describe('companyInfoUpdateSchema', () => {
  it('leaves out the keys that were not sent, so the stored values stay', () => {
    expect(companyInfoUpdateSchema.parse({ name: '  Клініка ' })).toEqual({ name: 'Клініка' });
    expect(companyInfoUpdateSchema.parse({})).toEqual({});
  });

  it('turns an explicit null or empty text into the cleared value of each field', () => {
    expect(
      companyInfoUpdateSchema.parse({
        name: null,
        code: '',
        form: '',
        food_expenses: null,
        total_number_of_beds: ' ',
        overhead_method: null,
        overhead_percent: '',
        overhead_base: null,
      }),
    ).toEqual({
      name: '',
      code: '',
      form: null,
      food_expenses: null,
      total_number_of_beds: null,
      overhead_method: emptyCompanyInfo().overhead_method,
      overhead_percent: null,
      overhead_base: emptyCompanyInfo().overhead_base,
    });
  });

  it('checks the values it is sent exactly as the full schema does', () => {
    expect(
      issuesOf(
        companyInfoUpdateSchema.safeParse({ food_expenses: '0x1F', form: 9, address: 'a\u0000' }),
      ),
    ).toEqual([
      ['form', 'Оберіть форму фінансування.'],
      ['address', 'Текст містить недопустимі символи.'],
      ['food_expenses', 'Введіть число.'],
    ]);
  });
});

describe('companyRequisiteIssues (issue 13)', () => {
  const valid = {
    code: '00032129',
    payment_code: 'UA213223130000026007233566001',
    ceo_phone: '+380 (44) 123-45-67',
    counter_phone: '0441234567',
  };

  it('accepts valid requisites and empty fields', () => {
    expect(companyRequisiteIssues(valid)).toEqual({});
    expect(
      companyRequisiteIssues({ code: '', payment_code: '', ceo_phone: '', counter_phone: '' }),
    ).toEqual({});
  });

  it('says what is wrong with each changed field', () => {
    expect(
      companyRequisiteIssues({
        code: '00032128',
        payment_code: '26007233566001',
        ceo_phone: 'немає',
        counter_phone: '12-34',
      }),
    ).toEqual({
      code: REQUISITE_MESSAGES.edrpouChecksum,
      payment_code: REQUISITE_MESSAGES.iban,
      ceo_phone: REQUISITE_MESSAGES.phone,
      counter_phone: REQUISITE_MESSAGES.phone,
    });
  });

  it('keeps a stored legacy value as it is, but refuses a newly typed one', () => {
    const stored = { ...valid, code: '12345670', payment_code: '26007233566001' };
    expect(companyRequisiteIssues(stored, stored)).toEqual({});
    expect(companyRequisiteIssues({ ...stored, payment_code: '26007233566002' }, stored)).toEqual({
      payment_code: REQUISITE_MESSAGES.iban,
    });
  });

  it('the schema stores the account without spaces, upper-cased, and the code without spaces', () => {
    const info = companyInfoSchema.parse({
      payment_code: ' ua21 3223 1300 0002 6007 2335 6600 1 ',
      code: '0003 2129',
    });
    expect(info.payment_code).toBe('UA213223130000026007233566001');
    expect(info.code).toBe('00032129');
  });

  it('stores a landline by its area code, keeps typed grouping and a legacy value that is no phone (issues 23, 33)', () => {
    const info = companyInfoSchema.parse({ ceo_phone: '380441234567', counter_phone: 'секретар' });
    expect(info.ceo_phone).toBe('044 123-45-67');
    expect(info.counter_phone).toBe('секретар');
    const update = companyInfoUpdateSchema.parse({
      ceo_phone: '(044) 123-45-67',
      counter_phone: null,
    });
    expect(update.ceo_phone).toBe('(044) 123-45-67');
    expect(update.counter_phone).toBe('');
  });

  it.each([
    ['payment_code', 'ua21 3223', 'UA213223'],
    ['ceo_phone', '0501234567', '+380 50 123 45 67'],
  ] as const)(
    'the update schema stores a sent %s as the full one does («%s» → «%s») and leaves an unsent one out',
    (field, typed, stored) => {
      expect(companyInfoUpdateSchema.parse({ [field]: typed })[field]).toBe(stored);
      expect(companyInfoUpdateSchema.parse({})[field]).toBeUndefined();
    },
  );

  it('companyInfoEditSchema reports the issues under their fields', () => {
    const stored = { ...emptyCompanyInfo(), payment_code: '26007233566001' };
    expect(companyInfoEditSchema(stored).safeParse(stored).success).toBe(true);
    const result = companyInfoEditSchema(stored).safeParse({ ...stored, code: '123' });
    expect(issuesOf(result)).toEqual([['code', REQUISITE_MESSAGES.code]]);
  });
});

describe('companyInfoEditSchema with other errors', () => {
  it('reports a requisite together with a bad number, not after it is fixed', () => {
    const result = companyInfoEditSchema(emptyCompanyInfo()).safeParse({
      ...emptyCompanyInfo(),
      food_expenses: 'багато',
      code: '123',
    });
    expect(issuesOf(result)).toEqual([
      ['food_expenses', 'Введіть число.'],
      ['code', REQUISITE_MESSAGES.code],
    ]);
  });
});
