import { App } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';

import { AntdConfig } from '@/components/ui/antd-config';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { configureApiClient } from '@/lib/api-client';

/**
 * Where toasts show, for every toast of the app (issue 23 §3): at the bottom centre, above the sticky save bar
 * of /company (about 65 px high), closing after 5 s (spec §9). The spec's top-right covered the header's account
 * menu and the wizard's «Зберегти» / «Розрахувати», the buttons pressed next; the right-hand corners hold the
 * save buttons on every screen, and on a phone a toast is as wide as the screen anyway.
 */
export const NOTIFICATION_CONFIG = { placement: 'bottom', bottom: 88, duration: 5 } as const;
/** antd's short messages (none so far) keep below the header's 61 px instead of over it. */
const MESSAGE_CONFIG = { duration: 5, top: 72 } as const;

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
 * the landing page would otherwise download (docs/performance.md "Landing page"). Every page with an editor is inside
 * it, so the app's one leave guard (issue 33) is mounted here.
 */
export default function AntdShell() {
  return (
    <AntdProvider>
      <UnsavedChangesGuard />
      <Outlet />
    </AntdProvider>
  );
}
