import type { TextFieldSpec } from '@/components/ui/form';

/*
 * The fields the sign-in screens share (spec §2), as `TextFields` entries: the same label and browser hints
 * everywhere; `id` keeps the ids of two screens apart.
 */

export const emailField = (id: string) =>
  ({
    name: 'email',
    id,
    label: 'Електронна пошта',
    type: 'email',
    autoComplete: 'email',
  }) as const satisfies TextFieldSpec<'email'>;

const NEW_PASSWORD = { isPassword: true, autoComplete: 'new-password' } as const;

/** A new password and its repetition: `${idPrefix}-password` and `${idPrefix}-password-confirmation`. */
export const newPasswordFields = (
  idPrefix: string,
  labels: { password: string; confirmation: string },
) =>
  [
    { ...NEW_PASSWORD, name: 'password', id: `${idPrefix}-password`, label: labels.password },
    {
      ...NEW_PASSWORD,
      name: 'password_confirmation',
      id: `${idPrefix}-password-confirmation`,
      label: labels.confirmation,
    },
  ] as const;
