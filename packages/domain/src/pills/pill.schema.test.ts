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
});
