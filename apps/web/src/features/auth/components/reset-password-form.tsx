import { resetPasswordInputSchema, type ResetPasswordInput } from '@medcalc/domain';
import { Alert, Button, Flex, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';

import { Form, TextFields } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useResetPassword } from '../api/reset-password';

import { newPasswordFields } from './auth-fields';

const PASSWORD_FIELDS = newPasswordFields('reset', {
  password: 'Новий пароль',
  confirmation: 'Підтвердіть пароль',
});

/**
 * Spec §2 "Reset password": the token comes from the route, the email from the query string. They are not
 * editable here, so their errors (an expired link, an unknown email) are shown above the fields.
 */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const reset = useResetPassword();
  const [linkErrors, setLinkErrors] = useState<string[]>([]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(resetPasswordInputSchema, {
    token,
    email,
    password: '',
    password_confirmation: '',
  });

  const onValid = (values: ResetPasswordInput) => {
    setLinkErrors([]);
    reset.mutate(values, {
      onError: (error) => {
        const unplaced = applyServerErrors(error, setError, ['password', 'password_confirmation']);
        setLinkErrors(Object.values(unplaced));
      },
    });
  };

  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={reset.data.message}
        // Issue 13: the next step is signing in with the new password; spec §2's link home stays beside it.
        extra={
          <Flex vertical align="center" gap={12}>
            <Link to={paths.login} style={{ fontSize: 16, fontWeight: 600 }}>
              Увійти з новим паролем
            </Link>
            <Link to={paths.home}>Перейти на головну сторінку</Link>
          </Flex>
        }
      />
    );
  }

  const clientLinkErrors = [errors.email?.message, errors.token?.message].filter(
    (message): message is string => message !== undefined,
  );
  const shownLinkErrors = [...new Set([...clientLinkErrors, ...linkErrors])];

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Зміна пароля">
      {shownLinkErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={shownLinkErrors.join(' ')}
          description={
            <Link to={paths.forgotPassword}>Надіслати нове посилання для відновлення</Link>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <TextFields control={control} fields={PASSWORD_FIELDS} />
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        Скинути пароль
      </Button>
    </Form>
  );
}
