import { describe, expect, it } from 'vitest';
import { issuesOf } from '../common/schema-issues';
import { CONTROL_CHARACTER_MESSAGE } from '../common/fields';
import { pillInputSchema } from './pill.schema';

describe('pillInputSchema', () => {
  it('trims the unit name and reads the price strictly', () => {
    expect(
      pillInputSchema.parse({ name: ' Гель ', measurementType: ' мл ', price: '1 000,5' }),
    ).toEqual({
      name: 'Гель',
      measurementType: 'мл',
      price: 1000.5,
    });
    expect(
      pillInputSchema.safeParse({ name: 'Гель', measurementType: 'мл', price: '0x1F' }).success,
    ).toBe(false);
  });

  it('refuses a NUL character in the unit name with a message under measurementType', () => {
    const result = pillInputSchema.safeParse({
      name: 'Гель',
      measurementType: 'м\u0000л',
      price: 1,
    });
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual([['measurementType', CONTROL_CHARACTER_MESSAGE]]);
  });

  it('takes a price with up to four decimals (issue 33: 2,375 грн/мл) and refuses a fifth', () => {
    expect(
      pillInputSchema.parse({ name: 'Реагент', measurementType: 'мл', price: '2,375' }).price,
    ).toBe(2.375);
    const result = pillInputSchema.safeParse({
      name: 'Реагент',
      measurementType: 'мл',
      price: 2.37501,
    });
    expect(issuesOf(result)).toEqual([
      ['price', 'Поле «Ціна»: не більше чотирьох знаків після коми.'],
    ]);
  });
});
