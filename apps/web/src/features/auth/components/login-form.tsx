import { loginInputSchema, type CurrentUser, type LoginInput } from '@medcalc/domain';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';

import { Form, TextFields } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useLogin } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';

import { emailField } from './auth-fields';

/**
 * Spec §2 "Login". The spec's social buttons, which did nothing, are left out (issue 33: no control that does
 * nothing). A 422 puts the server's first message under email and password (spec §5); any other
 * failure (429 and the rest) is reported by the API client's error toast (spec §8).
 */
export function LoginForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const login = useLogin();
  const { control, handleSubmit, setError } = useSchemaForm(loginInputSchema, {
    email: '',
    password: '',
    remember: false,
  });

  const onValid = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: ({ user }) => onSuccess(user),
      onError: (error) => applyServerErrors(error, setError, ['email', 'password']),
    });

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Вхід">
      <TextFields
        control={control}
        fields={[
          emailField('login-email'),
          {
            name: 'password',
            id: 'login-password',
            label: 'Пароль',
            isPassword: true,
            autoComplete: 'current-password',
          },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 24 }}>
        <Controller
          control={control}
          name="remember"
          render={({ field }) => (
            <Checkbox
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
            >
              Запам’ятати мене
            </Checkbox>
          )}
        />
        <Link to={paths.forgotPassword}>Забули пароль?</Link>
      </Flex>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        Увійти
      </Button>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Немає облікового запису? <Link to={paths.registration}>Зареєструватися</Link>
      </Typography.Paragraph>
    </Form>
  );
}
