import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useNavigation, type RouteObject } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { api, configureApiClient } from './api-client';
import { ProtectedRoute, readRedirectTarget, useLogout, USER_QUERY_KEY } from './auth';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Shows the router's navigation state as React has committed it. */
function NavigationProbe() {
  return <span data-testid="navigation">{useNavigation().state}</span>;
}

function LoginProbe() {
  const location = useLocation();
  return <p>Сторінка входу, повернення: {readRedirectTarget(location.state) ?? 'немає'}</p>;
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  {
    path: '/orders',
    element: (
      <ProtectedRoute>
        <p>Захищений вміст</p>
      </ProtectedRoute>
    ),
  },
];

describe('ProtectedRoute (login guard, spec §2)', () => {
  it('shows the page’s skeleton while the session is being checked (issue 23)', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));

    renderRoutes(routes, { path: '/orders?page=2' });

    expect(
      await screen.findByRole('status', { name: 'Завантаження сторінки…' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Захищений вміст')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering the page', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(401, { message: 'Не автентифіковано.' }));

    const { router } = renderRoutes(routes, { path: '/orders?page=2' });

    expect(await screen.findByText(/Сторінка входу/)).toHaveTextContent(
      'Сторінка входу, повернення: /orders?page=2',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Захищений вміст')).not.toBeInTheDocument();
    // The probe's 401 only means "signed out": no toast.
    expect(screen.queryByText('Не автентифіковано.')).not.toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('after a session ends while another page is loading, returns to the page being opened', async () => {
    mockFetch(() => jsonResponse(204));
    let finishLoading = () => undefined as void;
    const guarded = (text: string) => (
      <ProtectedRoute>
        <p>{text}</p>
      </ProtectedRoute>
    );
    const { router, queryClient } = renderRoutes(
      [
        { path: '/login', element: <LoginProbe /> },
        {
          path: '/orders',
          element: (
            <>
              <NavigationProbe />
              {guarded('Захищений вміст')}
            </>
          ),
        },
        {
          path: '/pills',
          element: guarded('Матеріали'),
          // The page's prefetch meets the 401: the user is forgotten while the router is still on /orders. As
          // with a real request, the answer arrives after React has rendered the navigation as under way.
          loader: async () => {
            await waitFor(() =>
              expect(screen.getByTestId('navigation')).toHaveTextContent('loading'),
            );
            queryClient.setQueryData(USER_QUERY_KEY, null);
            return new Promise<null>((resolve) => {
              finishLoading = () => resolve(null);
            });
          },
        },
      ],
      { path: '/orders', user: testUser },
    );
    await screen.findByText('Захищений вміст');

    void router.navigate('/pills?page=3');

    expect(await screen.findByText(/Сторінка входу/)).toHaveTextContent(
      'Сторінка входу, повернення: /pills?page=3',
    );
    finishLoading();
  });

  it('renders the page for a signed-in user', async () => {
    mockFetch((call) =>
      call.path === '/api/user' ? jsonResponse(200, testUser) : jsonResponse(404),
    );

    const { router } = renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByText('Захищений вміст')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('offers a retry when the session cannot be checked', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Внутрішня помилка сервера.' }));

    renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByText('Не вдалося перевірити вхід')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeInTheDocument();
  });

  it('says that the database is away when the session check answers 503, and sends no one to /login', async () => {
    const message =
      'Сервіс тимчасово недоступний: немає зв’язку з базою даних. Спробуйте за хвилину.';
    mockFetch(() => jsonResponse(503, { message }));

    const { router } = renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByText('Не вдалося перевірити вхід')).toBeInTheDocument();
    // The page says it (and so does the toast): the server's words, not «the session ended».
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.queryByText('Сесія завершилася — увійдіть знову.')).not.toBeInTheDocument();
  });
});

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      Вийти
    </button>
  );
}

