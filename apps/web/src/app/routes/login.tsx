import { useLocation, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { readRedirectTarget } from '@/lib/auth';

/** Spec §2 "Login": on success the app goes to /orders, or back to the guarded page that sent us here. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = readRedirectTarget(location.state) ?? paths.orders;

  return (
    <AuthLayout
      title="Вхід"
      description="Увійдіть, щоб розраховувати вартість послуг вашого закладу."
    >
      <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
    </AuthLayout>
  );
}
