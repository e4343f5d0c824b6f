import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { InvitationView } from '@/features/invitations/components/invitation-view';

/**
 * Issue 22: the link of an invitation mail, `/invitations/:token`, open to anyone. Joining signs the user in;
 * they land on their institution's orders.
 */
export default function InvitationRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [hasJoined, setHasJoined] = useState(false);

  if (hasJoined) return <PageSpinner />;
  return (
    <AuthLayout title="Запрошення до установи">
      <InvitationView
        token={token}
        onJoined={() => {
          setHasJoined(true);
          void navigate(paths.orders, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
