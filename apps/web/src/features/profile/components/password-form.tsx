import {
  PASSWORD_MIN_LENGTH,
  changePasswordInputSchema,
  type ChangePasswordInput,
} from '@medcalc/domain';
import { Button, Typography } from 'antd';
import type { z } from 'zod';

import { Form, TextFields, type TextFieldSpec } from '@/components/ui/form';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useChangePassword } from '../api/change-password';

type PasswordFormValues = z.input<typeof changePasswordInputSchema>;

const EMPTY: PasswordFormValues = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

const NEW_PASSWORD = { isPassword: true, autoComplete: 'new-password' } as const;

const FIELDS = [
  {
    name: 'current_password',
    id: 'profile-current-password',
    label: 'Поточний пароль',
    isPassword: true,
    autoComplete: 'current-password',
  },
  { ...NEW_PASSWORD, name: 'password', id: 'profile-new-password', label: 'Новий пароль' },
  {
    ...NEW_PASSWORD,
    name: 'password_confirmation',
    id: 'profile-new-password-confirmation',
    label: 'Повторіть новий пароль',
  },
] as const satisfies readonly TextFieldSpec<keyof PasswordFormValues>[];

const SERVER_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * «Змінити пароль» (issue 33): the current password, then the new one twice, by the registration's rules
 * (`changePasswordInputSchema`, the domain's `passwordSchema`). The server's messages come under the fields (a
 * wrong current password under its own); a throttled attempt (429) is the API client's toast. On success the form
 * empties and the server's message says the other sessions ended; `onChanged` then runs (issue 34's page).
 */
export function PasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useSchemaForm(
    changePasswordInputSchema,
    EMPTY,
  );

  const onValid = (input: ChangePasswordInput) =>
    change.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        onChanged?.();
      },
      onError: (error) => applyServerErrors(error, setError, SERVER_FIELDS),
    });

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Зміна пароля">
      <Typography.Paragraph type="secondary">
        Новий пароль — щонайменше {PASSWORD_MIN_LENGTH} символів; надто поширені паролі та паролі з
        витоків даних не приймаються. Після зміни ви залишитеся в системі на цьому пристрої, а на
        інших пристроях доведеться увійти знову.
      </Typography.Paragraph>
      <TextFields control={control} fields={FIELDS} />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        Змінити пароль
      </Button>
    </Form>
  );
}
