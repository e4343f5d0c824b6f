import { Modal } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Keeps unsaved changes from being lost while `isDirty`: a move to another page is blocked (show the returned
 * blocker with {@link LeavePageConfirm}), and closing or reloading the tab asks the browser's own question.
 * `isLeaving`, read at the move, lets a move the page starts itself once it has stored everything go unasked.
 */
export function useLeavePageGuard(
  isDirty: boolean,
  isLeaving: () => boolean = () => false,
): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeaving() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

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
