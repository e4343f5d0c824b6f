import { registerInputSchema, type CurrentUser, type RegisterInput } from '@medcalc/domain';
import { Alert, Button, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';

import { Form, nameCount, phoneField, TextFields, type TextFieldSpec } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { ApiRequestError } from '@/lib/api-client';
import { useRegister } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';

import { emailField, newPasswordFields } from './auth-fields';

type RegistrationFormValues = z.input<typeof registerInputSchema>;

const SERVER_FIELDS = [
  'name',
  'email',
  'company',
  'phone',
  'password',
  'password_confirmation',
] as const;

const FIELDS = [
  {
    name: 'name',
    id: 'registration-name',
    label: 'Ім’я',
    autoComplete: 'name',
    count: nameCount(),
  },
  emailField('registration-email'),
  {
    name: 'company',
    id: 'registration-company',
    label: 'Назва закладу',
    autoComplete: 'organization',
    count: nameCount(),
  },
  phoneField('registration-phone'),
  ...newPasswordFields('registration', { password: 'Пароль', confirmation: 'Повторіть пароль' }),
] as const satisfies readonly TextFieldSpec<keyof RegistrationFormValues>[];

/** Spec §8 "Registration failure": without field errors a general sentence is shown. */
const GENERIC_FAILURE = 'Щось пішло не так. Спробуйте ще раз.';

/** Spec §2 "Registration"; after success the server has signed the new user in. */
export function RegistrationForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const registration = useRegister();
  // The remember-me box is part of the screen (spec §2) but not of the register call (spec §7).
  const [isRemembered, setIsRemembered] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useSchemaForm(registerInputSchema, {
    name: '',
    email: '',
    company: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });

  const onValid = (values: RegisterInput) => {
    setFailure(undefined);
    registration.mutate(values, {
      onSuccess: ({ user }) => onSuccess(user),
      onError: (error) => {
        const isFieldError = error instanceof ApiRequestError && error.status === 422;
        if (isFieldError) applyServerErrors(error, setError, SERVER_FIELDS);
        else setFailure(GENERIC_FAILURE);
      },
    });
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Реєстрація">
      {failure ? (
        <Alert type="error" title={failure} showIcon style={{ marginBottom: 16 }} />
      ) : null}
      <TextFields control={control} fields={FIELDS} />
      <Checkbox
        checked={isRemembered}
        onChange={(event) => setIsRemembered(event.target.checked)}
        style={{ marginBottom: 24 }}
      >
        Запам’ятати мене
      </Checkbox>
      <Button type="primary" htmlType="submit" size="large" block loading={registration.isPending}>
        Зареєструватися
      </Button>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Вже маєте обліковий запис? <Link to={paths.login}>Увійти</Link>
      </Typography.Paragraph>
    </Form>
  );
}
