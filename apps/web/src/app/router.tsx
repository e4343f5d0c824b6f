import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';

import { RouteError } from '@/components/errors/route-error';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { configureApiClient } from '@/lib/api-client';
import { ProtectedRoute, USER_QUERY_KEY, type RedirectState } from '@/lib/auth';

import { createRouteContext } from './route-prefetch';

/**
 * Every page is its own chunk (stack notes "Web bundle"): the landing page must not carry the wizard or the
 * admin panel. Route modules default-export their component; a page that prefetches its data also exports
 * a `loader` (house guide §2.4), whose context carries the QueryClient (`route-prefetch.ts`).
 */
const page =
  (load: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) => async () => {
    const { default: Component, loader } = await load();
    return loader ? { Component, loader } : { Component };
  };

/** Spec §2 "Route table". Paths match case-insensitively, so `/registration` also opens `/Registration`. */
export function createRoutes(): RouteObject[] {
  return [
    {
      path: paths.home,
      Component: MainLayout,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          // A second boundary inside the layout keeps the header and footer on a failing page.
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: page(() => import('./routes/landing')) },
            {
              // Every other page is inside antd's providers, which the landing page does not download.
              lazy: page(() => import('./antd-shell')),
              children: [
                { path: paths.login, lazy: page(() => import('./routes/login')) },
                { path: paths.registration, lazy: page(() => import('./routes/registration')) },
                {
                  path: paths.forgotPassword,
                  lazy: page(() => import('./routes/forgot-password')),
                },
                { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password')) },
                { path: paths.invitation, lazy: page(() => import('./routes/invitation')) },
                // Issue 23: the footer's pages, public.
                { path: paths.legal.about, lazy: page(() => import('./routes/legal/about')) },
                { path: paths.legal.contacts, lazy: page(() => import('./routes/legal/contacts')) },
                { path: paths.legal.terms, lazy: page(() => import('./routes/legal/terms')) },
                { path: paths.legal.privacy, lazy: page(() => import('./routes/legal/privacy')) },
                { path: paths.legal.offer, lazy: page(() => import('./routes/legal/offer')) },
                {
                  element: (
                    <ProtectedRoute>
                      <Outlet />
                    </ProtectedRoute>
                  ),
                  children: [
                    { path: paths.orders, lazy: page(() => import('./routes/app/orders')) },
                    {
                      path: paths.createOrder,
                      lazy: page(() => import('./routes/app/create-order')),
                    },
                    {
                      path: paths.orderWizard,
                      lazy: page(() => import('./routes/app/order-wizard')),
                    },
                    {
                      path: paths.calculations,
                      lazy: page(() => import('./routes/app/calculations')),
                    },
                    { path: paths.company, lazy: page(() => import('./routes/app/company')) },
                    { path: paths.staff, lazy: page(() => import('./routes/app/staff')) },
                    { path: paths.pills, lazy: page(() => import('./routes/app/pills')) },
                    {
                      path: paths.measurements,
                      lazy: page(() => import('./routes/app/measurements')),
                    },
                    { path: paths.members, lazy: page(() => import('./routes/app/members')) },
                    { path: paths.activity, lazy: page(() => import('./routes/app/activity')) },
                    {
                      path: paths.admin.root,
                      lazy: page(() => import('./routes/admin/admin-layout')),
                      children: [
                        { index: true, element: <Navigate to={paths.admin.orders} replace /> },
                        {
                          path: paths.admin.orders,
                          lazy: page(() => import('./routes/admin/orders')),
                        },
                        {
                          path: paths.admin.calculations,
                          lazy: page(() => import('./routes/admin/calculations')),
                        },
                        {
                          path: paths.admin.users,
                          lazy: page(() => import('./routes/admin/users')),
                        },
                        {
                          path: paths.admin.templates,
                          lazy: page(() => import('./routes/admin/templates')),
                        },
                        {
                          path: paths.admin.pills,
                          lazy: page(() => import('./routes/admin/pills')),
                        },
                        {
                          path: paths.admin.measurements,
                          lazy: page(() => import('./routes/admin/measurements')),
                        },
                      ],
                    },
                  ],
                },
                { path: '*', lazy: page(() => import('./routes/not-found')) },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(
    () => createBrowserRouter(createRoutes(), { getContext: createRouteContext(queryClient) }),
    [queryClient],
  );

  // Spec §8: a 401/419 forgets the user and leaves the guarded page for /login, coming back after sign-in.
  useEffect(
    () =>
      configureApiClient({
        onSessionExpired: () => queryClient.setQueryData(USER_QUERY_KEY, null),
        navigate: (to) => {
          // A 401 from a loader arrives while the router is still on the previous page; the page being
          // opened is where the user meant to be.
          const { pathname, search } = router.state.navigation.location ?? router.state.location;
          const state: RedirectState = { from: `${pathname}${search}` };
          void router.navigate(to, { replace: true, state });
        },
      }),
    [queryClient, router],
  );

  return <RouterProvider router={router} />;
}
