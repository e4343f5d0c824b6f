import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { savedResponseSchema } from './saved-response.schema';

describe('savedResponseSchema', () => {
  const schema = savedResponseSchema(z.object({ id: z.number(), name: z.string() }));

  it('accepts the toast message and the saved row', () => {
    const answer = { message: 'Одиницю виміру додано.', data: { id: 1, name: 'шт' } };
    expect(schema.parse(answer)).toEqual(answer);
  });

  it('refuses an answer without a message or with a wrong row', () => {
    expect(schema.safeParse({ data: { id: 1, name: 'шт' } }).success).toBe(false);
    expect(schema.safeParse({ message: 'x', data: { id: '1', name: 'шт' } }).success).toBe(false);
  });
});
