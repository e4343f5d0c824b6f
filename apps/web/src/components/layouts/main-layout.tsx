import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';

import { PageSkeleton } from '@/components/ui/page-skeleton';

import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** Header, page and footer of every route (spec §2). */
export function MainLayout() {
  const navigation = useNavigation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label="Завантаження сторінки" />
      ) : null}
      <AppHeader />
      <main className="app-content" style={{ flex: '1 0 auto' }}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
