import { UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@medcalc/domain';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth';

/**
 * Spec §2 "Header and account menu": a click on the avatar opens and closes the menu (spec §4). Settings,
 * Profile and Payment are placeholders without a target, so they are `<a>` elements with no `href`.
 */
export function AccountMenu({ user, isLoading }: { user: CurrentUser | null; isLoading: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const logout = useLogout();

  const items: MenuProps['items'] = user
    ? [
        { key: 'settings', label: <a>Налаштування</a> },
        { key: 'profile', label: <a>Профіль</a> },
        { key: 'payment', label: <a>Оплата</a> },
        { type: 'divider' },
        { key: 'logout', label: 'Вийти', danger: true, disabled: logout.isPending },
      ]
    : [
        { key: 'login', label: <Link to={paths.login}>Увійти</Link> },
        { key: 'registration', label: <Link to={paths.registration}>Реєстрація</Link> },
      ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setIsOpen(false);
    if (key === 'logout') logout.mutate();
  };

  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      open={isOpen}
      onOpenChange={setIsOpen}
      placement="bottomRight"
      destroyOnHidden
    >
      <Button
        type="text"
        shape="circle"
        size="large"
        aria-label="Меню облікового запису"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        loading={isLoading || logout.isPending}
        className="app-account"
        style={{ padding: 0 }}
      >
        {isLoading ? null : (
          <Avatar
            style={{ backgroundColor: user ? '#0b6bcb' : '#94a3b8' }}
            icon={user ? undefined : <UserOutlined aria-hidden />}
          >
            {user?.name.trim().charAt(0).toUpperCase()}
          </Avatar>
        )}
      </Button>
    </Dropdown>
  );
}
