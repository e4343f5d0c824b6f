import { currentUserSchema, VIEWER_READ_ONLY_MESSAGE } from '@medcalc/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fetchedPaths, jsonResponse, mockFetch, testUser } from '@/testing/test-utils';

import {
  api,
  ApiRequestError,
  configureApiClient,
  fitsKeepAlive,
  KEEPALIVE_QUOTA_BYTES,
  SIGN_OUT_GRACE_MS,
  whileSigningOut,
} from './api-client';
import {
  NETWORK_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  STORAGE_FULL_MESSAGE,
} from './http-messages';

const handlers = {
  notifySuccess: vi.fn<(message: string) => void>(),
  notifyError: vi.fn<(message: string) => void>(),
  onSessionExpired: vi.fn<() => void>(),
  navigate: vi.fn<(to: string) => void>(),
};
let restore: () => void = () => undefined;

beforeEach(() => {
  restore = configureApiClient(handlers);
  window.history.replaceState(null, '', '/orders');
});

afterEach(() => {
  restore();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

async function catchError(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error('The call did not fail');
}

describe('XSRF protection', () => {
  it('echoes the decoded XSRF-TOKEN cookie in X-XSRF-TOKEN, with credentials', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc=/+def')}; path=/`;
    const fetchSpy = mockFetch(() => jsonResponse(200, { ok: true }));

    await api.post('/api/orders/duplicate', { body: { identifier: 'ord-1' } });

    expect(fetchedPaths(fetchSpy)).toEqual(['POST /api/orders/duplicate']);
    const init = fetchSpy.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc=/+def');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ identifier: 'ord-1' }));
  });

  it('fetches /sanctum/csrf-cookie first when there is no XSRF cookie yet', async () => {
    const fetchSpy = mockFetch((call) =>
      call.path === '/sanctum/csrf-cookie' ? jsonResponse(204) : jsonResponse(200, {}),
    );

    await api.delete('/api/orders/ord-1');

    expect(fetchedPaths(fetchSpy)).toEqual([
      'GET /sanctum/csrf-cookie',
      'DELETE /api/orders/ord-1',
    ]);
    const headers = new Headers(fetchSpy.mock.calls[1]?.[1]?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('token/with=chars');
  });

  it('refreshes the cookie on request even when one exists (login, registration, password)', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const fetchSpy = mockFetch((call) =>
      call.path === '/sanctum/csrf-cookie' ? jsonResponse(204) : jsonResponse(200, {}),
    );

    await api.post('/login', { body: {}, refreshCsrf: true });

    expect(fetchedPaths(fetchSpy)).toEqual(['GET /sanctum/csrf-cookie', 'POST /login']);
    expect(new Headers(fetchSpy.mock.calls[1]?.[1]?.headers).get('X-XSRF-TOKEN')).toBe(
      'token/with=chars',
    );
  });

  it('does not ask for a cookie or send the header on GET', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(200, testUser));

    const user = await api.get('/api/user', { schema: currentUserSchema });

    expect(user).toEqual(testUser);
    expect(fetchedPaths(fetchSpy)).toEqual(['GET /api/user']);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('shares one cookie request between parallel calls', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(200, {}));

    await Promise.all([api.post('/api/a'), api.post('/api/b')]);

    expect(fetchedPaths(fetchSpy).filter((call) => call.includes('csrf-cookie'))).toHaveLength(1);
  });
});

describe('toasts (spec §8)', () => {
  it('shows a success toast for a 2xx answer carrying a message', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Збережено' }));

    await api.get('/api/orders');

    expect(handlers.notifySuccess).toHaveBeenCalledWith('Збережено');
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('shows no toast for a 2xx answer without a message', async () => {
    mockFetch(() => jsonResponse(200, [{ identifier: 'ord-1' }]));

    await api.get('/api/orders');

    expect(handlers.notifySuccess).not.toHaveBeenCalled();
  });

  it('shows an error toast and throws a typed error for an error answer with a message', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(() =>
      jsonResponse(422, { message: 'Дані містять помилки.', errors: { name: ['Вкажіть назву.'] } }),
    );

    const error = await catchError(api.post('/api/pills', { body: {} }));

    expect(error.status).toBe(422);
    expect(error.message).toBe('Дані містять помилки.');
    expect(error.errors).toEqual({ name: ['Вкажіть назву.'] });
    expect(error.firstError('name')).toBe('Вкажіть назву.');
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
    expect(handlers.notifyError).toHaveBeenCalledWith('Дані містять помилки.');
  });

  it("toasts a 403's own words (issue 22: a «Перегляд» member's write) and keeps the session", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(() => jsonResponse(403, { message: VIEWER_READ_ONLY_MESSAGE }));

    const error = await catchError(api.post('/api/change-salary', { body: { id: 1, salary: 1 } }));

    expect(error.status).toBe(403);
    expect(error.message).toBe(VIEWER_READ_ONLY_MESSAGE);
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(VIEWER_READ_ONLY_MESSAGE);
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it('does not repeat in a toast a message the form already shows under a field', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const message = 'Невірна електронна пошта або пароль.';
    mockFetch(() => jsonResponse(422, { message, errors: { email: [message] } }));

    const error = await catchError(api.post('/login', { body: {}, inlineFieldErrors: true }));

    expect(error.firstError('email')).toBe(message);
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('lets a caller turn the success toast off', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(() => jsonResponse(200, { message: 'Лист надіслано' }));

    await api.post('/password/email', { body: {}, toast: { success: false } });

    expect(handlers.notifySuccess).not.toHaveBeenCalled();
  });

  it('reports a missing server in Ukrainian and throws status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await catchError(api.get('/api/orders'));

    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(handlers.notifyError).toHaveBeenCalledWith('Сервер недоступний. Перевірте з’єднання.');
  });
});

