import { MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { APP_NAME } from '@/config/app-name';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

import { AccountMenu } from './account-menu';

const SectionsDrawer = lazy(() => import('./sections-drawer'));

/** Spec §2 "Header and account menu": the sections of the app, for a signed-in user. */
const APP_NAV_ITEMS = [
  { to: paths.orders, label: 'Розрахунок послуг' },
  { to: paths.calculations, label: 'Розраховані послуги' },
  { to: paths.company, label: 'Дані закладу' },
  { to: paths.staff, label: 'Штатний розпис' },
  { to: paths.pills, label: 'Витратні матеріали' },
  { to: paths.equipment, label: 'Обладнання' },
  { to: paths.measurements, label: 'Одиниці виміру' },
] as const;

/**
 * Issue 33: a visitor's header leads to pages a visitor can open (the footer's pages), not to the app's sections,
 * each of which would only bounce them to /login (spec §2 showed the sections to everyone).
 */
const VISITOR_NAV_ITEMS = [
  { to: paths.legal.about, label: 'Про нас' },
  { to: paths.legal.offer, label: 'Договір оферти' },
  { to: paths.legal.contacts, label: 'Контакти' },
] as const;

/** Whose links the header shows: none while the session is being checked, so neither set flashes. */
type Audience = 'user' | 'visitor' | 'unknown';

const NAV_ITEMS_OF: Readonly<Record<Audience, ReadonlyArray<{ to: string; label: string }>>> = {
  user: APP_NAV_ITEMS,
  visitor: VISITOR_NAV_ITEMS,
  unknown: [],
};

/** The links, shared by the inline bar (wide screens) and the drawer (phones). */
function NavLinks({
  audience,
  isAdmin,
  onNavigate,
}: {
  audience: Audience;
  isAdmin: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  // The Admin link leads to the first tab but stays highlighted on every admin tab.
  const isAdminActive = pathname.toLowerCase().startsWith(paths.admin.root);
  return (
    <ul>
      {NAV_ITEMS_OF[audience].map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
      {isAdmin ? (
        <li>
          <Link
            to={paths.admin.orders}
            className={isAdminActive ? 'app-nav-admin active' : 'app-nav-admin'}
            aria-current={isAdminActive ? 'page' : undefined}
            onClick={onNavigate}
          >
            Адмін
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * Issue 13: a signed-out visitor sees how to sign in or register without opening the account menu; a signed-in
 * user on the landing page gets the way back into the app. The page's own target is left out (no 'Увійти' on
 * /login).
 */
function HeaderActions({ isSignedIn, isSignedOut }: { isSignedIn: boolean; isSignedOut: boolean }) {
  const { pathname } = useLocation();
  if (isSignedIn) {
    return pathname === paths.home ? (
      <div className="app-header-actions">
        <Link to={paths.orders} className="app-header-link app-header-link-primary">
          До розрахунків
        </Link>
      </div>
    ) : null;
  }
  if (!isSignedOut) return null;
  return (
    <div className="app-header-actions">
      {pathname === paths.login ? null : (
        <Link to={paths.login} className="app-header-link">
          Увійти
        </Link>
      )}
      {pathname.toLowerCase() === paths.registration.toLowerCase() ? null : (
        <Link to={paths.registration} className="app-header-link app-header-link-primary">
          Реєстрація
        </Link>
      )}
    </div>
  );
}

export function AppHeader() {
  const user = useUser();
  const currentUser = user.data ?? null;
  // Spec §6: only role 'admin' sees the extra bold link; the server enforces the rights anyway.
  const isAdmin = currentUser?.role === 'admin';
  // Issue 34: an account that must change its password reaches no section (the server refuses them, 403), so the
  // header offers none: a link would only run the page's loader into that refusal and bounce back.
  const audience: Audience = currentUser
    ? currentUser.mustChangePassword === true
      ? 'unknown'
      : 'user'
    : user.data === null
      ? 'visitor'
      : 'unknown';
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The drawer's code is fetched on the first press of the menu button, then kept.
  const [hasMenuOpened, setHasMenuOpened] = useState(false);

  return (
    <header className="app-header">
      {/* Below antd's `md` breakpoint the links fold into this drawer so the header stays one row (index.css). */}
      {/* A plain button drawn like antd's text button: the header is on the landing page, which loads no antd. */}
      <button
        type="button"
        className="app-nav-toggle app-icon-button"
        aria-label="Меню розділів"
        aria-expanded={isMenuOpen}
        onClick={() => {
          setHasMenuOpened(true);
          setIsMenuOpen(true);
        }}
      >
        <MenuOutlined aria-hidden />
      </button>
      <Link to={paths.home} className="app-logo" aria-label={`${APP_NAME} — на головну`}>
        {APP_NAME}
      </Link>
      <nav className="app-nav" aria-label="Основна навігація">
        <NavLinks audience={audience} isAdmin={isAdmin} />
      </nav>
      <HeaderActions isSignedIn={currentUser !== null} isSignedOut={user.data === null} />
      <AccountMenu user={currentUser} isLoading={user.isPending} />
      {hasMenuOpened ? (
        <Suspense fallback={null}>
          <SectionsDrawer open={isMenuOpen} onClose={() => setIsMenuOpen(false)}>
            <nav className="app-nav-drawer" aria-label="Розділи">
              <NavLinks
                audience={audience}
                isAdmin={isAdmin}
                onNavigate={() => setIsMenuOpen(false)}
              />
            </nav>
          </SectionsDrawer>
        </Suspense>
      ) : null}
    </header>
  );
}
