import { describe, expect, it } from 'vitest';
import {
  MAX_AMOUNT,
  MAX_ROW_ID,
  idFieldSchema,
  publicIdentifierSchema,
  amountFieldSchema,
  nameFieldSchema,
  requiredMessage,
  timestampsSchema,
} from './fields';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('nameFieldSchema', () => {
  const schema = nameFieldSchema('Назва');

  it('trims the name', () => {
    expect(schema.parse('  Гель для УЗД  ')).toBe('Гель для УЗД');
  });

  it('requires a name with a Ukrainian message', () => {
    for (const value of ['', '   ', undefined, null, 5]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(messagesOf(result)).toEqual([requiredMessage('Назва')]);
    }
    expect(requiredMessage('Назва')).toBe('Поле «Назва» обов’язкове.');
  });

  it('accepts 255 characters and refuses 256', () => {
    expect(schema.parse('я'.repeat(255))).toHaveLength(255);
    const result = schema.safeParse('я'.repeat(256));
    expect(result.success).toBe(false);
    expect(messagesOf(result)[0]).toMatch(/задовге/);
  });

  it('names the field in its messages', () => {
    expect(messagesOf(nameFieldSchema('Кваліфікація').safeParse(''))).toEqual([
      requiredMessage('Кваліфікація'),
    ]);
  });
});

describe('amountFieldSchema', () => {
  const schema = amountFieldSchema('Ціна');

  it('accepts non-negative numbers with at most two decimals', () => {
    for (const value of [0, 1, 7.5, 0.01, 0.1, 0.3, 12345.67, MAX_AMOUNT])
      expect(schema.parse(value)).toBe(value);
  });

  it("reads the client's text: spaces, a decimal comma or point", () => {
    expect(schema.parse('7,50')).toBe(7.5);
    expect(schema.parse(' 26 000,5 ')).toBe(26000.5);
    expect(schema.parse('0.35')).toBe(0.35);
  });

  it('refuses more than two decimals, negatives, huge amounts and non-numbers, in Ukrainian', () => {
    expect(messagesOf(schema.safeParse(0.345))[0]).toMatch(/двох знаків/);
    expect(messagesOf(schema.safeParse('1,005'))[0]).toMatch(/двох знаків/);
    expect(messagesOf(schema.safeParse(-0.01))[0]).toMatch(/від’ємним/);
    expect(messagesOf(schema.safeParse(MAX_AMOUNT + 1))[0]).toMatch(/завелике/);
    for (const value of ['abc', '', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(messagesOf(result)[0]).toMatch(/Ціна/);
    }
  });

  it('reads text strictly: no hex, exponent or Infinity, and blank text is missing, not 0', () => {
    for (const text of ['0x1F', '1e5', 'Infinity', '1,2,3']) {
      expect(messagesOf(schema.safeParse(text)), text).toEqual(['Поле «Ціна»: введіть число.']);
    }
    for (const blank of ['', ' ', '\u00a0']) {
      expect(messagesOf(schema.safeParse(blank))).toEqual([requiredMessage('Ціна')]);
    }
    expect(schema.parse('1\u00a0000,50')).toBe(1000.5);
  });

  it('refuses a huge number sent as a JSON number', () => {
    expect(messagesOf(schema.safeParse(1e308))).toEqual(['Поле «Ціна» завелике.']);
    expect(messagesOf(schema.safeParse(1e5))).toEqual([]);
  });
});

describe('timestampsSchema', () => {
  it('spells created_at and updated_at as the spec does', () => {
    const value = {
      created_at: '2026-11-22T10:15:00.000Z',
      updated_at: '2026-11-22T10:15:00.000Z',
    };
    expect(timestampsSchema.parse(value)).toEqual(value);
    expect(timestampsSchema.safeParse({ createdAt: value.created_at }).success).toBe(false);
  });
});

describe('idFieldSchema', () => {
  const id = idFieldSchema('Категорія');
  it('takes whole numbers and digit strings within PostgreSQL integer', () => {
    expect(id.parse(7)).toBe(7);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
  });
  it('refuses zero, fractions, out-of-range numbers and non-numbers instead of coercing them', () => {
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_ROW_ID + 1,
      '99999999999',
      true,
      [2],
      '1e3',
      '',
      null,
      undefined,
    ]) {
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('publicIdentifierSchema and NUL characters', () => {
  it('accepts identifiers the server generates and refuses anything else', () => {
    const identifier = publicIdentifierSchema();
    expect(identifier.parse('abc234xyz')).toBe('abc234xyz');
    for (const bad of ['', 'no-such', 'a\u0000b', 'ABC', 'a'.repeat(65)]) {
      expect(identifier.safeParse(bad).success, bad).toBe(false);
    }
  });
  it('refuses a NUL character in a name', () => {
    expect(nameFieldSchema().safeParse('a\u0000b').success).toBe(false);
    expect(nameFieldSchema().parse('  Гель  ')).toBe('Гель');
  });
});
