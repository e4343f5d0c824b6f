import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiRequestError } from '@/lib/api-client';
import { jsonResponse, mockFetch, renderRoutes, screen, testUser } from '@/testing/test-utils';

import { isServerUnreachableError, RouteError } from './route-error';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFailingPage(error: unknown) {
  mockFetch(() => jsonResponse(204));
  return renderRoutes(
    [
      {
        path: '/pills',
        ErrorBoundary: RouteError,
        lazy: () => Promise.reject(error),
      },
    ],
    { path: '/pills', user: testUser },
  );
}

describe('RouteError', () => {
  it('says the server is unreachable when the page chunk cannot be loaded, with a retry', async () => {
    renderFailingPage(
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/pills-1a2b.js',
      ),
    );

    expect(await screen.findByText('Сервер недоступний. Перевірте з’єднання.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeInTheDocument();
    expect(screen.queryByText('Щось пішло не так')).not.toBeInTheDocument();
  });

  it('keeps the generic message for other failures', async () => {
    renderFailingPage(new Error('Cannot read properties of undefined'));

    expect(await screen.findByText('Щось пішло не так')).toBeInTheDocument();
    expect(screen.queryByText('Сервер недоступний. Перевірте з’єднання.')).not.toBeInTheDocument();
  });
});

describe('isServerUnreachableError', () => {
  it('recognises the browsers’ chunk failures and a prefetch without an answer', () => {
    expect(
      isServerUnreachableError(new TypeError('error loading dynamically imported module')),
    ).toBe(true);
    expect(isServerUnreachableError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isServerUnreachableError(new ApiRequestError(0, 'Сервер недоступний.'))).toBe(true);
    expect(isServerUnreachableError(new ApiRequestError(500, 'Помилка сервера.'))).toBe(false);
    expect(isServerUnreachableError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
