import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('exceedsJsonDepth', () => {
  it('accepts scalars and nesting up to the limit', () => {
    expect(exceedsJsonDepth('text')).toBe(false);
    expect(exceedsJsonDepth(null)).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
  });

  it('refuses one level more, and very deep values without overflowing the stack', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth({ ok: 1, deep: nested(100_000) })).toBe(true);
  });
});
