import { describe, expect, it } from 'vitest';

import {
  MAX_MEASUREMENT_NAME_LENGTH,
  measurementInputSchema,
  measurementSchema,
} from './measurement.schema';

describe('measurementInputSchema', () => {
  it('takes a unit name of up to 30 characters, trimmed', () => {
    const name = 'у'.repeat(MAX_MEASUREMENT_NAME_LENGTH);
    expect(measurementInputSchema.parse({ name: `  ${name} ` })).toEqual({ name });
  });

  it('refuses a longer one with a Ukrainian message that says the limit', () => {
    const result = measurementInputSchema.safeParse({ name: 'у'.repeat(31) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Назва одиниці виміру задовга: до 30 символів (наприклад, «мл», «упаковка»).',
    ]);
  });

  it('still reads a longer name stored before the limit', () => {
    const stored = {
      id: 1,
      name: 'д'.repeat(255),
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
    };
    expect(measurementSchema.parse(stored).name).toHaveLength(255);
  });
});
