import { ConfigProvider, type ThemeConfig } from 'antd';
import ukUA from 'antd/locale/uk_UA';
import dayjs from 'dayjs';
import 'dayjs/locale/uk';
import type { ReactNode } from 'react';

dayjs.locale('uk');

const THEME: ThemeConfig = {
  token: { colorPrimary: '#0b6bcb', borderRadius: 8, fontSize: 15 },
};

/**
 * antd's locale and the app's theme. The landing page renders no antd component (docs/performance.md "Landing
 * page"), so this wraps the pages' shell (`app/antd-shell.tsx`) and each antd piece that can show outside it:
 * the header's account menu and phone drawer and the router's error page, all loaded on first use.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={ukUA} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}
