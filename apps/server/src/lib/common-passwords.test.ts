import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('the list of common and breached passwords (issue 34)', () => {
  it('finds listed passwords in any case, and a listed word with digits or symbols added', async () => {
    for (const password of [
      'password',
      'qwertyuiop123',
      '123456789012',
      '1qaz2wsx3edc',
      'QwErTy123456',
      'Sunshine2026!',
      'dragon-123456',
      'medcalc-admin',
      'medcalc-demo',
      'Medcalc-2026!',
    ])
      expect(await isCommonPassword(password), password).toBe(true);
  });

  it('lets uncommon passwords through', async () => {
    for (const password of [
      'secret-pass-1',
      'Коваль-Лікарня-2026',
      'kyiv-hospital-42',
      'correct horse battery staple',
    ])
      expect(await isCommonPassword(password), password).toBe(false);
  });
});
