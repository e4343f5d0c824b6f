import type { CurrentUser } from '@medcalc/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { createRouteContext } from '@/app/route-prefetch';
import { APP_ROOT_ROUTE_ID } from '@/app/router';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { USER_QUERY_KEY } from '@/lib/auth';

import { WithoutMotion } from './without-motion';

export const testUser: CurrentUser = {
  id: 1,
  identifier: 'usr-0001',
  name: 'Олена Петренко',
  email: 'olena@example.com',
  phone: '380501234567',
  company: 'Міська клініка',
  companyIdentifier: 'cmp-0001',
  role: 'user',
  companyRole: 'owner',
};

/** Issue 22: a «Перегляд» member of the same institution, who reads and downloads only. */
export const testViewer: CurrentUser = {
  ...testUser,
  id: 3,
  identifier: 'usr-0003',
  name: 'Марія Шевчук',
  email: 'maria@example.com',
  companyRole: 'viewer',
};

export const testAdmin: CurrentUser = {
  ...testUser,
  id: 2,
  identifier: 'usr-0002',
  name: 'Андрій Адмін',
  email: 'admin@example.com',
  role: 'admin',
};

export type FetchCall = { method: string; path: string; headers: Headers; body: unknown };
export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with a spy answering through `handler` (MSW's current major needs Node 22). The CSRF
 * cookie call sets `XSRF-TOKEN` like the server does, unless the handler answers it itself.
 */
export function mockFetch(handler: FetchHandler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: FetchCall = {
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      body,
    };
    if (url.pathname === '/sanctum/csrf-cookie') {
      document.cookie = `XSRF-TOKEN=${encodeURIComponent('token/with=chars')}; path=/`;
    }
    return handler(call);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/**
 * A fake server of one call, through {@link mockFetch}: `path` answers `status` with `body` as JSON; any other call
 * (the CSRF cookie's) gets 204.
 */
export function mockFetchAt(path: string, status: number, body?: unknown) {
  return mockFetch((call) => (call.path === path ? jsonResponse(status, body) : jsonResponse(204)));
}

/** A test's own answers for some calls (a refusal, a slow answer); `undefined` leaves a call to the fake server. */
export type CallOverrides = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * A fake of the calls a screen makes, through {@link mockFetch}: the test's `overrides` answer first, then the
 * file's `serve`; a call neither answers gets the API's 404 «Не знайдено.».
 */
export function fakeApi(
  serve: (call: FetchCall) => Response | Promise<Response> | undefined,
  overrides: CallOverrides = () => undefined,
) {
  return mockFetch(
    (call) => overrides(call) ?? serve(call) ?? jsonResponse(404, { message: 'Не знайдено.' }),
  );
}

/** The recorded calls of a {@link mockFetch} spy, as method and path. */
export function fetchedPaths(spy: ReturnType<typeof mockFetch>): string[] {
  return spy.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), window.location.href);
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
  });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders routes inside the real providers. `user` seeds the session (null = signed out) so no
 * `GET /api/user` is needed; leave it undefined to let the app ask `fetch`. A screen's own routes get the app's
 * leave guard around them, as the app's antd shell puts it around every page (the app's routes have it already).
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', user }: { path?: string; user?: CurrentUser | null } = {},
) {
  const queryClient = createTestQueryClient();
  if (user !== undefined) queryClient.setQueryData(USER_QUERY_KEY, user);
  const isApp = routes.some((route) => route.id === APP_ROOT_ROUTE_ID);
  // A route with its own error boundary is rendered as the root it is in the app: a page whose module fails to
  // load would otherwise fall to the wrapper's default boundary instead of its own.
  const hasBoundary = routes.some((route) => route.ErrorBoundary !== undefined);
  const guarded: RouteObject[] =
    isApp || hasBoundary
      ? routes
      : [
          {
            element: (
              <>
                {/* Its question closes at once, as the screens' own modals do in tests. */}
                <WithoutMotion>
                  <UnsavedChangesGuard />
                </WithoutMotion>
                <Outlet />
              </>
            ),
            children: routes,
          },
        ];
  const router = createMemoryRouter(guarded, {
    initialEntries: [path],
    getContext: createRouteContext(queryClient),
  });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * Renders one screen part at `/` inside the real providers, signed in as `user`, with antd's motion off
 * (`WithoutMotion`: a closing modal leaves the DOM) unless `withMotion` keeps it.
 */
export function renderAtRoot(
  element: ReactNode,
  { user, withMotion = false }: { user: CurrentUser; withMotion?: boolean },
) {
  return renderRoutes(
    [{ path: '/', element: withMotion ? element : <WithoutMotion>{element}</WithoutMotion> }],
    { user },
  );
}

/**
 * Testing Library's `setup()` for a screen part: a user-event session, started before the render as its docs ask
 * (`advanceTimers` under fake timers), and {@link renderAtRoot}'s render signed in `as` the owner unless said;
 * returns both, the session as `user`.
 */
export function setupAtRoot(
  element: ReactNode,
  {
    as = testUser,
    withMotion,
    advanceTimers,
  }: { as?: CurrentUser; withMotion?: boolean; advanceTimers?: (ms: number) => unknown } = {},
) {
  // user-event spreads its options over its defaults: an undefined `advanceTimers` would replace its own.
  const user = userEvent.setup(advanceTimers === undefined ? {} : { advanceTimers });
  return { user, ...renderAtRoot(element, { user: as, withMotion }) };
}

/**
 * {@link setupAtRoot} for routes: a user-event session and {@link renderRoutes}'s render of `routes` at `path`,
 * signed in `as` that person (null = signed out; left out, the app asks `fetch`).
 */
export function setupRoutes(
  routes: RouteObject[],
  { path, as }: { path?: string; as?: CurrentUser | null } = {},
) {
  const user = userEvent.setup();
  return { user, ...renderRoutes(routes, { path, user: as }) };
}

// One import line for a component test: the queries and events every test uses come from here,
// beside the render helpers (the "custom render" module Testing Library recommends).
export { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
export { default as userEvent, type UserEvent } from '@testing-library/user-event';
export { requestsTo } from './fetch-calls';
