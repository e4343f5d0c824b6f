import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { queryClient as defaultQueryClient } from '@/lib/query-client';

import { AntdProvider } from './antd-shell';

/**
 * Every provider around a page, as the tests render pages. The app itself (`main.tsx`) mounts only the
 * QueryClientProvider: antd's providers come with the layout route of the pages that use antd (`antd-shell.tsx`),
 * so the landing page does not download them.
 */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AntdProvider>
  );
}
