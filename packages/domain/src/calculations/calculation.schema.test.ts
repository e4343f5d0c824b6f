import { describe, expect, it } from 'vitest';
import { pillLineSchema, stuffLineSchema } from './calculation.schema';

describe('stuffLineSchema', () => {
  it('accepts the 7.7-hour working day and rejects lengths outside the list', () => {
    const line = {
      quality: { id: 1, name: 'Лікар' },
      salary: 20000,
      timeSpend: 30,
      conditionPercent: 10,
    };
    expect(stuffLineSchema.safeParse({ ...line, workingDay: 7.7 }).success).toBe(true);
    expect(stuffLineSchema.safeParse({ ...line, workingDay: 11 }).success).toBe(false);
  });
});

describe('pillLineSchema: spend (issue 23)', () => {
  const line = (spend: unknown) => ({
    id: 1,
    name: 'Антисептик',
    price: 0.18,
    spend,
    measurement_type: 'мл',
  });
  const messages = (spend: unknown) => {
    const parsed = pillLineSchema.safeParse(line(spend));
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('accepts whole units (the spec’s wire) and up to three decimals', () => {
    for (const spend of [0, 5, 20, 2.5, 0.02, 0.125, 1_000_000])
      expect(messages(spend)).toEqual([]);
  });

  it('refuses a fourth decimal, a negative or an oversized spend, in Ukrainian', () => {
    expect(messages(0.0005)).toEqual(['Поле «Витрата»: не більше трьох знаків після коми.']);
    expect(messages(-1)).toEqual(['Поле «Витрата» не може бути від’ємним.']);
    expect(messages(1_000_001)).toEqual(['Поле «Витрата» завелике.']);
  });

  it('keeps minutes whole', () => {
    const stuff = {
      quality: null,
      salary: 1000,
      timeSpend: 2.5,
      conditionPercent: 0,
      workingDay: 8,
    };
    const parsed = stuffLineSchema.safeParse(stuff);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Поле «Час виконання, хв» має бути цілим числом.',
    );
  });
});

describe('pillLineSchema: price (issue 33)', () => {
  const messages = (price: unknown) => {
    const parsed = pillLineSchema.safeParse({
      id: 1,
      name: 'Реагент',
      price,
      spend: 3,
      measurement_type: 'мл',
    });
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('accepts a price per unit with up to four decimals', () => {
    for (const price of [0, 0.34, 2.375, 0.0125, 999_999_999.9999])
      expect(messages(price)).toEqual([]);
  });

  it('refuses a fifth decimal in Ukrainian', () => {
    expect(messages(2.37501)).toEqual(['Поле «Ціна»: не більше чотирьох знаків після коми.']);
  });
});
