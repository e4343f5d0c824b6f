import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('the list of common and breached passwords (issue 34)', () => {
  // Listed passwords in any case, and a listed word with digits or symbols added, are found; uncommon ones pass.
  it.each([
    ['password', true],
    ['qwertyuiop123', true],
    ['123456789012', true],
    ['1qaz2wsx3edc', true],
    ['QwErTy123456', true],
    ['Sunshine2026!', true],
    ['dragon-123456', true],
    ['medcalc-admin', true],
    ['medcalc-demo', true],
    ['Medcalc-2026!', true],
    ['secret-pass-1', false],
    ['Коваль-Лікарня-2026', false],
    ['kyiv-hospital-42', false],
    ['correct horse battery staple', false],
  ])('counts «%s» as common: %s', async (password, common) => {
    expect(await isCommonPassword(password)).toBe(common);
  });
});
