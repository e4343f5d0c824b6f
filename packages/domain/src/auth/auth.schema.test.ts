import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../common/fields';
import { issuesOf } from '../common/schema-issues';

import { REQUISITE_MESSAGES } from '../common/requisites';
import { profileInputSchema } from '../users/profile.schema';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_UNCHANGED_MESSAGE,
  changePasswordInputSchema,
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
  it('takes a phone number as people write it, a landline with its own grouping, and refuses letters', () => {
    const base = { ...registration, password_confirmation: 'secret-password' };
    // A Kyiv landline keeps the grouping it was typed with (issue 33).
    expect(registerInputSchema.parse(base).phone).toBe('+380 (44) 123-45-67');
    // The spec's wire form still goes in (issue 23).
    expect(registerInputSchema.parse({ ...base, phone: '380501234567' }).phone).toBe(
      '+380 50 123 45 67',
    );
    expect(issuesOf(registerInputSchema.safeParse({ ...base, phone: '12345' }))).toEqual([
      ['phone', REQUISITE_MESSAGES.phone],
    ]);
  });
});

describe('changing the password on the profile page (issue 33)', () => {
  const change = {
    current_password: 'old',
    password: 'new-secret-1',
    password_confirmation: 'new-secret-1',
  };

  it('takes a short current password (an older one) and the new one by the registration rules', () => {
    expect(changePasswordInputSchema.parse(change)).toEqual(change);
    expect(
      changePasswordInputSchema.parse({
        current_password: 'old',
        password: 'new-secret-1',
        passwordConfirmation: 'new-secret-1',
      }),
    ).toEqual(change);
  });

  it('puts each error under the field that shows it', () => {
    expect(
      issuesOf(changePasswordInputSchema.safeParse({ ...change, current_password: '' })),
    ).toEqual([['current_password', 'Поле «Поточний пароль» обов’язкове.']]);
    expect(
      issuesOf(
        changePasswordInputSchema.safeParse({
          ...change,
          password: 'short',
          password_confirmation: 'short',
        }),
      ),
    ).toEqual([['password', `Пароль має містити щонайменше ${PASSWORD_MIN_LENGTH} символів.`]]);
    expect(
      issuesOf(
        changePasswordInputSchema.safeParse({ ...change, password_confirmation: 'other-one' }),
      ),
    ).toEqual([['password_confirmation', PASSWORD_MISMATCH_MESSAGE]]);
    expect(
      issuesOf(
        changePasswordInputSchema.safeParse({
          current_password: 'same-secret-1',
          password: 'same-secret-1',
          password_confirmation: 'same-secret-1',
        }),
      ),
    ).toEqual([['password', PASSWORD_UNCHANGED_MESSAGE]]);
  });
});

describe('the profile (issue 33)', () => {
  it('trims the name, formats the phone and lets a blank phone clear it', () => {
    expect(profileInputSchema.parse({ name: '  Олена ', phone: '0671112233' })).toEqual({
      name: 'Олена',
      phone: '+380 67 111 22 33',
    });
    expect(profileInputSchema.parse({ name: 'Олена', phone: '  ' })).toEqual({
      name: 'Олена',
      phone: '',
    });
  });

  it('refuses an empty name and a phone that is no number', () => {
    expect(issuesOf(profileInputSchema.safeParse({ name: ' ', phone: '12' }))).toEqual([
      ['name', 'Поле «Ім’я» обов’язкове.'],
      ['phone', REQUISITE_MESSAGES.phone],
    ]);
  });
});

describe('registration names (issue 33)', () => {
  it('refuses a name or an institution over the names’ limit with a message, never cuts it', () => {
    const base = { ...registration, password_confirmation: 'secret-password' };
    const long = 'я'.repeat(MAX_NAME_LENGTH + 1);
    expect(issuesOf(registerInputSchema.safeParse({ ...base, name: long, company: long }))).toEqual(
      [
        ['name', `Поле «Ім’я» задовге (до ${MAX_NAME_LENGTH} символів).`],
        ['company', `Поле «Назва закладу» задовге (до ${MAX_NAME_LENGTH} символів).`],
      ],
    );
    expect(
      registerInputSchema.parse({ ...base, company: 'я'.repeat(MAX_NAME_LENGTH) }).company,
    ).toHaveLength(MAX_NAME_LENGTH);
  });
});
