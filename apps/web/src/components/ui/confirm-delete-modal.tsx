import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

import { useBusyUntilAnswered } from '@/hooks/use-busy-until-answered';

type ConfirmDeleteModalProps<T> = {
  /** The row asked about; the question is open while it is set. */
  row: T | undefined;
  title: string;
  /** What goes and that it cannot be restored (spec §2 "Delete modal"). */
  children: ReactNode;
  /** The deletion; return its request's promise so the button stays busy until the answer (issue 23). */
  onConfirm: (row: T) => unknown;
  onCancel: () => void;
  isPending?: boolean;
};

/**
 * The delete confirmation of every list (spec §2: measurements, materials, staff, orders). Buttons follow the
 * orders modal: cancel and 'yes, delete'. The caller closes it when the call settles; a failure's message
 * arrives as a toast from the API client (spec §8 "Delete modals for materials close on failure").
 * The confirm button is busy from the first click until the answer ({@link useBusyUntilAnswered}).
 * Callers may clear their row as they close it: antd's dialog keeps its last contents through the close
 * animation (its body is not re-rendered while hidden), so the name never turns into «» on the way out.
 */
export function ConfirmDeleteModal<T>({
  row,
  title,
  children,
  onConfirm,
  onCancel,
  isPending = false,
}: ConfirmDeleteModalProps<T>) {
  const { run, isBusy } = useBusyUntilAnswered(onConfirm);
  const busy = isPending || isBusy;
  return (
    <Modal
      open={row !== undefined}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          Скасувати
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger
          loading={busy}
          aria-busy={busy}
          onClick={() => {
            if (row !== undefined && !isPending) void run(row);
          }}
        >
          Так, видалити
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
