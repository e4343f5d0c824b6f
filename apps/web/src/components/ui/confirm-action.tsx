import { Button, Flex, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

import { useBusyUntilAnswered } from '@/hooks/use-busy-until-answered';

type ConfirmModalProps = Omit<ModalProps, 'onOk' | 'confirmLoading' | 'children' | 'footer'> & {
  /** The confirmed action; the dialog's buttons stay busy until its promise settles. */
  onConfirm: () => unknown;
  onCancel: () => void;
  okText: ReactNode;
  cancelText: ReactNode;
  /** A deleting or otherwise irreversible action: the red button. */
  danger?: boolean;
  /** Busy for a reason outside this dialog too (the same mutation started elsewhere). */
  isPending?: boolean;
  /** Not ready to be confirmed yet. */
  disabled?: boolean;
  children?: ReactNode;
};

/**
 * A confirmation dialog whose «Так, …» button follows {@link useBusyUntilAnswered}: one request however often
 * it is clicked; cancel, close, Esc and the mask do nothing while it runs. Its two buttons wrap with a gap on a
 * phone, where two long labels do not fit on one line. Every confirmation in the app is this dialog, a
 * Popconfirm whose `onConfirm` returns the request's promise (antd keeps its button busy until it settles), or a
 * button run through the hook.
 */
export function ConfirmModal({
  onConfirm,
  onCancel,
  okText,
  cancelText,
  danger = false,
  isPending = false,
  disabled = false,
  children,
  ...modalProps
}: ConfirmModalProps) {
  const { run, isBusy } = useBusyUntilAnswered(onConfirm);
  const busy = isBusy || isPending;
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      {...modalProps}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      onCancel={cancel}
      footer={
        <Flex wrap gap={8} justify="end">
          <Button onClick={cancel} disabled={busy}>
            {cancelText}
          </Button>
          <Button
            type="primary"
            danger={danger}
            loading={busy}
            aria-busy={busy}
            disabled={disabled && !busy}
            onClick={() => {
              if (!isPending) void run();
            }}
          >
            {okText}
          </Button>
        </Flex>
      }
    >
      {children}
    </Modal>
  );
}