/** Signed in on the guarded /orders showing `page`, with the login page and `landing` at /. */
const renderSignedInOrders = (page: ReactNode, landing: Pick<RouteObject, 'element' | 'loader'>) =>
  renderRoutes(
    [
      { ...landing, path: '/' },
      { path: '/login', element: <LoginProbe /> },
      { path: '/orders', element: <ProtectedRoute>{page}</ProtectedRoute> },
    ],
    { path: '/orders', user: testUser },
  );

describe('useLogout (spec §4; issue 21: logout ends on the landing page every time)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('ends on / when a read of the page being left answers 401 while the landing page loads', async () => {
    // The address the api client reads to tell a guarded page (the browser's, which the memory router leaves).
    window.history.replaceState(null, '', '/orders');
    let answerRead: (response: Response) => void = () => undefined;
    mockFetch((call) => {
      if (call.path === '/logout') return jsonResponse(200, { message: 'Ви вийшли з системи.' });
      if (call.path === '/api/orders') {
        return new Promise<Response>((resolve) => {
          answerRead = resolve;
        });
      }
      return jsonResponse(404);
    });
    let openLanding: () => void = () => undefined;
    function OrdersPage() {
      useQuery({ queryKey: ['orders'], queryFn: () => api.get('/api/orders') });
      return <LogoutButton />;
    }
    const { router, queryClient } = renderSignedInOrders(<OrdersPage />, {
      element: <p>Головна сторінка</p>,
      loader: () =>
        new Promise<null>((resolve) => {
          openLanding = () => resolve(null);
        }),
    });
    // As the app wires the client (app/router.tsx).
    const restore = configureApiClient({
      onSessionExpired: () => queryClient.setQueryData(USER_QUERY_KEY, null),
      navigate: (to) => void router.navigate(to, { replace: true }),
    });
    try {
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Вийти' }));
      await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/'));

      // The orders read, sent before the sign-out, is answered after the server ended the session.
      answerRead(jsonResponse(401, { message: 'Не автентифіковано.' }));
      await waitFor(() => expect(queryClient.getQueryState(['orders'])?.status).toBe('error'));
      openLanding();

      expect(await screen.findByText('Головна сторінка')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
      expect(screen.queryByText('Сесія завершилася — увійдіть знову.')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('useLogout while React still shows the page being left (issue 39)', () => {
  it('ends on / when the user is cleared before the landing page is rendered', async () => {
    mockFetch((call) =>
      call.path === '/logout'
        ? jsonResponse(200, { message: 'Ви вийшли з системи.' })
        : jsonResponse(404),
    );
    // The landing page suspends: the router is on / while React keeps the orders page on screen, as a slow
    // transition does in a browser; clearing the user then renders the orders page's guard once more.
    let showLanding: () => void = () => undefined;
    const landingReady = new Promise<void>((resolve) => {
      showLanding = resolve;
    });
    let isLandingReady = false;
    void landingReady.then(() => {
      isLandingReady = true;
    });
    function Landing() {
      if (!isLandingReady) throw landingReady;
      return <p>Головна сторінка</p>;
    }
    const { router, queryClient } = renderSignedInOrders(<LogoutButton />, {
      element: <Landing />,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Вийти' }));
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull());
    // The orders page's guard rendered with no user while the router was already on /.
    expect(router.state.location.pathname).toBe('/');
    showLanding();

    expect(await screen.findByText('Головна сторінка')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/Сторінка входу/)).not.toBeInTheDocument();
  });
});

describe('readRedirectTarget', () => {
  it('accepts only paths inside the app', () => {
    expect(readRedirectTarget({ from: '/orders?page=2' })).toBe('/orders?page=2');
    expect(readRedirectTarget({ from: '//evil.example' })).toBeUndefined();
    expect(readRedirectTarget({ from: 'https://evil.example' })).toBeUndefined();
    expect(readRedirectTarget(null)).toBeUndefined();
    expect(readRedirectTarget('/orders')).toBeUndefined();
  });
});
