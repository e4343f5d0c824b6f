import { Link, NavLink } from 'react-router';

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

export function AppHeader() {
  const user = useUser();
  const currentUser = user.data ?? null;
  // Spec §6: only role 'admin' sees the extra bold link; the server enforces the rights anyway.
  const isAdmin = currentUser?.role === 'admin';

  return (
    <header className="app-header">
      <Link to={paths.home} className="app-logo" aria-label={`${APP_NAME} — на головну`}>
        {APP_NAME}
      </Link>
      <nav className="app-nav" aria-label="Основна навігація">
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
          {isAdmin ? (
            <li>
              <NavLink to={paths.admin.orders} className="app-nav-admin">
                Адмін
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <AccountMenu user={currentUser} isLoading={user.isPending} />
    </header>
  );
}
