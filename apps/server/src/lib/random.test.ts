import { describe, expect, it } from 'vitest';

import { isTokenShaped, newToken } from './random';

describe('isTokenShaped', () => {
  it('takes a token for one by its shape, and nothing longer, shorter or of other characters', () => {
    expect(isTokenShaped(newToken())).toBe(true);
    expect(isTokenShaped(`${newToken()}a`)).toBe(false);
    expect(isTokenShaped(newToken().slice(1))).toBe(false);
    expect(isTokenShaped(`${newToken().slice(1)}.`)).toBe(false);
    expect(isTokenShaped('')).toBe(false);
  });
});
