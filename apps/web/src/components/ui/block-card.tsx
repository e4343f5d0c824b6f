import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * One block of a settings page under its own heading (the /company blocks «Затвердження тарифів», «Публічний
 * прейскурант», «Порівняння тарифів»): a card whose title is the block's `h2`, a gap above it.
 */
export function BlockCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} style={{ marginTop: 24 }}>
      {children}
    </Card>
  );
}

/**
 * A block's own Save, for a member who may save it (`canSave`): its label wraps inside the card at 390 px instead
 * of running past its edge. Anyone else sees `refusal` (who may change the block) where it is given, else nothing.
 */
export function BlockSaveButton({
  canSave,
  isPending,
  refusal,
  children,
}: {
  canSave: boolean;
  isPending: boolean;
  refusal?: string;
  children: ReactNode;
}) {
  if (!canSave)
    return refusal === undefined ? null : <Alert type="info" showIcon title={refusal} />;
  return (
    <Button
      type="primary"
      htmlType="submit"
      icon={<SaveOutlined />}
      loading={isPending}
      style={{ maxWidth: '100%', height: 'auto', minHeight: 32, whiteSpace: 'normal' }}
    >
      {children}
    </Button>
  );
}
