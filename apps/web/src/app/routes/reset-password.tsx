import { Result } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** Spec §2 "Reset password": `/password/reset/:token?email=…`, as the e-mailed link is built. */
export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';

  if (token === '' || email === '') {
    return (
      <AuthLayout title="Зміна пароля">
        <Result
          status="warning"
          title="Посилання для зміни пароля неповне"
          subTitle="Відкрийте посилання з листа повністю або запросіть нове."
          extra={<Link to={paths.forgotPassword}>Запросити нове посилання</Link>}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Зміна пароля" description={`Обліковий запис: ${email}`}>
      <ResetPasswordForm token={token} email={email} />
    </AuthLayout>
  );
}
