import { Drawer } from 'antd';
import type { ReactNode } from 'react';

import { AntdConfig } from '@/components/ui/antd-config';
import { APP_NAME } from '@/config/app-name';

/**
 * The phone menu of the header's sections, its own chunk: `app-header.tsx` fetches it when the menu button is
 * first pressed, so pages load without antd's Drawer.
 */
export default function SectionsDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  // The header is outside the pages' antd shell (app/antd-shell.tsx): the drawer brings the theme along.
  return (
    <AntdConfig>
      <Drawer
        open={open}
        placement="left"
        size={280}
        title={APP_NAME}
        onClose={onClose}
        destroyOnHidden
      >
        {children}
      </Drawer>
    </AntdConfig>
  );
}