describe('401 and 419 (spec §8)', () => {
  it.each([401, 419])('on %i clears local storage and goes to /login', async (status) => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    window.localStorage.setItem('root', '{"user":1}');
    mockFetch(() => jsonResponse(status, { message: 'Сеанс завершився. Увійдіть знову.' }));

    const error = await catchError(api.post('/api/orders/duplicate', { body: {} }));

    expect(error.status).toBe(status);
    expect(window.localStorage.getItem('root')).toBeNull();
    expect(handlers.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(handlers.navigate).toHaveBeenCalledWith('/login');
    expect(handlers.notifyError).toHaveBeenCalledWith('Сесія завершилася — увійдіть знову.');
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
  });

  it('does not redirect from a public page (no loop on /login)', async () => {
    window.history.replaceState(null, '', '/login');
    window.localStorage.setItem('root', 'x');
    mockFetch(() => jsonResponse(419, { message: 'Сторінка застаріла.' }));

    await catchError(api.get('/api/anything'));

    expect(window.localStorage.getItem('root')).toBeNull();
    expect(handlers.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(handlers.navigate).not.toHaveBeenCalled();
    // Off the guarded pages no session was known to have ended: the server's own words are shown.
    expect(handlers.notifyError).toHaveBeenCalledWith('Сторінка застаріла.');
  });

  it('leaves the session probe alone: no redirect, no toast', async () => {
    window.localStorage.setItem('root', 'x');
    mockFetch(() => jsonResponse(401, { message: 'Не автентифіковано.' }));

    const error = await catchError(
      api.get('/api/user', { redirectOnAuthError: false, quietStatuses: [401] }),
    );

    expect(error.status).toBe(401);
    expect(window.localStorage.getItem('root')).toBe('x');
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('does not treat other errors as an ended session', async () => {
    mockFetch(() => jsonResponse(403, { message: 'Доступ заборонено.' }));

    const error = await catchError(api.get('/api/administrator/orders'));

    expect(error.status).toBe(403);
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('file answers (postForBlob)', () => {
  const pdfBytes = '%PDF-1.7 test';

  it('posts JSON with the XSRF echo and answers the body as a Blob with its headers', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const disposition = "attachment; filename*=UTF-8''%D0%A2%D0%B8%D1%82%D1%83%D0%BB.pdf";
    const fetchSpy = mockFetch(
      () =>
        new Response(pdfBytes, {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition },
        }),
    );

    const answer = await api.postForBlob('/api/orders/pdf', {
      body: { file: 'title', identifier: 'ord-1' },
      accept: 'application/pdf, application/json',
    });

    expect(await answer.blob.text()).toBe(pdfBytes);
    expect(answer.blob.type).toBe('application/pdf');
    expect(answer.headers.get('Content-Disposition')).toBe(disposition);
    const init = fetchSpy.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ file: 'title', identifier: 'ord-1' }));
    expect(headers.get('X-XSRF-TOKEN')).toBe('t');
    expect(headers.get('Accept')).toBe('application/pdf, application/json');
    expect(handlers.notifySuccess).not.toHaveBeenCalled();
  });

  it('toasts and throws the JSON message of a refusal, as every call does', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(() => jsonResponse(409, { message: 'Спершу завершіть розрахунок.' }));

    const error = await catchError(
      api.postForBlob('/api/orders/pdf', { body: {}, fallbackErrorMessage: 'Не вдалося.' }),
    );

    expect(error.status).toBe(409);
    expect(error.message).toBe('Спершу завершіть розрахунок.');
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
    expect(handlers.notifyError).toHaveBeenCalledWith('Спершу завершіть розрахунок.');
  });

  it('ends the session on 401 like any other call', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(() => jsonResponse(401, { message: 'Не автентифіковано.' }));

    const error = await catchError(api.postForBlob('/api/orders/pdf', { body: {} }));

    expect(error.status).toBe(401);
    expect(handlers.navigate).toHaveBeenCalledWith('/login');
    expect(handlers.notifyError).toHaveBeenCalledWith('Сесія завершилася — увійдіть знову.');
  });
});

