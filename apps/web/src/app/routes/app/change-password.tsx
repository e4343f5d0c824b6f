import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { PasswordForm } from '@/features/profile/components/password-form';
import { USER_QUERY_KEY, useUser } from '@/lib/auth';

/**
 * Issue 34 (`/change-password`): an account made with a password the README publishes (the administrator's) sets
 * its own before anything else — every other page leads here (`ProtectedRoute`) and the server refuses every
 * other call. Once changed, the user is read again and the app opens where a sign-in leads.
 */
export default function ChangePasswordRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useUser().data;
  const mustChange = user?.mustChangePassword === true;

  const onChanged = () => {
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }).then(() => {
      void navigate(user?.role === 'admin' ? paths.admin.orders : paths.orders, { replace: true });
    });
  };

  return (
    <>
      <PageTitle>Зміна пароля</PageTitle>
      <div>
        {mustChange && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="Встановіть власний пароль"
            description="Цей обліковий запис створено з паролем, який опубліковано в документації сервісу, тож його може знати будь-хто. Щоб продовжити роботу, введіть поточний пароль і новий."
          />
        )}
        <PasswordForm onChanged={onChanged} />
      </div>
    </>
  );
}
