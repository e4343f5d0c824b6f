import { Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A modal that holds one form, whose own buttons submit and cancel it (so no modal footer). Closed, its form is
 * unmounted, so the next opening starts from the form's defaults rather than what was typed last time.
 */
export function FormModal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      {children}
    </Modal>
  );
}
