import { Result, Tabs } from 'antd';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

/** Spec §2 "Admin panel" tab bar, in the spec's order. */
const ADMIN_TABS = [
  { to: paths.admin.orders, label: 'Замовлення' },
  { to: paths.admin.calculations, label: 'Послуги' },
  { to: paths.admin.users, label: 'Користувачі' },
  { to: paths.admin.templates, label: 'Шаблони' },
  { to: paths.admin.pills, label: 'Витратні матеріали' },
  { to: paths.admin.measurements, label: 'Одиниці виміру' },
] as const;

/**
 * The admin pages sit under the login guard (spec §2). The spec shows no role check on them; this screen adds
 * one so a company user gets a clear answer instead of a page of failing calls (the server enforces it).
 */
export default function AdminLayoutRoute() {
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();

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
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key)}
        items={ADMIN_TABS.map((tab) => ({
          key: tab.to,
          // The link serves mouse users and e2e locators; stopping the click keeps antd's onChange
          // (used by the keyboard) from pushing the same page a second time.
          label: (
            <Link
              to={tab.to}
              className="admin-tab-link"
              onClick={(event) => event.stopPropagation()}
            >
              {tab.label}
            </Link>
          ),
        }))}
      />
      <Outlet />
    </>
  );
}
