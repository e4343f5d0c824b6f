import { describe, expect, it } from 'vitest';
import {
  equipmentLineSchema,
  newEquipmentLine,
  newStuffLine,
  pillLineSchema,
  staffTimeWarning,
  stuffLineSchema,
} from './calculation.schema';
import { STAFF_LINE_FORMULA, staffLineFormula } from './cost-terms';
import { WORKED_EXAMPLE_EQUIPMENT_LINES } from './worked-example';

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

describe('a new staff line and its minutes (issue 33)', () => {
  it('starts at a 7,7-hour working day, which the schema accepts', () => {
    expect(newStuffLine().workingDay).toBe(7.7);
    expect(stuffLineSchema.safeParse(newStuffLine()).success).toBe(true);
  });

  it.each([
    [0, 7.7, 'Час виконання 0 хв: рядок нічого не коштує. Перевірте хвилини.'],
    [463, 7.7, 'Час виконання більший за робочий день (462 хв). Перевірте хвилини.'],
    [481, 8, 'Час виконання більший за робочий день (480 хв). Перевірте хвилини.'],
  ])('warns about %s min on a %s-hour day', (timeSpend, workingDay, warning) => {
    expect(staffTimeWarning({ timeSpend, workingDay })).toBe(warning);
  });

  it.each([
    [1, 7.7],
    [462, 7.7],
    [720, 12],
  ])('says nothing about %s min on a %s-hour day', (timeSpend, workingDay) => {
    expect(staffTimeWarning({ timeSpend, workingDay })).toBeUndefined();
  });
});

describe('staffLineFormula (issue 33)', () => {
  it('fills in the formula the калькуляція prints, with the conditions and bonus factors applied', () => {
    expect(STAFF_LINE_FORMULA).toBe(
      'оклад × (1 + умови праці/100) × (1 + b/100) / D / (год × 60) × хв',
    );
    expect(
      staffLineFormula({ salary: 24000, conditionPercent: 10, workingDay: 7.7, timeSpend: 15 }, 20),
    ).toBe('24\u00a0000,00 грн × (1 + 10 %) × (1 + 20 %) / 21 дн. / (7,7 год × 60) × 15 хв');
    expect(
      staffLineFormula({ salary: null, conditionPercent: 0, workingDay: 8, timeSpend: 5 }, 0),
    ).toBe('оклад не вказано');
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

describe('newEquipmentLine (issue 38)', () => {
  it('takes the register row’s id, name, V, S, N and T, starts at 0 minutes, and is a valid line', () => {
    const [scanner] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    const row = {
      ...scanner,
      minutes: undefined,
      inventoryNumber: 'ІН-0001',
      companyIdentifier: 'c',
    };
    const line = newEquipmentLine(row);
    expect(line).toEqual({ ...scanner, minutes: 0 });
    expect(Object.keys(line).sort()).toEqual(Object.keys(scanner).sort());
    expect(equipmentLineSchema.safeParse(line).success).toBe(true);
  });
});
