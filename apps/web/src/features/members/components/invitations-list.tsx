import { StopOutlined } from '@ant-design/icons';
import { MEMBER_ROLE_LABELS, type Invitation } from '@medcalc/domain';
import { Button, Card, Empty, Flex, List, Typography } from 'antd';

import { formatDateTime } from '@/utils/format';

/**
 * The owner's pending invitations (issue 22): whom, with which role, who invited and until when the link works;
 * each can be revoked (the page asks first). Cards, so they read the same on a phone.
 */
export function InvitationsList({
  invitations,
  onRevoke,
}: {
  invitations: readonly Invitation[];
  onRevoke: (invitation: Invitation) => void;
}) {
  if (invitations.length === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Немає запрошень, що очікують." />
    );
  }
  return (
    <List
      dataSource={[...invitations]}
      rowKey="id"
      renderItem={(invitation) => (
        <List.Item>
          <Card size="small" style={{ width: '100%' }}>
            <Flex wrap justify="space-between" align="center" gap={12}>
              <Flex vertical gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography.Text strong>{invitation.email}</Typography.Text>
                <Typography.Text>{MEMBER_ROLE_LABELS[invitation.role]}</Typography.Text>
                <Typography.Text type="secondary">
                  Запросив(ла) {invitation.invitedBy}; посилання дійсне до{' '}
                  {formatDateTime(invitation.expiresAt)}
                </Typography.Text>
              </Flex>
              <Button
                danger
                icon={<StopOutlined aria-hidden />}
                aria-label={`Відкликати запрошення для ${invitation.email}`}
                onClick={() => onRevoke(invitation)}
              >
                Відкликати
              </Button>
            </Flex>
          </Card>
        </List.Item>
      )}
    />
  );
}
