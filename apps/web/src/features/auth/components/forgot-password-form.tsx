import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@medcalc/domain';
import { Alert, Button, Typography } from 'antd';
import { Link } from 'react-router';

import { Form, TextFields } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useForgotPassword } from '../api/forgot-password';

import { emailField } from './auth-fields';

/** Spec §2 "Forgot password": one email field; the answer's message or the field error is shown. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { control, handleSubmit, setError } = useSchemaForm(forgotPasswordInputSchema, {
    email: '',
  });

  const onValid = (values: ForgotPasswordInput) =>
    forgot.mutate(values, {
      onError: (error) => applyServerErrors(error, setError, ['email']),
    });

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Відновлення пароля">
      {forgot.isSuccess ? (
        <Alert type="success" showIcon title={forgot.data.message} style={{ marginBottom: 16 }} />
      ) : null}
      <TextFields control={control} fields={[emailField('forgot-email')]} />
      <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
        Скинути пароль
      </Button>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Згадали пароль? <Link to={paths.login}>Увійти</Link>
      </Typography.Paragraph>
    </Form>
  );
}
