import type { CurrentUser } from '@medcalc/domain';
import { useLocation, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { readRedirectTarget } from '@/lib/auth';

/**
 * Spec §2 "Login": on success the app goes back to the guarded page that sent us here, else to /orders — or, for
 * an administrator, to the admin panel, where their work is (issue 23).
 */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const landingOf = (user: CurrentUser) =>
    readRedirectTarget(location.state) ??
    (user.role === 'admin' ? paths.admin.orders : paths.orders);

  return (
    <AuthLayout
      title="Вхід"
      description="Увійдіть, щоб розраховувати вартість послуг вашого закладу."
    >
      <LoginForm onSuccess={(user) => void navigate(landingOf(user), { replace: true })} />
    </AuthLayout>
  );
}
