import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Відновлення пароля"
      description="Вкажіть електронну пошту облікового запису — ми надішлемо посилання для зміни пароля."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
