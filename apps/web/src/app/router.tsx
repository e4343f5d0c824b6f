import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { paths } from '@/config/paths';
import { configureApiClient } from '@/lib/api-client';
import { ProtectedRoute, USER_QUERY_KEY, useUser, type RedirectState } from '@/lib/auth';
import { watchTyping, whenPausedAndIdle } from '@/lib/typing-pause';

import {
  ADMIN_PAGES,
  loadAntdShell,
  preloadSignedInPages,
  SIGNED_IN_PAGES,
  whenIdle,
  type PageModule,
} from './page-modules';
import { createRouteContext } from './route-prefetch';

/**
 * Every page is its own chunk (stack notes "Web bundle"): the landing page must not carry the wizard or the
 * admin panel. Route modules default-export their component; a page that prefetches its data also exports
 * a `loader` (house guide §2.4), whose context carries the QueryClient (`route-prefetch.ts`).
 */
const page = (load: () => Promise<PageModule>) => async () => {
  const { default: Component, loader } = await load();
  return loader ? { Component, loader } : { Component };
};

/**
 * A first screen's page whose loader is a module of its own (issue 39): React Router loads the two in parallel and
 * runs the loader as soon as its module is there, so the page's requests leave while the page's code is still on its
 * way. The loader's module is not in the entry (its route table and schemas are not what the landing page needs);
 * the server preloads it with the page's HTML (`route-preloads.ts`).
 */
const screen = (
  load: () => Promise<PageModule>,
  loadLoader: () => Promise<{ loader: LoaderFunction }>,
) => ({
  loader: async () => (await loadLoader()).loader,
  Component: async () => (await load()).default,
});

/** The signed-in pages that are first screens, with their loaders' modules (see {@link screen}). */
const SCREEN_LOADERS: Partial<
  Record<keyof typeof SIGNED_IN_PAGES, () => Promise<{ loader: LoaderFunction }>>
> = {
  orders: () => import('./routes/app/orders.loader'),
  orderWizard: () => import('./routes/app/order-wizard.loader'),
};

/** The admin panel's pages under its layout (the layout is the route around them). */
const { layout: _layout, ...ADMIN_PANEL_PAGES } = ADMIN_PAGES;

/**
 * A route per page of a table of page modules, at the path of the same name in `at`, in the table's order; a page
 * with a loader's module in `loaders` is a first screen.
 */
function pageRoutes<Name extends string>(
  pages: Record<Name, () => Promise<PageModule>>,
  at: Record<NoInfer<Name>, string>,
  loaders: Partial<Record<NoInfer<Name>, () => Promise<{ loader: LoaderFunction }>>> = {},
): RouteObject[] {
  return (Object.keys(pages) as Name[]).map((name) => {
    const loadLoader = loaders[name];
    return {
      path: at[name],
      lazy: loadLoader ? screen(pages[name], loadLoader) : page(pages[name]),
    };
  });
}

/** The id of the app's root route (the tests' `renderRoutes` tells the app's routes from a screen's by it). */
export const APP_ROOT_ROUTE_ID = 'app';

/** Spec §2 "Route table". Paths match case-insensitively, so `/registration` also opens `/Registration`. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: APP_ROOT_ROUTE_ID,
      path: paths.home,
      Component: MainLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          // A second boundary inside the layout keeps the header and footer on a failing page.
          ErrorBoundary: RouteError,
          // The first visit waits for the page's code here, inside the layout: the header stays and the content
          // shows a skeleton, not a blank page with a spinner (issue 23 §3).
          HydrateFallback: PageSkeleton,
          children: [
            { index: true, lazy: page(() => import('./routes/landing')) },
            {
              // Every other page is inside antd's providers, which the landing page does not download.
              lazy: page(loadAntdShell),
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
                    ...pageRoutes(SIGNED_IN_PAGES, paths, SCREEN_LOADERS),
                    {
                      path: paths.admin.root,
                      lazy: page(ADMIN_PAGES.layout),
                      children: [
                        { index: true, element: <Navigate to={paths.admin.orders} replace /> },
                        ...pageRoutes(ADMIN_PANEL_PAGES, paths.admin),
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

/** How long after the open page's requests are answered its rendering is left to itself (issue 39). */
const AFTER_FIRST_SCREEN_MS = 2000;

/**
 * Once someone is signed in, the signed-in pages' code is fetched while the browser is idle (issue 23 §3), so the
 * first visit to a section opens at once instead of waiting 2–3 s for its chunk. Only once the open page's own
 * requests are answered and it has had two seconds to draw them (issue 39): on a phone's network the other pages' code would otherwise share the line
 * with the page's data and its rendering with the CPU. Nor while the user types: only after a pause in typing
 * (lib/typing-pause.ts).
 */
export function PreloadSignedInPages({ preload = preloadSignedInPages }) {
  const queryClient = useQueryClient();
  const user = useUser().data;
  const isSignedIn = Boolean(user);
  const isAdmin = user?.role === 'admin';
  useEffect(() => {
    if (!isSignedIn) return undefined;
    let cancel = () => {};
    // Not while the user types (issue 39): evaluating the other pages' code took 290 ms of a phone's CPU at once and
    // held the next key in the wizard.
    const typing = watchTyping();
    const start = () => {
      const timer = window.setTimeout(() => {
        cancel = whenPausedAndIdle(typing, whenIdle, () => void preload(isAdmin));
      }, AFTER_FIRST_SCREEN_MS);
      cancel = () => window.clearTimeout(timer);
    };
    const stop = () => {
      cancel();
      typing.stop();
    };
    if (queryClient.isFetching() === 0) {
      start();
      return stop;
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      start();
    });
    cancel = unsubscribe;
    return stop;
  }, [isSignedIn, isAdmin, preload, queryClient]);
  return null;
}

/** The app's one router, for its whole life (the query client its loaders fill never changes). */
export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(), { getContext: createRouteContext(queryClient) });

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

/**
 * Calls `ready` once the router's first page is loaded: its route modules and loaders done, so the first render draws
 * that page, not its skeleton (main.tsx waits for it where the server sent the page already drawn, issue 39).
 */
export function whenRouterReady(router: AppRouterInstance, ready: () => void) {
  if (router.state.initialized) {
    ready();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    ready();
  });
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  const queryClient = useQueryClient();

  // Spec §8: a 401/419 forgets the user and leaves the guarded page for /login, coming back after sign-in.
  useEffect(
    () =>
      configureApiClient({
        onSessionExpired: () => queryClient.setQueryData(USER_QUERY_KEY, null),
        navigate: (to) => {
          // Already on its way there: a second 401 (a save sent as the page is left, issue 33) keeps the first
          // one's return address instead of replacing it with the sign-in page itself.
          if (router.state.navigation.location?.pathname === to) return;
          // A 401 from a loader arrives while the router is still on the previous page; the page being
          // opened is where the user meant to be.
          const { pathname, search } = router.state.navigation.location ?? router.state.location;
          const state: RedirectState = { from: `${pathname}${search}` };
          void router.navigate(to, { replace: true, state });
        },
      }),
    [queryClient, router],
  );

  return (
    <>
      <RouterProvider router={router} />
      <PreloadSignedInPages />
    </>
  );
}
