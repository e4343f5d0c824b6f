import { Modal } from 'antd';
import type { ReactNode } from 'react';
import type { Blocker } from 'react-router';

/**
 * The question asked when a page with unsaved changes is left (a `useBlocker` that blocked): stay, or go and
 * lose them. `children` says what would be lost.
 */
export function LeavePageConfirm({ blocker, children }: { blocker: Blocker; children: ReactNode }) {
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Залишити сторінку?"
      okText="Піти без збереження"
      okButtonProps={{ danger: true }}
      cancelText="Залишитися"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {children}
    </Modal>
  );
}
