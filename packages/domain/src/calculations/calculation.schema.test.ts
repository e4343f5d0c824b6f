import { describe, expect, it } from 'vitest';
import { stuffLineSchema } from './calculation.schema';

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
