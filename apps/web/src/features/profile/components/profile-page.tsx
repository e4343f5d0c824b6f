import { Card, Col, Row } from 'antd';

import { LoadingBlock } from '@/components/ui/loading-block';
import { useUser } from '@/lib/auth';

import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/**
 * The account menu's «Профіль» (issue 33): the own name and phone beside the password change, one column on a
 * phone. The user is the session's (`GET /api/user`), which the login guard has loaded before the page shows.
 */
export function ProfilePage() {
  const user = useUser().data;
  if (!user) return <LoadingBlock label="Профіль: завантаження…" />;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <Card title="Особисті дані">
          {/* A new form for another user (a sign-in in another tab), so its values are that user's. */}
          <ProfileForm key={user.identifier} user={user} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Зміна пароля">
          <PasswordForm />
        </Card>
      </Col>
    </Row>
  );
}
