import { App } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';

import { AntdConfig } from '@/components/ui/antd-config';
import { configureApiClient } from '@/lib/api-client';

/** Spec §9 toast defaults: top-right, closing after 5 s. */
const NOTIFICATION_CONFIG = { placement: 'topRight', duration: 5 } as const;
const MESSAGE_CONFIG = { duration: 5 } as const;

/**
 * Lets the API client show spec §8 toasts through antd's App context (the static `notification` API would
 * miss the theme and locale). The key is the text, so one failure reported twice shows one toast.
 */
function ApiToasts() {
  const { notification } = App.useApp();
  useEffect(
    () =>
      configureApiClient({
        notifySuccess: (message) => notification.success({ title: message, key: `ok:${message}` }),
        notifyError: (message) => notification.error({ title: message, key: `error:${message}` }),
      }),
    [notification],
  );
  return null;
}

/** antd's theme, locale and App context (toasts, modals) with the API client's toasts plugged in. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <App notification={NOTIFICATION_CONFIG} message={MESSAGE_CONFIG}>
        <ApiToasts />
        {children}
      </App>
    </AntdConfig>
  );
}

/**
 * The layout route around every page but the landing one (`router.tsx`), loaded with the first such page:
 * antd's ConfigProvider and App bring its style engine, theme, form store and motion code, about half of what
 * the landing page would otherwise download (docs/performance.md "Landing page").
 */
export default function AntdShell() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
