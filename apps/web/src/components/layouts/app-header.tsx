import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { APP_NAME } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

import { AccountMenu } from './account-menu';

/** Spec §2 "Header and account menu": visible to everyone; guarded targets send visitors to /login. */
const NAV_ITEMS = [
  { to: paths.orders, label: 'Розрахунок послуг' },
  { to: paths.calculations, label: 'Розраховані послуги' },
  { to: paths.company, label: 'Дані закладу' },
  { to: paths.staff, label: 'Штатний розпис' },
  { to: paths.pills, label: 'Витратні матеріали' },
  { to: paths.measurements, label: 'Одиниці виміру' },
] as const;

/** The links, shared by the inline bar (wide screens) and the drawer (phones). */
function NavLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // The Admin link leads to the first tab but stays highlighted on every admin tab.
  const isAdminActive = pathname.toLowerCase().startsWith(paths.admin.root);
  return (
    <ul>
      {NAV_ITEMS.map((item) => (
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

export function AppHeader() {
  const user = useUser();
  const currentUser = user.data ?? null;
  // Spec §6: only role 'admin' sees the extra bold link; the server enforces the rights anyway.
  const isAdmin = currentUser?.role === 'admin';
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  return (
    <header className="app-header">
      {/* Below antd's `md` breakpoint the links fold into this drawer so the header stays one row (index.css). */}
      <Button
        className="app-nav-toggle"
        type="text"
        icon={<MenuOutlined aria-hidden />}
        aria-label="Меню розділів"
        aria-expanded={isMenuOpen}
        onClick={() => setIsMenuOpen(true)}
      />
      <Link to={paths.home} className="app-logo" aria-label={`${APP_NAME} — на головну`}>
        {APP_NAME}
      </Link>
      <nav className="app-nav" aria-label="Основна навігація">
        <NavLinks isAdmin={isAdmin} />
      </nav>
      <AccountMenu user={currentUser} isLoading={user.isPending} />
      <Drawer
        open={isMenuOpen}
        placement="left"
        size={280}
        title={APP_NAME}
        onClose={() => setIsMenuOpen(false)}
        destroyOnHidden
      >
        <nav className="app-nav-drawer" aria-label="Розділи">
          <NavLinks isAdmin={isAdmin} onNavigate={() => setIsMenuOpen(false)} />
        </nav>
      </Drawer>
    </header>
  );
}
