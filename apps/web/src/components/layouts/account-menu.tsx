import { UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@medcalc/domain';
import { lazy, Suspense, useRef, useState } from 'react';

import { useLogout } from '@/lib/auth';

const AccountDropdown = lazy(() => import('./account-dropdown'));

/**
 * Spec §2 "Header and account menu": a click on the avatar opens and closes the menu (spec §4). The avatar
 * button is on every page; the dropdown itself (`account-dropdown.tsx`) is fetched on the first click, so the
 * landing page does not download antd's menu and popup code (docs/performance.md "Landing page").
 */
export function AccountMenu({ user, isLoading }: { user: CurrentUser | null; isLoading: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isMenuWanted, setIsMenuWanted] = useState(false);
  const logout = useLogout();
  // The first click swaps the plain button for the same button inside the dropdown (through Suspense's
  // fallback): new elements, each taking the focus if the clicked one had it, so keyboard users stay on the
  // toggle. Until the menu first closes.
  const refocus = useRef(false);
  const buttonRef = (node: HTMLButtonElement | null) => {
    if (node && refocus.current && document.activeElement !== node) node.focus();
  };
  const onOpenChange = (open: boolean) => {
    if (!open) refocus.current = false;
    setIsOpen(open);
  };

  const isBusy = isLoading || logout.isPending;
  // A plain button drawn like antd's round text button: the header is on the landing page, which loads no antd.
  const button = (
    <button
      type="button"
      aria-label="Меню облікового запису"
      title={user ? `${user.name}, ${user.company}` : undefined}
      aria-haspopup="menu"
      aria-expanded={isOpen}
      aria-busy={isBusy}
      className="app-account app-icon-button"
      ref={buttonRef}
      // Once the dropdown is there it handles the clicks itself.
      onClick={
        isMenuWanted
          ? undefined
          : (event) => {
              // antd's loading button ignored clicks; so does this one while the session is checked.
              if (isBusy) return;
              refocus.current = document.activeElement === event.currentTarget;
              setIsMenuWanted(true);
              setIsOpen(true);
            }
      }
    >
      {isBusy ? (
        <span className="page-spinner app-account-spinner" aria-hidden />
      ) : (
        // A plain circle rather than antd's Avatar, whose group code brings Popover into every page.
        <span
          className="app-account-avatar"
          style={{ backgroundColor: user ? '#0b6bcb' : '#94a3b8' }}
        >
          {user ? user.name.trim().charAt(0).toUpperCase() : <UserOutlined aria-hidden />}
        </span>
      )}
    </button>
  );

  if (!isMenuWanted) return button;
  return (
    <Suspense fallback={button}>
      <AccountDropdown
        user={user}
        open={isOpen}
        onOpenChange={onOpenChange}
        onLogout={() => logout.mutate()}
        isLoggingOut={logout.isPending}
      >
        {button}
      </AccountDropdown>
    </Suspense>
  );
}
