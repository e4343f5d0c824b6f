import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';

import { flushUnsaved } from '@/lib/unsaved-changes';

/**
 * The one leave guard of the app (issue 33), mounted once inside the router (`app/antd-shell.tsx`): no page keeps
 * its own. Before anything goes away it sends, as keep-alive requests, what the registered editors can send
 * (`lib/unsaved-changes.ts`), and for what is still at risk:
 * - closing or reloading the tab (`beforeunload`) asks the browser's own question;
 * - another page of the app (a link, Back) is held until the user chooses «Залишитися» or «Піти без збереження»,
 *   unless the input stays in the tab anyway (`isKeptInTab`, the create-order page's draft);
 * - a hidden tab (`visibilitychange`, which a phone may end without `pagehide`) and the page going away
 *   (`pagehide`, after the browser's question) only send, since nothing can be asked then.
 */
export function UnsavedChangesGuard() {
  // What each editor still at risk would lose, said in the question; set when a move is held.
  const [lost, setLost] = useState<string[]>([]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // A page's own search or paging is no move away from it.
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const atRisk = flushUnsaved('page');
    setLost([...new Set(atRisk.map((editor) => editor.message))]);
    return atRisk.length > 0;
  });

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (flushUnsaved('tab').length > 0) event.preventDefault();
    };
    const send = () => void flushUnsaved('tab');
    const sendWhenHidden = () => {
      if (document.visibilityState === 'hidden') send();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', sendWhenHidden);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', send);
      document.removeEventListener('visibilitychange', sendWhenHidden);
    };
  }, []);

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
      {lost.map((message) => (
        <Typography.Paragraph key={message}>{message}</Typography.Paragraph>
      ))}
    </Modal>
  );
}
