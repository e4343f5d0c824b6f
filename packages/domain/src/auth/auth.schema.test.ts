import { describe, expect, it } from 'vitest';
import { issuesOf } from '../common/schema-issues';

import { REQUISITE_MESSAGES } from '../common/requisites';
import {
  PASSWORD_MISMATCH_MESSAGE,
  registerInputSchema,
  resetPasswordInputSchema,
} from './auth.schema';

const registration = {
  name: 'Олена',
  company: 'КНП «Лікарня»',
  phone: '+380 (44) 123-45-67',
  email: 'olena@example.com',
  password: 'secret-password',
};

describe('password confirmation (issue 13)', () => {
  it('reads the spec key and the camelCase key, and answers with the spec key', () => {
    for (const key of ['password_confirmation', 'passwordConfirmation']) {
      const parsed = registerInputSchema.parse({ ...registration, [key]: 'secret-password' });
      expect(parsed.password_confirmation).toBe('secret-password');
      expect(parsed).not.toHaveProperty('passwordConfirmation');
    }
  });

  it('puts a mismatch under password_confirmation, whichever key was sent', () => {
    for (const key of ['password_confirmation', 'passwordConfirmation']) {
      expect(
        issuesOf(registerInputSchema.safeParse({ ...registration, [key]: 'other-one' })),
      ).toEqual([['password_confirmation', PASSWORD_MISMATCH_MESSAGE]]);
      expect(
        issuesOf(
          resetPasswordInputSchema.safeParse({
            token: 't',
            email: 'a@b.ua',
            password: 'secret-password',
            [key]: 'other-one',
          }),
        ),
      ).toEqual([['password_confirmation', PASSWORD_MISMATCH_MESSAGE]]);
    }
  });

  it('asks for a missing confirmation under its own key', () => {
    expect(issuesOf(registerInputSchema.safeParse(registration))).toEqual([
      ['password_confirmation', 'Поле «Повтор пароля» обов’язкове.'],
    ]);
  });
});

describe('registration phone', () => {
  it('takes a phone number as people write it, stores it as +380 44 123 45 67, and refuses letters', () => {
    const base = { ...registration, password_confirmation: 'secret-password' };
    expect(registerInputSchema.parse(base).phone).toBe('+380 44 123 45 67');
    // The spec's wire form still goes in (issue 23).
    expect(registerInputSchema.parse({ ...base, phone: '380501234567' }).phone).toBe(
      '+380 50 123 45 67',
    );
    expect(issuesOf(registerInputSchema.safeParse({ ...base, phone: '12345' }))).toEqual([
      ['phone', REQUISITE_MESSAGES.phone],
    ]);
  });
});
