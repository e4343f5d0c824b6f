import { VIEWER_READ_ONLY_MESSAGE } from '@medcalc/domain';
import { Alert } from 'antd';

import { useMemberCan } from '@/hooks/use-member-can';

/**
 * Issue 22: at the top of an institution's page, says why its write controls are disabled or missing for a
 * «Перегляд» member (the same words as the server's 403). Nothing for a role that may edit.
 */
export function ReadOnlyNotice() {
  const canEdit = useMemberCan('edit');
  if (canEdit) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={VIEWER_READ_ONLY_MESSAGE}
      style={{ marginBottom: 16 }}
      role="status"
    />
  );
}

/**
 * The props of a write control a «Перегляд» member may not use: disabled, with the reason as its tooltip. Empty
 * for a role that may edit.
 */
export function readOnlyProps(canEdit: boolean): { disabled?: true; title?: string } {
  return canEdit ? {} : { disabled: true, title: VIEWER_READ_ONLY_MESSAGE };
}
