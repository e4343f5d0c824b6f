import { describe, expect, it } from 'vitest';
import {
  MAX_AMOUNT,
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
    expect(requiredMessage('Назва')).toBe("Поле «Назва» обов'язкове.");
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
    expect(messagesOf(schema.safeParse(-0.01))[0]).toMatch(/відʼємним/);
    expect(messagesOf(schema.safeParse(MAX_AMOUNT + 1))[0]).toMatch(/завелике/);
    for (const value of ['abc', '', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(messagesOf(result)[0]).toMatch(/Ціна/);
    }
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
