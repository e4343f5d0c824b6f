import { memberCan, type CurrentUser } from '@medcalc/domain';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { Link } from 'react-router';

import { AntdConfig } from '@/components/ui/antd-config';
import { paths } from '@/config/paths';

/**
 * The account menu's dropdown (spec §2 "Header and account menu"), its own chunk: antd's Dropdown brings the
 * menu, trigger and motion code, which `account-menu.tsx` loads on the first click rather than with every
 * page. Issue 33: every item leads to a page — «Профіль» (own name, phone, password), «Оплата» (the invoices) and
 * «Налаштування закладу», the institution's settings, which are the institution data of /company.
 */
export default function AccountDropdown({
  user,
  open,
  onOpenChange,
  onLogout,
  isLoggingOut,
  children,
}: {
  user: CurrentUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
  isLoggingOut: boolean;
  children: ReactElement;
}) {
  const items: MenuProps['items'] = user
    ? [
        // Issue 13: who is signed in, and for which institution, before anything is done in their name.
        {
          key: 'who',
          type: 'group',
          label: (
            <span className="app-account-who">
              <strong>{user.name}</strong>
              <span>{user.company}</span>
              <span>{user.email}</span>
            </span>
          ),
        },
        { type: 'divider' },
        // Issue 34: while the password must change, every page but that one is refused: only sign-out is offered.
        ...(user.mustChangePassword === true
          ? []
          : [
              // Issue 22: the team for everyone, the activity log for the roles that may read it.
              { key: 'members', label: <Link to={paths.members}>Команда</Link> },
              ...(memberCan(user.companyRole, 'activity')
                ? [{ key: 'activity', label: <Link to={paths.activity}>Журнал змін</Link> }]
                : []),
              { key: 'settings', label: <Link to={paths.company}>Налаштування закладу</Link> },
              // Issue 41: the anonymous comparison of approved tariffs.
              {
                key: 'tariff-comparison',
                label: <Link to={paths.tariffComparison}>Порівняння тарифів</Link>,
              },
              { key: 'profile', label: <Link to={paths.profile}>Профіль</Link> },
              { key: 'payment', label: <Link to={paths.payments}>Оплата</Link> },
              { type: 'divider' as const },
            ]),
        { key: 'logout', label: 'Вийти', danger: true, disabled: isLoggingOut },
      ]
    : [
        { key: 'login', label: <Link to={paths.login}>Увійти</Link> },
        { key: 'registration', label: <Link to={paths.registration}>Реєстрація</Link> },
      ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    onOpenChange(false);
    if (key === 'logout') onLogout();
  };

  // The header is outside the pages' antd shell (app/antd-shell.tsx): the menu brings the theme along.
  return (
    <AntdConfig>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        open={open}
        onOpenChange={onOpenChange}
        placement="bottomRight"
        destroyOnHidden
      >
        {children}
      </Dropdown>
    </AntdConfig>
  );
}
