import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { RegistrationForm } from '@/features/auth/components/registration-form';
import { useUser } from '@/lib/auth';

/**
 * Spec §2 "Registration": for signed-out users only; a signed-in visitor goes to the landing page. Right
 * after registering the user is signed in too, so that rule is held back while the app moves to /orders.
 */
export default function RegistrationRoute() {
  const user = useUser();
  const navigate = useNavigate();
  const [isRegistered, setIsRegistered] = useState(false);

  if (user.isPending || isRegistered) return <PageSpinner />;
  if (user.data) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout title="Реєстрація" description="Зареєструйте заклад і почніть розрахунок послуг.">
      <RegistrationForm
        onSuccess={() => {
          setIsRegistered(true);
          void navigate(paths.orders, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
