import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import ukUA from 'antd/locale/uk_UA';
import dayjs from 'dayjs';
import 'dayjs/locale/uk';
import { useEffect, type ReactNode } from 'react';

import { configureApiClient } from '@/lib/api-client';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

dayjs.locale('uk');

const THEME: ThemeConfig = {
  token: { colorPrimary: '#0b6bcb', borderRadius: 8, fontSize: 15 },
};

/** Spec §9 toast defaults: top-right, closing after 5 s. */
const NOTIFICATION_CONFIG = { placement: 'topRight', duration: 5 } as const;

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

export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <ConfigProvider locale={ukUA} theme={THEME}>
      <App notification={NOTIFICATION_CONFIG} message={{ duration: 5 }}>
        <ApiToasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
