import { Result } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

/** Spec §2 "Admin panel" tab bar, in the spec's order (and issue 38's «Обладнання» after the units). */
const ADMIN_TABS = [
  { to: paths.admin.orders, label: 'Замовлення' },
  { to: paths.admin.calculations, label: 'Послуги' },
  { to: paths.admin.users, label: 'Користувачі' },
  { to: paths.admin.templates, label: 'Шаблони' },
  { to: paths.admin.pills, label: 'Витратні матеріали' },
  { to: paths.admin.measurements, label: 'Одиниці виміру' },
  // Issue 38: the template equipment, after the other reference lists the templates' lines name.
  { to: paths.admin.equipment, label: 'Обладнання' },
  { to: paths.admin.backups, label: 'Резервні копії' },
  { to: paths.admin.tariffComparison, label: 'Порівняння тарифів' },
] as const;

/**
 * The admin pages sit under the login guard (spec §2). The spec shows no role check on them; this screen adds
 * one so a company user gets a clear answer instead of a page of failing calls (the server enforces it).
 */
export default function AdminLayoutRoute() {
  const user = useUser();
  const location = useLocation();

  if (user.data?.role !== 'admin') {
    return (
      <>
        <PageTitle>Адміністрування</PageTitle>
        <Result
          status="403"
          title="Доступ заборонено"
          subTitle="Ця сторінка доступна лише адміністраторам."
          extra={<Link to={paths.orders}>До розрахунку послуг</Link>}
        />
      </>
    );
  }

  const pathname = location.pathname.toLowerCase().replace(/\/+$/, '');
  const active = ADMIN_TABS.find((tab) => tab.to === pathname)?.to ?? paths.admin.orders;

  return (
    <>
      <PageTitle>Адміністрування</PageTitle>
      {/*
        Issue 21 (WCAG 2.1 AA): each tab opens its own page, so the bar is a navigation of links (the current one
        marked aria-current="page"), drawn as tabs. antd's Tabs put a link inside each role=tab (nested
        interactive controls) and, on a phone, a "more" button inside the tablist (not a tab).
      */}
      <nav className="admin-tabs" aria-label="Розділи адміністрування">
        <ul>
          {ADMIN_TABS.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className="admin-tab-link"
                aria-current={tab.to === active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