describe('fallbackErrorMessage', () => {
  it.each([
    ['an HTML page', new Response('<html>Bad gateway</html>', { status: 502 })],
    ['an empty body', new Response(null, { status: 500 })],
    ['JSON without a message', jsonResponse(500, { error: 'boom' })],
  ])('toasts the fallback for a failure with %s and throws it', async (_, response) => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(() => response);

    const error = await catchError(
      api.post('/api/orders/pdf', {
        body: {},
        fallbackErrorMessage: 'Не вдалося. Спробуйте ще раз.',
      }),
    );

    expect(error.status).toBe(response.status);
    expect(error.message).toBe('Не вдалося. Спробуйте ще раз.');
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
    expect(handlers.notifyError).toHaveBeenCalledWith('Не вдалося. Спробуйте ще раз.');
  });

  it('without one, a failure with no message stays silent as before', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));

    const error = await catchError(api.get('/api/orders'));

    expect(error.message).toBe('HTTP 500');
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });
});

describe('the database away or out of space (issue 21)', () => {
  const unreachable =
    'Сервіс тимчасово недоступний: немає зв’язку з базою даних. Спробуйте за хвилину.';
  const full = 'На сервері закінчилося місце для даних. Адміністратора повідомлено.';

  it.each([
    [503, unreachable],
    [507, full],
  ])('shows the server’s %i message as it is, and ends no session', async (status, message) => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    window.localStorage.setItem('root', 'x');
    mockFetch(() => jsonResponse(status, { message }));

    const error = await catchError(api.put('/api/company-info/c1', { body: { name: 'x' } }));

    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
    expect(handlers.notifyError).toHaveBeenCalledWith(message);
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('root')).toBe('x');
  });

  it.each([
    [
      503,
      new Response('<html>503 Service Unavailable</html>', { status: 503 }),
      SERVICE_UNAVAILABLE_MESSAGE,
    ],
    [502, new Response(null, { status: 502 }), SERVICE_UNAVAILABLE_MESSAGE],
    [507, new Response(null, { status: 507 }), STORAGE_FULL_MESSAGE],
  ])(
    'says what a %i without a message of the server’s means (a proxy’s own page)',
    async (status, response, message) => {
      mockFetch(() => response);

      const error = await catchError(api.get('/api/orders'));

      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
      expect(handlers.notifyError).toHaveBeenCalledWith(message);
    },
  );
});

describe('whileSigningOut', () => {
  it('takes a 401 during a sign-out as the sign-out itself: no /login, no «session ended»', async () => {
    window.localStorage.setItem('root', 'x');
    mockFetch(() => jsonResponse(401, { message: 'Не автентифіковано.' }));

    const error = await whileSigningOut(() => catchError(api.get('/api/orders')));

    expect(error.status).toBe(401);
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
    expect(handlers.notifyError).not.toHaveBeenCalled();

    // Afterwards a 401 on a guarded page is an ended session again.
    await catchError(api.get('/api/orders'));
    expect(handlers.navigate).toHaveBeenCalledWith('/login');
  });

  it('ends the grace of a sign-out that never finishes after SIGN_OUT_GRACE_MS', async () => {
    window.localStorage.setItem('root', 'x');
    mockFetch(() => jsonResponse(401, { message: 'Не автентифіковано.' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    void whileSigningOut(() => new Promise<never>(() => undefined));
    vi.advanceTimersByTime(SIGN_OUT_GRACE_MS);
    vi.useRealTimers();

    await catchError(api.get('/api/orders'));
    expect(handlers.navigate).toHaveBeenCalledWith('/login');
  });
});

describe('keep-alive requests (issue 33)', () => {
  it('sends a call asked for as keep-alive with the XSRF echo and cookies, as every call', async () => {
    document.cookie = 'XSRF-TOKEN=kept; path=/';
    const fetchSpy = mockFetch(() => jsonResponse(200, {}));

    await api.post('/api/change-salary', { body: { id: 1, salary: 100 }, keepalive: true });

    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.keepalive).toBe(true);
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('kept');
  });

  it('sends a body over the browser’s quota as an ordinary request, and says it does not fit', async () => {
    document.cookie = 'XSRF-TOKEN=kept; path=/';
    const fetchSpy = mockFetch(() => jsonResponse(200, {}));
    const large = { text: 'ґ'.repeat(KEEPALIVE_QUOTA_BYTES / 2) };

    expect(fitsKeepAlive({ text: 'ґ' })).toBe(true);
    expect(fitsKeepAlive(large)).toBe(false);
    await api.post('/api/calculations/save', { body: large, keepalive: true });

    expect(fetchSpy.mock.calls[0]?.[1]?.keepalive).toBeUndefined();
  });

  it('counts the keep-alive bodies still in flight against the quota', async () => {
    document.cookie = 'XSRF-TOKEN=kept; path=/';
    let answer: (response: Response) => void = () => undefined;
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const half = { text: 'a'.repeat(KEEPALIVE_QUOTA_BYTES / 2) };

    const first = api.post('/api/calculations/save', { body: half, keepalive: true });
    expect(fitsKeepAlive(half)).toBe(false);
    answer(jsonResponse(200, {}));
    await first;
    expect(fitsKeepAlive(half)).toBe(true);
  });
});
