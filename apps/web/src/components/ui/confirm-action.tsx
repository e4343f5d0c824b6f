import { Button, Flex, Modal, type ModalProps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';

/**
 * The one rule for a confirmed or money- and data-changing action (issue 23): busy from the first click until
 * the answer. A second click before React re-renders the button as loading (a double click does exactly that)
 * is dropped here, by a ref set in the same event, so it never sends a second request. The action's failure is
 * its own to report (the API client's toast, a caller's `onError`); the guard only lets the next click through.
 */
export function useBusyUntilAnswered<Args extends unknown[]>(
  action: (...args: Args) => unknown,
): { run: (...args: Args) => Promise<void>; isBusy: boolean } {
  const busyRef = useRef(false);
  const [isBusy, setBusy] = useState(false);
  const run = async (...args: Args) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await action(...args);
    } catch {
      // Reported by whoever made the request; the button is free again below.
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  return { run, isBusy };
}

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
